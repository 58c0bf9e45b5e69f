// The inflate thread's module when the ledger runs from its TypeScript sources (tests, bench), as
// src/runtime/pool/worker_dev.mjs. The compiled package uses inflate_worker.js.
import { register } from "tsx/esm/api";

register();
const { default: inflateTask } = await import("./inflate_worker.ts");
export default inflateTask;
