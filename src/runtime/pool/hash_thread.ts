// One helper thread that hashes large arguments while the guard runs (input_hash.ts): its own pool of
// one thread (so a hash never waits behind a guard) running only hash_worker.ts, started on first use,
// stopped after 30 s idle. Long number arrays, and matrices sent as rows, are moved to it as Float64Arrays, not
// cloned; matrices the JSON check proved (codec/number_rows.ts) are shared with it, neither moved nor copied.
import type { ProvenRows } from "../codec/number_rows.js";
import { packNumberArrays } from "./packing.js";
import { helperThread } from "../../lib/helper_thread.js";
import type { HashReply, HashTask } from "./messages.js";

const thread = helperThread("hash_worker", import.meta.url);

/** SHA-256 and UTF-8 bytes of the arguments' canonical text, computed on the helper thread (`proven`: see packing). */
export async function hashOffThread(args: Record<string, unknown>, proven?: ProvenRows): Promise<HashReply> {
  const packed = packNumberArrays(args, { rows: true, proven });
  const task: HashTask = { hash: packed.inputs, rows: packed.rows };
  return (await thread.run(task, packed.buffers as ArrayBuffer[])) as HashReply;
}

/** Stops the helper thread (tests and shutdown). */
export const closeHashThread = (): Promise<void> => thread.close();
