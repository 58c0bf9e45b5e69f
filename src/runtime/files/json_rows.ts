// Rows of a JSON or NDJSON file counted from its bytes before it is parsed (#33): the elements of a
// top-level array (records or values), or the lines holding a record. One pass, nothing allocated.

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Lines of NDJSON bytes with anything but white space on them. */
function ndjsonRows(b: Uint8Array): number {
  let rows = 0;
  let filled = false;
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x0a) {
      if (filled) rows += 1;
      filled = false;
    } else if (!SPACE.has(c)) filled = true;
  }
  return filled ? rows + 1 : rows;
}

/** Elements of a top-level JSON array (0 when the document is not one): commas at depth 1, outside strings. */
function arrayRows(b: Uint8Array): number {
  let i = 0;
  while (i < b.length && SPACE.has(b[i]!)) i++;
  if (b[i] !== 0x5b) return 0;
  let depth = 0;
  let commas = 0;
  let any = false;
  for (; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x22) {
      // a string: skip to its closing quote, over escapes
      for (i++; i < b.length && b[i] !== 0x22; i++) if (b[i] === 0x5c) i++;
      any ||= depth === 1;
    } else if (c === 0x5b || c === 0x7b) {
      any ||= depth === 1;
      depth++;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (depth === 1 && c === 0x2c) commas++;
    else if (depth === 1 && !SPACE.has(c)) any = true;
    if (depth === 0) break;
  }
  return any ? commas + 1 : 0;
}

/** The rows a JSON (top-level array) or NDJSON file holds at least, from its bytes. */
export function jsonRowsAtLeast(bytes: Uint8Array, ndjson: boolean): number {
  return ndjson ? ndjsonRows(bytes) : arrayRows(bytes);
}
