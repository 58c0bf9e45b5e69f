// Unit and e2e files share their worker's modules (neither project isolates them), so before each file
// the process-wide settings a file may have changed go back to the library's defaults: the call limits
// and the research ledger (off, default name).
import { configureLedger, DEFAULT_LEDGER_NAME } from "../../src/ledger/config.js";
import { resetLimits } from "../../src/runtime/budget/limits.js";

await configureLedger({ ledger: null, name: DEFAULT_LEDGER_NAME });
resetLimits();
