// The SPA bootstrap's index draws in WebAssembly (_spa_test_draws_wasm.ts): StationaryBootstrap.nextRuns
// (src/lib/bootstrap.ts) on the same MT19937 stream, each resample's runs written straight into a chunk's
// lists of row pairs and single rows (RunSums.draw), without a JS loop per draw or per run.
import { Mt19937 } from "../src/lib/prng.js";
import { INDEX_AT, type Resample, resamplesOver, SINGLES_AT, STATE_BYTES } from "./_spa_test_draws_wasm.js";
import { type Segments, segmentsOver } from "./_spa_test_segments_wasm.js";
import type { WasmMemory } from "./_wasm_asm.js";

/** Bytes of the draws' memory at n positions: the generator's state, then n + 1 marks and n + 2 stack entries. */
export const drawsBytes = (n: number): number => STATE_BYTES + 4 * (n + 1) + 4 * (n + 2);

/**
 * Steps of the draw loop in this process: n per resample (a word per row after the first, a position for the
 * first) and one per run drawn, and when runs are merged n + 1 per resample (the marks read) and one per
 * stretch written. The operation-count tests add it to V8's coverage counts, which do not see inside
 * WebAssembly.
 */
export const drawSteps = { count: 0 };

/**
 * Stationary-bootstrap resamples of rows 0..n-1 with mean block length 1/q on MT19937 from `seed`, each
 * written as its runs or, with `merge`, as the fewest stretches that add up to it (_spa_test_segments_wasm.ts).
 */
export class RunDraws {
  private readonly lists: Resample;
  private readonly marks: Resample;
  /** The merge pass, instantiated only for draws that merge. */
  private readonly segments: Segments | null;
  /** Words at or below this are kept by a position draw: 2^32 - (2^32 mod n) - 1, as Mt19937.nextInt(n). */
  private readonly maxOk: number;
  /** A restart when a word is below q 2^32 (u = x / 2^32 < q exactly then). */
  private readonly below: number;
  /** Where the marks and the stack of open stretches lie (after the generator's state). */
  private readonly marksAt: number;
  private readonly stackAt: number;
  /** The memory's words: the last resample's count of single rows at `singlesWord`. */
  private readonly words: Uint32Array;
  private readonly singlesWord: number;

  /** The draws' memory lies at byte `stateAt` of `memory` (drawsBytes(n), 4-aligned; its marks all 0). */
  constructor(
    memory: WasmMemory,
    private readonly stateAt: number,
    readonly n: number,
    q: number,
    seed: number,
    merge = false,
  ) {
    const state = new Uint32Array(memory.buffer, stateAt, STATE_BYTES / 4);
    state[INDEX_AT / 4] = new Mt19937(seed).stateInto(state.subarray(0, INDEX_AT / 4));
    this.maxOk = (4294967296 - (4294967296 % n) - 1) | 0;
    this.below = q * 4294967296;
    ({ lists: this.lists, marks: this.marks } = resamplesOver(memory));
    this.segments = merge ? segmentsOver(memory) : null;
    this.marksAt = stateAt + STATE_BYTES;
    this.stackAt = this.marksAt + 4 * (n + 1);
    this.words = new Uint32Array(memory.buffer);
    this.singlesWord = (merge ? this.stackAt : stateAt + SINGLES_AT) / 4;
  }

  /**
   * Draws one resample: its runs (or stretches) of two rows or more as row pairs at byte `pairsAt`, its one-row
   * ones as rows at byte `singlesAt` (each list with room for one entry past its last); returns the pair count
   * (`singles` then gives the count of rows).
   */
  next(pairsAt: number, singlesAt: number): number {
    const { stateAt, n, below, maxOk } = this;
    if (this.segments === null) {
      const pairs = this.lists(stateAt, n, below, maxOk, pairsAt, singlesAt);
      drawSteps.count += n + pairs + this.singles;
      return pairs;
    }
    const runs = this.marks(stateAt, n, below, maxOk, this.marksAt, 0);
    const pairs = this.segments(this.marksAt, this.stackAt, n, pairsAt, singlesAt);
    drawSteps.count += n + runs + n + 1 + pairs + this.singles;
    return pairs;
  }

  /** One-row runs (or stretches) of the last resample drawn. */
  get singles(): number {
    return this.words[this.singlesWord]!;
  }
}
