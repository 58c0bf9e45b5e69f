// Every tool whose result reveals a strategy's performance records it: derived from the generated artefacts,
// every series input described as returns, of a tool whose evidence names a Sharpe, a return or a drawdown,
// is a `@trial` input in the dispatch table (docs/ledger.md, "Which inputs are trials").
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GUARDS } from "../../generated/dispatch.js";
import { GEN, tools } from "./generated.js";

/** An evidence key that reports performance: a Sharpe, a return (ret, return, returns), a drawdown. */
const PERFORMANCE_KEY = /sharpe|(^|_)(ret|return|returns)(_|$)|drawdown|maxdd/;
/** An input that carries a return series: its description says simple or log returns. */
const RETURNS_INPUT = /\b(simple|log) returns\b/i;
const carriesSeries = (schema: unknown) => /#\/\$defs\/(series|frame)"/.test(JSON.stringify(schema));
const pascal = (tool: string) =>
  tool
    .split("_")
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");

/** Tool name -> every key (nested ones too) of its typed evidence in generated/types.ts. */
function evidenceKeys(): Map<string, string[]> {
  const text = readFileSync(path.join(GEN, "types.ts"), "utf8");
  const keys = new Map<string, string[]>();
  for (const m of text.matchAll(/export type (Check\w+)Evidence = \{([\s\S]*?)\n\};/g))
    keys.set(
      m[1]!,
      [...m[2]!.matchAll(/^\s*(\w+)\??:/gm)].map((k) => k[1]!),
    );
  return keys;
}

/** [tool, input, the performance keys its evidence reports] for every series input that must be a trial. */
function revealed(): [string, string, string[]][] {
  const keys = evidenceKeys();
  return tools().flatMap((t) => {
    const reported = (keys.get(pascal(t.name)) ?? []).filter((k) => PERFORMANCE_KEY.test(k));
    if (reported.length === 0) return [];
    return Object.entries<any>(t.input_schema.properties ?? {})
      .filter(([, s]) => carriesSeries(s) && RETURNS_INPUT.test(String(s.description)))
      .map(([input]): [string, string, string[]] => [t.name, input, reported]);
  });
}

describe("tools that reveal a strategy's performance record it", () => {
  it("finds the performance-reporting series inputs from the generated tables", () => {
    const found = revealed().map(([tool, input]) => `${tool}.${input}`);
    // The derivation must find something to check, and the strategy regime_coverage reports a Sharpe of.
    expect(found).toContain("check_regime_coverage.strategy");
  });

  it.each(revealed())("%s.%s is a @trial input (its evidence reports %j)", (tool, input) => {
    const guard = tools().find((t) => t.name === tool)!.guard!;
    expect((GUARDS[guard]?.trials ?? []).map((t) => t.input)).toContain(input);
  });
});
