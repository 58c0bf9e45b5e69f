// The inflate thread's task (inflate_thread.ts): kept series' values inflated and unshuffled into one buffer.
import { inflateRawSync } from "node:zlib";
import { Tinypool } from "tinypool";
import { unshuffleInto } from "./byte_shuffle.js";
import { type InflateTask, outputChunk } from "./inflate_thread.js";

/** The doubles of every series, back to back (series i holds points[i]); throws on a size that differs. */
export default function inflateTask(task: InflateTask): ArrayBuffer {
  const packed = new Uint8Array(task.packed);
  const total = task.points.reduce((a, b) => a + b, 0);
  const out = new ArrayBuffer(8 * total);
  let from = 0;
  let at = 0;
  task.ends.forEach((end, i) => {
    const points = task.points[i]!;
    const bytes = inflateRawSync(packed.subarray(from, end), { chunkSize: outputChunk(points) });
    if (bytes.byteLength !== 8 * points)
      throw new Error(`kept returns of series ${i} inflate to ${bytes.byteLength} bytes, not ${8 * points}`);
    unshuffleInto(bytes, new Uint32Array(out, 8 * at, 2 * points));
    from = end;
    at += points;
  });
  return Tinypool.move(out) as ArrayBuffer;
}
