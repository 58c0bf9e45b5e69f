// How many bytes a file reader's next piece should be, from how long its last one took: a parser still
// cold (interpreted: its first pieces run up to 10x slower) or slow on its format (quoted CSV) gets small
// pieces, a warm fast one grows back to the largest, so no piece holds the main thread much past PIECE_MS.

/** Main-thread time one piece should take (ms). */
export const PIECE_MS = 3;
/** The smallest piece: where a file's reading starts. */
export const MIN_PIECE_BYTES = 8_192;

export class PiecePace {
  private bytes = MIN_PIECE_BYTES;
  /** `max`: the largest piece (bytes). */
  constructor(private readonly max: number) {}

  /** The size of the next piece (bytes). */
  get next(): number {
    return this.bytes;
  }

  /** A piece of `bytes` took `ms`: the next is sized to take about PIECE_MS at that pace. */
  took(bytes: number, ms: number): void {
    const fit = Math.floor((bytes * PIECE_MS) / Math.max(ms, 0.01));
    this.bytes = Math.min(this.max, Math.max(MIN_PIECE_BYTES, fit));
  }
}
