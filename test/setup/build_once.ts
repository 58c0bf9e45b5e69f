// Global setup of the e2e project: compiles dist/ once per run, before any test file starts,
// so test files never race each other to build it.
import { ensureBuilt } from "../server/fixtures.js";

export default function setup(): void {
  ensureBuilt();
}
