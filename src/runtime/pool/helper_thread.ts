// The runtime's door to lib's helper threads for the server's parse thread (the server stands on the runtime, not lib).
export { helperThread } from "../../lib/helper_thread.js";
