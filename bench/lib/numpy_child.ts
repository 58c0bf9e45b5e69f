// The numpy reference (bench/numpy_ref.py) as a child process: one JSON command per line, one reply per
// line. OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are unset together (set, they pin a slower kernel).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { ROOT } from "./paths.js";

const SCRIPT = path.join(ROOT, "bench/numpy_ref.py");

/** The child's environment: this one without the two OpenBLAS overrides; `threads` pins BLAS's thread count. */
function childEnv(threads?: number): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  if (threads !== undefined) {
    env.OPENBLAS_NUM_THREADS = String(threads);
    env.OMP_NUM_THREADS = String(threads);
  }
  return env;
}

/** Null when python3 imports numpy; else why not, in one line. */
export function numpyMissing(): string | null {
  const r = spawnSync("python3", ["-c", "import numpy"], { env: childEnv(), encoding: "utf8" });
  if (r.error) return `python3 not found (${r.error.message})`;
  if (r.status !== 0) return `python3 cannot import numpy (${r.stderr.trim().split("\n").pop() ?? ""})`;
  return null;
}

export interface NumpyChild {
  readonly ask: (cmd: Record<string, unknown>) => Promise<Record<string, unknown>>;
  readonly close: () => void;
}

/**
 * Starts bench/numpy_ref.py (BLAS on `threads` threads, else numpy's default); `ask` sends one command and
 * resolves with its reply (an error reply rejects).
 */
export function startNumpy(threads?: number): NumpyChild {
  const child: ChildProcessWithoutNullStreams = spawn("python3", [SCRIPT], { env: childEnv(threads) });
  const replies: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => replies.shift()?.(line));
  const ask = (cmd: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      replies.push((line) => {
        const reply = JSON.parse(line) as Record<string, unknown>;
        if (typeof reply.error === "string") reject(new Error(`numpy_ref.py: ${reply.error}`));
        else resolve(reply);
      });
      child.stdin.write(`${JSON.stringify(cmd)}\n`);
    });
  return { ask, close: () => child.stdin.end() };
}
