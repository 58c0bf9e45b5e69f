// Every command-line mistake of fin-skills reads the same: one line naming the mistake, then
// `Try fin-skills --help`, on stderr, exit 2; never a stack trace or the whole help text.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CLI_JS, ROOT } from "../server/fixtures.js";

const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-usage-"));
const ledger = path.join(dir, "ledger.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** argv, and what the first stderr line must contain. */
const CASES: readonly (readonly [string[], string])[] = [
  [[], "a command is needed"],
  [["nope"], "unknown command 'nope'"],
  [["tools", "--bogus"], "tools: Unknown option '--bogus'"],
  [["tools", "--format"], "tools: Option '--format <value>' argument missing"],
  [["tools", "extra"], "tools: Unexpected argument 'extra'"],
  [["tools", "--format", "xml"], "unknown format 'xml'"],
  [["tools", "--indent", "x"], "--indent must be an integer 0-10, got 'x'"],
  [["tools", "--tools", "nope_tool"], 'unknown tool(s) ["nope_tool"]'],
  [["call"], "call needs a tool name"],
  [["call", "--args", "{}"], "call needs a tool name"],
  [["call", "nope_tool"], "no tool named 'nope_tool'"],
  [["call", "list_trials", "--ledger", ""], "--ledger needs a file path or a postgres:// URL"],
  [["call", "list_trials", "--no-ledger", "--ledger", "x"], "--no-ledger and --ledger cannot be given together"],
  [["check", "--arg", "returns=[0.01]", "--ledger-name", "a b"], "--ledger-name must be 1-128 printable ASCII"],
  [["call", "list_skills", "--args"], "call: Option '--args <value>' argument missing"],
  [["call", "list_skills", "--args", "{nope"], "arguments are not JSON"],
  [["call", "list_skills", "--args", "{}", "--args-file", "f.json"], "give --args or --args-file, not both"],
  [["call", "list_skills", "--args-file", path.join(ROOT, "no-such-file.json")], "cannot read --args-file"],
  [["call", "list_skills", "--arg", "novalue"], "--arg needs name=value, got 'novalue'"],
  [["call", "check_cost_curve", "--arg", "returns=@"], "--arg returns=@...: give a file"],
  [["check"], "check needs one bundle file or --arg slots"],
  [["check", "a.json", "b.json"], "check needs one bundle file or --arg slots"],
  [["check", "--bogus"], "check: Unknown option '--bogus'"],
  [["check", path.join(ROOT, "no-such-bundle.json")], "cannot read"],
  [["ledger"], "ledger needs one of list, show, export, reset, verify, acknowledge, retract"],
  [["ledger", "retract", "--ledger", ledger], "ledger retract needs one trial's fingerprint"],
  [["ledger", "retract", "abc", "--ledger", ledger, "--reason", "x"], "a fingerprint is 64 lowercase hex digits"],
  [["ledger", "retract", "a".repeat(64), "--ledger", ledger], "ledger retract needs --reason TEXT"],
  [["ledger", "show", "--bogus"], "ledger: Unknown option '--bogus'"],
  [["ledger", "reset", "--ledger", ledger], "reset needs --yes-reset-ledger"],
  [["ledger", "export", "--format", "xml", "--ledger", ledger], "--format must be csv or json, got 'xml'"],
];

describe("fin-skills usage errors", () => {
  it.each(CASES)("%j: one line, then Try fin-skills --help, exit 2", (argv, want) => {
    const r = spawnSync(process.execPath, [CLI_JS, ...argv], { encoding: "utf8", cwd: ROOT, timeout: 60_000 });
    const lines = r.stderr.split("\n").filter((l) => l !== "");
    expect(r.status).toBe(2);
    expect(lines[0]).toContain(want);
    expect(lines[0]).toMatch(/^fin-skills: /);
    expect(lines[1]).toBe("Try fin-skills --help");
    expect(lines.length).toBeLessThanOrEqual(2);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.stdout).toBe("");
  });
});
