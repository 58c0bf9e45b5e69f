// Every test file gets its own temporary research ledger: servers it spawns inherit FIN_SKILLS_LEDGER
// (the server's default when no --ledger flag is given), so no test writes a ledger into the repository
// and parallel test files never share one.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.FIN_SKILLS_LEDGER = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-test-")), "ledger.sqlite");
