// Command-line robustness: a missing --args-file, the demo without the SDK, an old Node.js.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INSTALL_HINT } from "../../src/server/sdk.js";
import { CLI_JS, ROOT, SERVER_JS } from "./fixtures.js";

const HOOK = path.join(ROOT, "test/server/no-sdk-hook.mjs");
const OLD_NODE = 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.18.1"})';
const run = (args: string[]) => spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000 });

describe("command lines", () => {
  it("a missing --args-file is a usage error: exit 2, the file named, no stack trace", () => {
    const r = run([CLI_JS, "call", "check_rf_convention", "--args-file", path.join(ROOT, "no-such-file.json")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("cannot read --args-file");
    expect(r.stderr).toContain("no-such-file.json: ENOENT");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("fin-skills demo without the SDK prints the install hint", () => {
    const r = run(["--import", HOOK, CLI_JS, "demo"]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(`fin-skills demo: ${INSTALL_HINT}`);
  });

  it.each([CLI_JS, SERVER_JS])("on Node.js below 20.19 %s says so in one sentence and runs nothing", (bin) => {
    const r = run(["--import", OLD_NODE, bin, "--help"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe("fin-skills needs Node.js 20.19 or newer; this is Node.js 20.18.1.\n");
  });
});
