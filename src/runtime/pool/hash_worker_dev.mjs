// The hash thread's module when the runtime runs from its TypeScript sources (tests, bench), as worker_dev.mjs.
import { register } from "tsx/esm/api";

register();
const { default: hashTask } = await import("./hash_worker.ts");
export default hashTask;
