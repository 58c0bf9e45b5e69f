// fin-skills call and check with file references: --arg name=@file:column and the JSON form.
import { spawnSync } from "node:child_process";
import { writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callToolUntyped } from "../../src/runtime/index.js";
import { fileShorthand } from "../../src/cli/file_args.js";
import { dates, returns, sha256, tempDir, writeCsv } from "../runtime/files/fixtures.js";
import { CLI_JS } from "../server/fixtures.js";

const N = 120;
const idx = dates(N);
const r = returns(N, 9);
let dir = "";
const cli = (args: string[]) => spawnSync(process.execPath, [CLI_JS, ...args], { encoding: "utf8", cwd: dir });

beforeAll(() => {
  dir = tempDir("fin-skills-cli-");
  writeCsv(path.join(dir, "bt.csv"), ["date", "strategy", "turnover"], [idx, r, r.map(() => 0.3)]);
  writeFileSync(path.join(dir, "bundle.json"), JSON.stringify({ turnover: 0.3 }));
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("file shorthand", () => {
  const table: [string, string | null, string, object][] = [
    ["@bt.csv", "check_cost_curve", "returns", { file: "bt.csv" }],
    ["@bt.csv:strategy", "check_cost_curve", "returns", { file: "bt.csv", column: "strategy" }],
    ["@d/p.parquet:a,b", null, "panel", { file: "d/p.parquet", columns: ["a", "b"] }],
    ["@p.parquet:v0", "check_spa_test", "model_returns", { file: "p.parquet", columns: ["v0"] }],
  ];
  for (const [spec, tool, name, want] of table)
    it(`${spec} for ${tool ?? "check"} ${name}`, () => expect(fileShorthand(spec, tool, name)).toEqual(want));
});

describe("fin-skills call and check on files", () => {
  it("call --arg returns=@bt.csv:strategy gives the inline result, with the file hash", async () => {
    const got = cli(["call", "check_cost_curve", "--arg", "returns=@bt.csv:strategy", "--arg", "turnover=0.3"]);
    expect(got.stderr).toBe("");
    const result = JSON.parse(got.stdout);
    const inline = await callToolUntyped("check_cost_curve", { returns: { index: idx, values: r }, turnover: 0.3 });
    expect(result.evidence).toEqual(inline.evidence);
    expect(result.provenance.files[0].content_hash).toBe(sha256(path.join(dir, "bt.csv")));
  });

  it("check takes a bundle plus --arg slots read from a file", () => {
    const got = cli(["check", "bundle.json", "--arg", "returns=@bt.csv:strategy"]);
    expect(got.stdout).toMatch(/cost_curve/);
    expect([0, 1]).toContain(got.status);
  });

  it("refuses a file outside --data-dir", () => {
    const got = cli(["call", "check_cost_curve", "--data-dir", path.join(dir, "nowhere"), "--arg", "returns=@bt.csv"]);
    expect(got.status).toBe(2);
    expect(got.stderr).toMatch(/^returns\/file: none of the allowed directories exists/);
  });
});
