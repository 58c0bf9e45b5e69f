// Cooperative turns for long work on the main thread. A call that has held the thread for SLICE_MS since
// its last turn parks at its next phase boundary: it gives the event loop turns while any other request
// is in flight and not itself parked (up to MAX_PARK_MS), so a light request that arrives meanwhile is
// read, run and answered in between instead of waiting behind every phase. Small calls never park.

/** Main-thread time a call may hold before its next phase boundary parks it (ms). */
export const SLICE_MS = 8;
/** Longest a call stays parked at one boundary while others are in flight (ms). */
export const MAX_PARK_MS = 25;

/** Requests a transport has started and not yet answered, and calls parked at a boundary. */
let inFlight = 0;
let parked = 0;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A transport's request begins; the function returned ends it (once, however often it is called). */
export function requestStarted(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
  };
}

export class Turns {
  private last = performance.now();

  /** At a phase boundary: parks this call if it has run a slice since its last turn (else no promise is made). */
  boundary(): Promise<void> | undefined {
    const start = performance.now();
    return start - this.last < SLICE_MS ? undefined : this.park(start);
  }

  private async park(start: number): Promise<void> {
    parked++;
    try {
      await turn();
      while (inFlight - parked > 0 && performance.now() - start < MAX_PARK_MS) await turn();
    } finally {
      parked--;
      this.last = performance.now();
    }
  }
}
