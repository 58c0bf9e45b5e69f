// Parquet's run-length / bit-packed hybrid streams (definition levels, dictionary indices) walked
// before hyparquet decodes them. It writes a run-length run whole, whatever its output's length,
// so one damaged run header could grow a list past what V8 holds, which ends the process.
import { readVarInt } from "hyparquet/src/thrift.js";

/**
 * Throws unless each run-length run of the hybrid stream at `from` fits in the `values` values
 * hyparquet makes room for (a bit-packed run it cuts to fit itself). The header arithmetic is
 * hyparquet's own (its varint, read as a 32-bit integer).
 */
export function checkRuns(view: DataView, from: number, width: number, values: number): void {
  const reader = { view, offset: from };
  let seen = 0;
  while (seen < values) {
    const header = readVarInt(reader);
    if (header & 1) {
      const count = (header >> 1) << 3;
      if (count < 0) return; // hyparquet reads on until the page ends, and throws there
      seen = Math.min(values, seen + count);
      reader.offset += (header >> 1) * width;
    } else {
      const count = header >>> 1;
      if (seen + count > values) throw new Error(`a run of ${count} values where ${values - seen} remain`);
      seen += count;
      reader.offset += (width + 7) >> 3;
    }
    if (reader.offset > view.byteLength) return; // hyparquet throws there too
  }
}

/** Bits of a level of at most `max` (hyparquet's width for it). */
const levelWidth = (max: number): number => 32 - Math.clz32(max);

const HYBRID = new Set(["PLAIN_DICTIONARY", "RLE_DICTIONARY", "RLE"]);
/** True for the encodings whose values are a hybrid stream: dictionary indices, or (V2) "RLE" bits. */
export const hasHybridValues = (encoding: string): boolean => HYBRID.has(encoding);

/**
 * The values of a page from `at`, when they are a hybrid stream: dictionary indices (a bit width
 * byte, then the stream); in a V2 page, "RLE" values are one bit wide after a 4-byte length.
 */
export function checkIndices(view: DataView, at: number, encoding: string, values: number, v2: boolean): void {
  if (v2 && encoding === "RLE") checkRuns(view, at + 4, 1, values);
  else if (hasHybridValues(encoding) && view.getUint8(at) > 0) checkRuns(view, at + 1, view.getUint8(at), values);
}

const viewOf = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** A decompressed V1 data page of a flat column: its definition levels (length-prefixed), then its indices. */
export function checkPageV1(page: Uint8Array, encoding: string, values: number, maxDef: number): void {
  const view = viewOf(page);
  let at = 0;
  if (maxDef > 0) {
    checkRuns(view, 4, levelWidth(maxDef), values);
    at = 4 + view.getUint32(0, true);
  }
  checkIndices(view, at, encoding, values, false);
}

/** A V2 data page's definition levels, kept uncompressed at `from` (after its repetition levels). */
export function checkLevelsV2(bytes: Uint8Array, from: number, values: number, maxDef: number): void {
  if (maxDef > 0) checkRuns(viewOf(bytes), from, levelWidth(maxDef), values);
}
