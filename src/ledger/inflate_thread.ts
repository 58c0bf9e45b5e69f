// One helper thread that inflates kept returns while this thread inflates others (keptFrom in returns.ts):
// its own pool of one thread, started on first use, stopped after 30 s idle. The series are shared out in
// chunks: this thread takes them from the front, the helper from the back, so neither waits for the other
// (a helper still starting takes fewer). A chunk's compressed series are copied into one buffer that moves to
// the helper; their doubles come back as one buffer, moved, not cloned.
import { helperThread } from "../lib/helper_thread.js";

/** Compressed series back to back in `packed` (series i ends at ends[i]), each holding points[i] doubles. */
export interface InflateTask {
  readonly packed: ArrayBuffer;
  readonly ends: readonly number[];
  readonly points: readonly number[];
}

const thread = helperThread("inflate_worker", import.meta.url);

/** An inflate output chunk that holds `points` doubles whole (with room for zlib to see the stream end). */
export const outputChunk = (points: number) => 8 * points + 64;

/** Series per chunk (about 4 MB compressed at 2,520 points: tens of ms between two yields of this thread). */
const CHUNK = 256;

/**
 * The values of each compressed series (`points[i]` doubles each): `here` inflates chunks from the front on
 * this thread (yielding between two), the helper thread chunks from the back (two queued, so it never idles).
 * When the helper fails, this thread inflates what it had taken and the rest.
 */
export async function inflateShared(
  series: readonly Uint8Array[],
  points: readonly number[],
  here: (s: Uint8Array, points: number) => Float64Array,
): Promise<Float64Array[]> {
  const out = new Array<Float64Array>(series.length);
  let front = 0;
  let back = series.length;
  let helping = true;
  const helper = async () => {
    while (helping && back > front) {
      const from = Math.max(front, back - CHUNK);
      const to = back;
      back = from;
      let values: Float64Array[];
      try {
        values = await inflateOffThread(series.slice(from, to), points.slice(from, to));
      } catch {
        // A helper that failed (it could not start, or a series inflates to another size than its points):
        // its chunk and those after it are inflated here, as without a helper.
        helping = false;
        values = series.slice(from, to).map((s, i) => here(s, points[from + i]!));
      }
      values.forEach((v, i) => {
        out[from + i] = v;
      });
    }
  };
  const away = Promise.all([helper(), helper()]);
  // Awaited below; this handle keeps a failure (a series that inflates nowhere) from going unhandled meanwhile.
  away.catch(() => undefined);
  while (front < back) {
    const to = Math.min(back, front + CHUNK);
    for (let i = front; i < to; i++) out[i] = here(series[i]!, points[i]!);
    front = to;
    await new Promise(setImmediate);
  }
  await away;
  return out;
}

/** The values of each compressed series (`points[i]` doubles each), inflated on the helper thread. */
export async function inflateOffThread(
  series: readonly Uint8Array[],
  points: readonly number[],
): Promise<Float64Array[]> {
  const packed = new Uint8Array(series.reduce((a, s) => a + s.byteLength, 0));
  const ends: number[] = [];
  let at = 0;
  for (const s of series) {
    packed.set(s, at);
    at += s.byteLength;
    ends.push(at);
  }
  const task: InflateTask = { packed: packed.buffer, ends, points };
  const out = (await thread.run(task, [packed.buffer])) as ArrayBuffer;
  let from = 0;
  return points.map((n) => {
    const values = new Float64Array(out, 8 * from, n);
    from += n;
    return values;
  });
}

/** Stops the helper thread if it was started (tests and shutdown). */
export const closeInflateThread = (): Promise<void> => thread.close();
