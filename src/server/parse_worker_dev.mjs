// The parse thread's module when the server runs from its TypeScript sources (tests, bench).
import { register } from "tsx/esm/api";

register();
const { default: parseTask } = await import("./parse_worker.ts");
export default parseTask;
