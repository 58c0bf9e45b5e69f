// Long arrays of numbers cross to a pool worker as Float64Arrays moved with the task, not cloned: a
// structured clone of a JS array of doubles arrives as one heap object per number (about three times
// the bytes, and slower to read). The worker turns each back into an array before the guard sees it.

/** Arrays shorter than this are cloned as they are (packing them saves nothing worth the walk). */
export const PACK_MIN_LENGTH = 1024;
/** How deep the walk looks: input -> series/frame -> values/data -> column. */
const MAX_DEPTH = 4;

/** Where a packed array sat: input name, then member names. */
export type PackedPath = readonly string[];

export interface Packed {
  /** The inputs with each packed array replaced by its Float64Array (the caller's objects are not changed). */
  readonly inputs: Record<string, unknown>;
  readonly paths: PackedPath[];
  /** The packed arrays' buffers, to move with the task. */
  readonly buffers: ArrayBuffer[];
}

function allNumbers(a: readonly unknown[]): boolean {
  for (let i = 0; i < a.length; i++) if (typeof a[i] !== "number") return false;
  return true;
}

const isPlainObject = (x: object) => Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null;

/** Replaces long all-number arrays in `inputs` by Float64Arrays (copies, so nothing of the caller's is detached). */
export function packNumberArrays(inputs: Readonly<Record<string, unknown>>): Packed {
  const paths: PackedPath[] = [];
  const buffers: ArrayBuffer[] = [];
  const walk = (x: unknown, path: string[]): unknown => {
    if (x === null || typeof x !== "object" || path.length > MAX_DEPTH) return x;
    if (Array.isArray(x)) {
      if (x.length < PACK_MIN_LENGTH || !allNumbers(x)) return x;
      const packed = Float64Array.from(x as number[]);
      paths.push(path);
      buffers.push(packed.buffer);
      return packed;
    }
    if (!isPlainObject(x)) return x;
    let copy: Record<string, unknown> | null = null;
    for (const [k, v] of Object.entries(x)) {
      const w = walk(v, [...path, k]);
      if (w !== v) (copy ??= { ...(x as Record<string, unknown>) })[k] = w;
    }
    return copy ?? x;
  };
  const out = walk(inputs, []) as Record<string, unknown>;
  return { inputs: out, paths, buffers };
}

/** An array of the Float64Array's numbers (one allocation, elements stored unboxed). */
function toNumbers(f: Float64Array): number[] {
  const a = new Array<number>(f.length);
  for (let i = 0; i < f.length; i++) a[i] = f[i]!;
  return a;
}

/** Undoes packNumberArrays in the worker, in place (the inputs are the worker's own clone). */
export function unpackNumberArrays(inputs: Record<string, unknown>, paths: readonly PackedPath[]): void {
  for (const path of paths) {
    let parent = inputs;
    for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
    const last = path[path.length - 1]!;
    parent[last] = toNumbers(parent[last] as Float64Array);
  }
}
