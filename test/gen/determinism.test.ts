// Byte-identical output, --check catching edits, atomic failure.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import canonicalize from "canonicalize";
import { createHash } from "node:crypto";
import { defaultPaths } from "../../scripts/gen/parse.js";
import { runGen } from "../../scripts/gen/pipeline.js";
import { checkGenerated } from "../../scripts/gen/write.js";
import { FIXTURES, fixtureSkills, guardNames, ROOT } from "./helpers.js";
import { GEN, manifest, readJson } from "./generated.js";

const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const gen = (...args: string[]) => spawnSync(TSX, ["scripts/gen.ts", ...args], { cwd: ROOT, encoding: "utf8" });

describe("determinism and --check", () => {
  it("produces byte-identical output on two runs, equal to the committed generated/", async () => {
    const a = await runGen(defaultPaths(ROOT));
    const b = await runGen(defaultPaths(ROOT));
    expect(a.files).not.toBeNull();
    expect([...a.files!.entries()]).toEqual([...b.files!.entries()]);
    expect(checkGenerated(GEN, a.files!)).toEqual({ stale: [], missing: [], orphaned: [] });
  }, 120_000);

  it("gen --check lists every stale, missing and orphaned file and exits 1", () => {
    const out = mkdtempSync(path.join(tmpdir(), "fs-gen-"));
    cpSync(GEN, out, { recursive: true });
    const anthropic = path.join(out, "exports/anthropic.json");
    const lines = readFileSync(anthropic, "utf8").split("\n");
    lines.splice(3, 1);
    writeFileSync(anthropic, lines.join("\n"));
    writeFileSync(path.join(out, "guards.json"), "{}\n");
    writeFileSync(path.join(out, "stray.txt"), "x\n");
    execFileSync("rm", [path.join(out, "slots.json")]);
    const r = gen("--check", "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("stale: generated/exports/anthropic.json");
    expect(r.stderr).toContain("stale: generated/guards.json");
    expect(r.stderr).toContain("missing: generated/slots.json");
    expect(r.stderr).toContain("orphaned: generated/stray.txt");
    expect(r.stderr).toContain('run "npm run gen" to fix');
  }, 120_000);

  it("counts notes in one line and lists them (FS103, naming the input) only with --verbose", () => {
    const guards = path.join(FIXTURES, "valid/function_optional/guards");
    const skills = fixtureSkills(guardNames(guards));
    const run = (...extra: string[]) =>
      gen("--guards", guards, "--skills", skills, "--out", mkdtempSync(path.join(tmpdir(), "fs-gen-")), ...extra);
    const quiet = run();
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).not.toContain("FS103");
    expect(quiet.stderr).toMatch(/gen: 1 notes?, none of them a problem \(npm run gen -- --verbose lists them\)/);
    const verbose = run("--verbose");
    expect(verbose.stderr).toMatch(/note FS103: optional input '\w+' is a callable/);
  }, 120_000);

  it("exits 1 on diagnostics, prints them sorted with a count, and leaves the output untouched", () => {
    const out = mkdtempSync(path.join(tmpdir(), "fs-gen-"));
    writeFileSync(path.join(out, "keep.txt"), "untouched\n");
    const before = statSync(path.join(out, "keep.txt")).mtimeMs;
    const r = gen("--guards", path.join(FIXTURES, "invalid/non_json_default/guards"), "--out", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /default_guard\.ts:\d+:\d+: error FS007: default of 'method' is not a JSON literal: 'simple'/,
    );
    expect(r.stderr).toMatch(/gen: \d+ error\(s\), \d+ warning\(s\)/);
    const lines = r.stderr.split("\n").filter((l) => / error FS/.test(l));
    const keys = lines.map((l) => l.split(": ")[0]!);
    expect(keys).toEqual(
      [...keys].sort((x, y) => {
        const [fx, lx, cx] = x.split(":");
        const [fy, ly, cy] = y.split(":");
        return fx! < fy! ? -1 : fx! > fy! ? 1 : Number(lx) - Number(ly) || Number(cx) - Number(cy);
      }),
    );
    expect(readdirSync(out)).toEqual(["keep.txt"]);
    expect(statSync(path.join(out, "keep.txt")).mtimeMs).toBe(before);
  }, 120_000);

  it("records tools_sha256 as the JCS SHA-256 of the neutral table", () => {
    const hash = createHash("sha256")
      .update(canonicalize(readJson("tools.json").tools)!)
      .digest("hex");
    expect(manifest().tools_sha256).toBe(hash);
    expect(existsSync(path.join(GEN, "tools.json"))).toBe(true);
  });
});
