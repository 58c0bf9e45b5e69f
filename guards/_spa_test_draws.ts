// The SPA bootstrap's index draws in WebAssembly (_spa_test_draws_wasm.ts): StationaryBootstrap.nextRuns
// (src/lib/bootstrap.ts) on the same MT19937 stream, each resample's runs written straight into a chunk's
// lists of row pairs and single rows (RunSums.draw), without a JS loop per draw or per run.
import { Mt19937 } from "../src/lib/prng.js";
import { INDEX_AT, type Resample, resampleOver, SINGLES_AT, STATE_BYTES } from "./_spa_test_draws_wasm.js";
import type { WasmMemory } from "./_wasm_asm.js";

export { STATE_BYTES };

/**
 * Steps of the draw loop in this process: n per resample (a word per row after the first, a position for the
 * first) and one per run written. The operation-count tests add it to V8's coverage counts, which do not see
 * inside WebAssembly.
 */
export const drawSteps = { count: 0 };

/** Stationary-bootstrap resamples of rows 0..n-1 with mean block length 1/q on MT19937 from `seed`. */
export class RunDraws {
  private readonly resample: Resample;
  /** The generator's state words; the last resample's count of one-row runs at SINGLES_AT. */
  private readonly state: Uint32Array;
  /** Words at or below this are kept by a position draw: 2^32 - (2^32 mod n) - 1, as Mt19937.nextInt(n). */
  private readonly maxOk: number;
  /** A restart when a word is below q 2^32 (u = x / 2^32 < q exactly then). */
  private readonly below: number;

  /** The generator's state lives at byte `stateAt` of `memory` (STATE_BYTES, 4-aligned). */
  constructor(
    memory: WasmMemory,
    private readonly stateAt: number,
    readonly n: number,
    q: number,
    seed: number,
  ) {
    const state = new Uint32Array(memory.buffer, stateAt, STATE_BYTES / 4);
    state[INDEX_AT / 4] = new Mt19937(seed).stateInto(state.subarray(0, INDEX_AT / 4));
    this.state = state;
    this.maxOk = (4294967296 - (4294967296 % n) - 1) | 0;
    this.below = q * 4294967296;
    this.resample = resampleOver(memory);
  }

  /**
   * Draws one resample: its runs of two rows or more as row pairs at byte `pairsAt`, its one-row runs as rows
   * at byte `singlesAt` (each list with room for one entry past its last); returns the pair count (`singles`
   * then gives the count of rows).
   */
  next(pairsAt: number, singlesAt: number): number {
    const pairs = this.resample(this.stateAt, this.n, this.below, this.maxOk, pairsAt, singlesAt);
    drawSteps.count += this.n + pairs + this.singles;
    return pairs;
  }

  /** One-row runs of the last resample drawn. */
  get singles(): number {
    return this.state[SINGLES_AT / 4]!;
  }
}
