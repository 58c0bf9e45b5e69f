// The SPA bootstrap's index draws in WebAssembly (_spa_test_draws_wasm.ts): StationaryBootstrap.nextRuns
// (src/lib/bootstrap.ts) on the same MT19937 stream, each resample's runs written straight into a chunk of
// run pairs (RunSums.draw), without a JS loop per draw or per run.
import { Mt19937 } from "../src/lib/prng.js";
import { INDEX_AT, type Resample, resampleOver, STATE_BYTES } from "./_spa_test_draws_wasm.js";
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
    this.maxOk = (4294967296 - (4294967296 % n) - 1) | 0;
    this.below = q * 4294967296;
    this.resample = resampleOver(memory);
  }

  /** Draws one resample, its runs' row pairs written at byte `pairsAt`; returns the number of runs. */
  next(pairsAt: number): number {
    const runs = this.resample(this.stateAt, this.n, this.below, this.maxOk, pairsAt);
    drawSteps.count += this.n + runs;
    return runs;
  }
}
