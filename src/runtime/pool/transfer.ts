// The ArrayBuffers a pooled call can move to its worker instead of copying: those behind the typed
// arrays of decoded inputs, which the runtime owns (a caller's own arrays are never detached).

/** How deep the walk looks: input -> series/frame -> columns/values -> column. */
const MAX_DEPTH = 4;

/** A typed array that owns its whole buffer (not a view into a larger or pooled one). */
function wholeBuffer(v: ArrayBufferView): ArrayBuffer | null {
  if (!(v.buffer instanceof ArrayBuffer) || Buffer.isBuffer(v)) return null;
  return v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.byteLength > 0 ? v.buffer : null;
}

/** Buffers behind the typed arrays in `inputs`, each once; moving them detaches them on this thread. */
export function transferableBuffers(inputs: Readonly<Record<string, unknown>>): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const walk = (x: unknown, depth: number): void => {
    if (x === null || typeof x !== "object" || depth > MAX_DEPTH) return;
    if (ArrayBuffer.isView(x)) {
      const b = wholeBuffer(x);
      if (b) found.add(b);
      return;
    }
    if (Array.isArray(x)) {
      // Arrays of numbers hold no buffers; only look inside arrays of objects (columns, rows).
      if (x.length > 0 && typeof x[0] === "object") for (const v of x) walk(v, depth + 1);
      return;
    }
    if (Object.getPrototypeOf(x) !== Object.prototype && Object.getPrototypeOf(x) !== null) return;
    for (const v of Object.values(x)) walk(v, depth + 1);
  };
  for (const v of Object.values(inputs)) walk(v, 0);
  return [...found];
}
