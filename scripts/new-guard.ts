// `npm run new:guard -- <name> --skill <skill> [--root DIR]`: scaffolds a guard that passes gen,
// the typecheck and its own tests as written: guards/<name>.ts from the README's template, its test
// file, and the owning skill's `guards:` entry plus a line naming the tool in the skill's text.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const GUARD_NAME = /^[a-z][a-z0-9_]{0,41}$/;

/** The guard module: one required series input, one optional floor, a finding each way. */
export function guardSource(name: string, skill: string): string {
  const title = `${name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())} check`;
  return `import { type Integer, Outcome, type Series } from "../src/contract/guard.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { requireNumbers } from "../src/lib/series.js";
import { sharpe } from "../src/lib/stats.js";

export const skill = "${skill}";
export const title = "${title.slice(0, 64)}";
export const required = ["returns"] as const;
export const optional = ["min_sharpe", "periods_per_year"] as const;

/**
 * Fails a strategy whose annualised Sharpe ratio is below a stated floor.
 *
 * Inputs
 *   returns : per-period simple returns of the strategy, net of costs.
 *   min_sharpe : the floor, as an annualised Sharpe ratio.
 *   periods_per_year : periods per year, for annualising (252 for daily data).
 */
export function check(returns: Series, min_sharpe: number = 1, periods_per_year: Integer = 252) {
  const r = requireNumbers("returns", returns, { minLength: 2, above: -1 });
  requireInteger("periods_per_year", periods_per_year, { min: 1 });
  const s = sharpe(r, periods_per_year);
  const out = new Outcome();
  if (!(s >= min_sharpe)) out.error(\`annualised Sharpe \${s.toFixed(2)} is below the floor \${min_sharpe}\`, "sharpe");
  else out.info(\`annualised Sharpe \${s.toFixed(2)} clears the floor \${min_sharpe}\`, "sharpe");
  return out
    .note("sharpe", Number.isFinite(s) ? s : null)
    .note("min_sharpe", min_sharpe)
    .done();
}
`;
}

/** The guard's test file: a pass, a fail with its message, and a bad input naming its field. */
export function testSource(name: string): string {
  return `import { describe, expect, it } from "vitest";
import { check } from "../../guards/${name}.js";
import { badFieldAndMessage } from "../helpers/bad_field.js";

const steady = Array.from({ length: 252 }, (_, i) => 0.001 + (i % 2 ? 0.004 : -0.004));

describe("${name}", () => {
  it("passes a strategy above the floor and reports its Sharpe", () => {
    const o = check({ values: steady }, 1);
    expect(o.findings.map((f) => f.severity)).toEqual(["info"]);
    expect(o.evidence["sharpe"] as number).toBeCloseTo((0.001 / 0.004) * Math.sqrt(252), 1);
  });
  it("fails a strategy below the floor, naming both numbers", () => {
    const o = check({ values: steady }, 10);
    expect(o.findings[0]!.severity).toBe("error");
    expect(o.findings[0]!.message).toMatch(/^annualised Sharpe \\d+\\.\\d\\d is below the floor 10$/);
  });
  it("rejects a fractional periods_per_year, naming the field", () => {
    expect(badFieldAndMessage(() => check({ values: steady }, 1, 2.5))).toBe(
      "periods_per_year | periods_per_year: must be an integer >= 1, got 2.5",
    );
  });
});
`;
}

/** Adds the guard to the front matter's `guards: [...]` list and a line naming its tool. */
export function withGuardInSkill(text: string, name: string): string {
  const list = /^guards:\s*\[(.*)\]\s*$/m;
  const m = list.exec(text);
  let out: string;
  if (m) {
    const names = m[1]!
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    out = text.replace(list, `guards: [${[...names, name].join(", ")}]`);
  } else {
    const end = text.indexOf("\n---", 3);
    if (!text.startsWith("---") || end < 0) throw new Error("the skill has no YAML front matter");
    out = `${text.slice(0, end)}\nguards: [${name}]${text.slice(end)}`;
  }
  const mention =
    `\n## Guard: ${name}\n\nRun \`check_${name}\` with the strategy's per-period returns to test its annualised ` +
    "Sharpe\nagainst a stated floor.\n";
  const sources = out.search(/\n## Sources/);
  return sources < 0 ? `${out.trimEnd()}\n${mention}` : `${out.slice(0, sources)}\n${mention}${out.slice(sources)}`;
}

function fail(message: string): never {
  console.error(`new:guard: ${message}`);
  process.exit(2);
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { skill: { type: "string" }, root: { type: "string" } },
  });
  const name = positionals[0];
  const root = path.resolve(values.root ?? ".");
  if (!name || !GUARD_NAME.test(name)) fail("usage: npm run new:guard -- <snake_case_name> --skill <skill>");
  if (!values.skill) fail("--skill <skill> is required: the skill under skills/ that owns the guard");
  const skillFile = path.join(root, "skills", values.skill, "SKILL.md");
  if (!existsSync(skillFile)) fail(`no skill '${values.skill}' (expected ${path.relative(root, skillFile)})`);
  const guardFile = path.join(root, "guards", `${name}.ts`);
  if (existsSync(guardFile)) fail(`${path.relative(root, guardFile)} already exists`);
  const testFile = path.join(root, "test", "guards", `${name}.test.ts`);
  writeFileSync(guardFile, guardSource(name, values.skill));
  writeFileSync(testFile, testSource(name));
  writeFileSync(skillFile, withGuardInSkill(readFileSync(skillFile, "utf8"), name));
  for (const f of [guardFile, testFile, skillFile]) console.log(`wrote ${path.relative(root, f)}`);
  console.log("next: npm run gen && npm run typecheck && npx vitest run " + path.relative(root, testFile));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
