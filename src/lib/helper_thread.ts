// One helper thread running one module (a hash, a parse, an inflate beside the calling thread): a pool of its
// own with one thread, started on first use; kept until 30 s idle, or ended after each task when `isolate`.
import { Tinypool } from "tinypool";
import { workerFile } from "./worker_file.js";

export interface HelperThread {
  /** Runs `task` on the thread, moving the `transfer` buffers there. */
  run(task: unknown, transfer?: readonly ArrayBuffer[]): Promise<unknown>;
  /** Stops the thread if it runs (tests and shutdown). */
  close(): Promise<void>;
}

/** The helper thread of module `name` (see workerFile) beside `from`, the caller's import.meta.url. */
export function helperThread(name: string, from: string, isolate = false): HelperThread {
  let pool: Tinypool | null = null;
  return {
    run(task, transfer = []) {
      pool ??= new Tinypool({
        filename: workerFile(name, from),
        minThreads: 0,
        maxThreads: 1,
        ...(isolate ? { isolateWorkers: true } : { idleTimeout: 30_000 }),
      });
      return pool.run(task, { transferList: [...transfer] });
    },
    async close() {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}
