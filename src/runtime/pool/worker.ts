// A pool worker: runs one guard inline and replies with its outcome or its error as data.
// Cancellation and the time limit are the caller's: it terminates this thread.
import { BadInputError } from "../../contract/guard.js";
import { InternalToolError, internalError } from "../errors.js";
import { invokeGuard } from "../call.js";
import { PROGRESS_END, type PoolReply, type PoolTask } from "./messages.js";
import { unpackNumberArrays } from "./packing.js";

export default async function runTask(task: PoolTask): Promise<PoolReply> {
  // The warm-up task: loading this module (and the runtime under it) was the work.
  if (task.guard === "") {
    task.port.close();
    return { ok: true, outcome: { findings: [], evidence: {} } };
  }
  try {
    unpackNumberArrays(task.inputs, task.packed ?? []);
    const outcome = await invokeGuard(task.guard, task.inputs, {
      mode: "inline",
      onProgress: (p) => task.port.postMessage(p),
      workBudget: Number.POSITIVE_INFINITY,
      memoryBudget: Number.POSITIVE_INFINITY,
      timeLimitMs: 0,
    });
    return { ok: true, outcome };
  } catch (e) {
    const err = e instanceof BadInputError || e instanceof InternalToolError ? e : internalError(task.guard, e);
    return {
      ok: false,
      bad: err instanceof BadInputError,
      code: err.code,
      field: err.field,
      message: err.message,
      hint: err.hint,
    };
  } finally {
    task.port.postMessage(PROGRESS_END);
    task.port.close();
  }
}
