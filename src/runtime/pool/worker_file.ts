// The runtime's door to lib's worker_file for the server's parse thread (the server stands on the runtime, not lib).
export { workerFile } from "../../lib/worker_file.js";
