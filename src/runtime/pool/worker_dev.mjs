// The pool worker when the runtime runs from its TypeScript sources (tests, bench): registers
// tsx in this thread, then loads the worker module. The compiled package uses worker.js.
import { register } from "tsx/esm/api";

register();
const { default: runTask } = await import("./worker.ts");
export default runTask;
