// The byte shuffle of kept returns (docs/ledger.md, "Returns kept"): byte plane p holds byte p of every
// little-endian double, so the sign and exponent bytes sit together and deflate better.

/** Byte plane p of the output holds byte p of every double (read as two 32-bit words per double). */
export function shuffle(bytes: Uint8Array): Uint8Array {
  const n = bytes.length / 8;
  const out = new Uint8Array(bytes.length);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, 2 * n);
  for (let i = 0; i < n; i++) {
    const lo = words[2 * i]!;
    const hi = words[2 * i + 1]!;
    out[i] = lo;
    out[n + i] = lo >>> 8;
    out[2 * n + i] = lo >>> 16;
    out[3 * n + i] = lo >>> 24;
    out[4 * n + i] = hi;
    out[5 * n + i] = hi >>> 8;
    out[6 * n + i] = hi >>> 16;
    out[7 * n + i] = hi >>> 24;
  }
  return out;
}

/** The inverse of shuffle, written as two 32-bit words per double into `words` (2 x doubles long). */
export function unshuffleInto(bytes: Uint8Array, words: Uint32Array): void {
  const n = bytes.length / 8;
  for (let i = 0; i < n; i++) {
    words[2 * i] = bytes[i]! | (bytes[n + i]! << 8) | (bytes[2 * n + i]! << 16) | (bytes[3 * n + i]! << 24);
    words[2 * i + 1] =
      bytes[4 * n + i]! | (bytes[5 * n + i]! << 8) | (bytes[6 * n + i]! << 16) | (bytes[7 * n + i]! << 24);
  }
}
