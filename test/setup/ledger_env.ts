// Every test file gets its own temporary research ledger: servers it spawns inherit FIN_SKILLS_LEDGER
// (the server's default when no --ledger flag is given), so no test writes a ledger into the repository
// and parallel test files never share one. Its state directory (where trials a ledger could not record are
// counted when nothing beside the ledger can be written) is temporary too, never the real home's.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-test-"));
process.env.FIN_SKILLS_LEDGER = path.join(dir, "ledger.sqlite");
process.env.XDG_STATE_HOME = path.join(dir, "state");
