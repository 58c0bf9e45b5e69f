// The SPA bootstrap's helper thread module when the guards run from their TypeScript sources (tests, bench),
// as src/runtime/pool/worker_dev.mjs. The compiled package uses _spa_test_helper_worker.js.
import { register } from "tsx/esm/api";

register();
const { default: helpWithChunk } = await import("./_spa_test_helper_worker.ts");
export default helpWithChunk;
