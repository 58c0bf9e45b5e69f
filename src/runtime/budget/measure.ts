// Sizes of decoded or live guard inputs, for cost estimates: rows, columns, cells. Each accepts
// anything (a missing or malformed input measures 0; the guard reports it). Typed arrays (decoded
// numeric columns) count like arrays.

/** An array or a typed array (not a DataView). */
function isList(x: unknown): x is ArrayLike<unknown> {
  return Array.isArray(x) || (ArrayBuffer.isView(x) && !(x instanceof DataView));
}

/** Rows of a frame, values of a series, length of an array, keys of a record; else 0. */
export function rowsOf(x: unknown): number {
  if (isList(x)) return x.length;
  if (x === null || typeof x !== "object") return 0;
  const o = x as { nrows?: unknown; values?: unknown; data?: unknown; columns?: unknown };
  if (typeof o.nrows === "number") return o.nrows;
  if (isList(o.values)) return o.values.length;
  // A frame payload before decoding: rows of cells, or columns of cells.
  if (Array.isArray(o.columns) && Array.isArray(o.data)) return o.data.length;
  if (Array.isArray(o.columns) && o.data !== null && typeof o.data === "object") {
    const first = Object.values(o.data)[0];
    return isList(first) ? first.length : 0;
  }
  return Object.keys(x).length;
}

/** Columns of a frame, or the length of the first row of an array of rows; else 1. */
export function colsOf(x: unknown): number {
  if (Array.isArray(x)) return Array.isArray(x[0]) ? x[0].length : 1;
  if (x === null || typeof x !== "object") return 1;
  const cols = (x as { columns?: unknown }).columns;
  return Array.isArray(cols) ? cols.length : 1;
}

/** Values held: cells of a frame, values of a series, nested array lengths, record values. */
export function cellsOf(x: unknown, depth = 0): number {
  if (x === null || typeof x !== "object") return 1;
  if (depth > 3) return 1;
  if (ArrayBuffer.isView(x)) return isList(x) ? x.length : 1;
  if (Array.isArray(x)) {
    // An indexed loop: a cold for-of over a million values costs several times more before it is optimised.
    let n = 0;
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      n += v !== null && typeof v === "object" ? cellsOf(v, depth + 1) : 1;
    }
    return n;
  }
  const o = x as { nrows?: unknown; columns?: unknown; values?: unknown };
  if (Array.isArray(o.columns)) return rowsOf(x) * Math.max(1, o.columns.length);
  if (isList(o.values)) return o.values.length;
  let n = 0;
  for (const v of Object.values(x)) n += cellsOf(v, depth + 1);
  return n;
}

/** Cells over every input. */
export function totalCells(inputs: Readonly<Record<string, unknown>>): number {
  let n = 0;
  for (const v of Object.values(inputs)) n += v === undefined ? 0 : cellsOf(v);
  return n;
}

/** binomial(n, k) as a float (exact for the small n the guards allow); Infinity once it overflows. */
export function choose(n: number, k: number): number {
  if (!(k >= 0 && k <= n)) return 0;
  let c = 1;
  const m = Math.min(k, n - k);
  // Bounded: C(n, m) with m > 1100 and n >= 2m is above 1e308 anyway.
  for (let i = 1; i <= m && c < Number.POSITIVE_INFINITY; i++) c = (c * (n - m + i)) / i;
  return c;
}
