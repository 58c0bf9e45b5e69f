// Every command writes all of its output, whatever reads it: a pipe read slowly (the reader pauses after
// each chunk, so the child's writes outrun it), a file, and a terminal. Only bytes are compared.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportTools } from "../../src/runtime/index.js";
import { CLI_JS, ROOT, SERVER_JS } from "../server/fixtures.js";

const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-pipe-"));
const day = (i: number) => new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/** A bundle of 40,000 daily returns: its HTML report is about 2 MB. */
const bigBundle = path.join(dir, "bundle.json");
const index = Array.from({ length: 40_000 }, (_, i) => day(i));
const values = index.map((_, i) => Math.round((Math.sin(i * 1.7) * 0.01 + 0.0004) * 1e6) / 1e6);
writeFileSync(bigBundle, JSON.stringify({ returns: { index, values }, turnover: 0.1 }));
/** A universe of 20,000 dates: check_pit_universe's result is about 68 KB, more than a pipe holds. */
const pitArgs = path.join(dir, "pit.json");
writeFileSync(pitArgs, JSON.stringify({ universe: Object.fromEntries(index.slice(0, 20_000).map((d) => [d, ["A"]])) }));

/** Commands whose output is more than a pipe holds (64 KiB). */
const COMMANDS: Record<string, string[]> = {
  "fin-skills tools --format neutral --indent 10": [CLI_JS, "tools", "--format", "neutral", "--indent", "10"],
  "fin-skills check --html -": [CLI_JS, "check", bigBundle, "--html", "-"],
  "fin-skills call check_pit_universe": [CLI_JS, "call", "check_pit_universe", "--args-file", pitArgs],
};

/** The command's stdout read through a pipe that takes one chunk, then waits before asking for the next. */
function slowPipe(args: string[]): Promise<{ code: number | null; out: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => {
      chunks.push(c);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5); // pacing only: nothing asserts on time
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out: Buffer.concat(chunks) }));
  });
}

/** The command's stdout written straight to a file. */
function toFile(args: string[], name: string): { code: number | null; out: Buffer } {
  const file = path.join(dir, name);
  const fd = openSync(file, "w");
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ["ignore", fd, "ignore"] });
  closeSync(fd);
  return { code: r.status, out: readFileSync(file) };
}

/** The output with the one field that differs between runs (a call's elapsed seconds) set to 0. */
const stable = (out: Buffer) => out.toString("utf8").replace(/"elapsed_s": [0-9.e-]+/g, '"elapsed_s": 0');

describe.each(Object.entries(COMMANDS))("%s", (name, args) => {
  const file = toFile(args, `${name.replace(/\W+/g, "_")}.out`);

  it("writes the whole output to a file, beyond what a pipe holds", () => {
    expect(file.out.length).toBeGreaterThan(65_536);
    expect(file.out.at(-1)).toBe(0x0a);
  });

  it("writes every byte through a pipe read slowly, with the same exit code", async () => {
    const piped = await slowPipe(args);
    expect(piped.code).toBe(file.code);
    expect(stable(piped.out)).toBe(stable(file.out));
  });
});

describe("the outputs of a megabyte and more", () => {
  it("check --html - writes over 1 MB of HTML through a slow pipe, complete to its closing tag", async () => {
    const piped = await slowPipe(COMMANDS["fin-skills check --html -"]!);
    expect(piped.out.length).toBeGreaterThan(1_000_000);
    expect(piped.out.toString("utf8").trimEnd().endsWith("</html>")).toBe(true);
  });
  it("tools output read slowly parses as JSON with every tool", async () => {
    const piped = await slowPipe(COMMANDS["fin-skills tools --format neutral --indent 10"]!);
    const table = JSON.parse(piped.out.toString("utf8"));
    const tools = Array.isArray(table) ? table : table.tools;
    expect(tools.length).toBeGreaterThan(30);
  });
});

// The server's tool definitions now fit in one pipe buffer; they still arrive whole through a slow reader.
describe("fin-skills-mcp --json", () => {
  it("writes the MCP tool definitions whole through a pipe read slowly", async () => {
    const piped = await slowPipe([SERVER_JS, "--json"]);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.out.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(exportTools("mcp"))));
  });
});
