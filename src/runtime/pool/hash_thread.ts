// One helper thread that hashes large arguments while the guard runs (input_hash.ts): its own pool of
// one thread (so a hash never waits behind a guard) running only hash_worker.ts, started on first use,
// stopped after 30 s idle. Long number arrays, and matrices sent as rows, are moved to it as Float64Arrays, not cloned.
import { Tinypool } from "tinypool";
import { packNumberArrays } from "./packing.js";
import { workerFile } from "../../lib/worker_file.js";
import type { HashReply, HashTask } from "./messages.js";

let pool: Tinypool | null = null;

/** SHA-256 and UTF-8 bytes of the arguments' canonical text, computed on the helper thread. */
export async function hashOffThread(args: Record<string, unknown>): Promise<HashReply> {
  pool ??= new Tinypool({
    filename: workerFile("hash_worker", import.meta.url),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  const packed = packNumberArrays(args, { rows: true });
  const task: HashTask = { hash: packed.inputs, rows: packed.rows };
  return (await pool.run(task, { transferList: packed.buffers })) as HashReply;
}

/** Stops the helper thread (tests and shutdown). */
export async function closeHashThread(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
