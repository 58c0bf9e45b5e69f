// Counts the work a piece of code does without a clock: V8's precise coverage gives how many times each
// function and block ran; the sum over the guards' and lib's source is the operation count.
import { Session } from "node:inspector/promises";

const session = new Session();
let started = false;

/** Blocks and calls executed in files whose URL matches `where`, while `fn` ran. */
export async function countOps(where: RegExp, fn: () => Promise<unknown>): Promise<number> {
  if (!started) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
    started = true;
  }
  await session.post("Profiler.takePreciseCoverage");
  await fn();
  const { result } = await session.post("Profiler.takePreciseCoverage");
  let ops = 0;
  for (const script of result) {
    if (!where.test(script.url)) continue;
    for (const f of script.functions) for (const r of f.ranges) ops += r.count;
  }
  return ops;
}
