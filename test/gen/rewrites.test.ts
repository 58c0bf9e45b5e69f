// Every fix a refusal suggests, applied to the guard it was raised on: gen then succeeds, and the
// input takes the schema the rewrite means (checked on accepted and rejected values).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { GenResult } from "../../scripts/gen/pipeline.js";
import { FIXTURES, formatted, genFixture } from "./helpers.js";
import { misjudged, type Values } from "./schema_values.js";

const REFUSED = "invalid/refused_constructs";
/** Beside invalid/ and valid/ (same depth, so the guards' relative imports resolve); removed afterwards. */
const SCRATCH = path.join(FIXTURES, `.rewrites-${process.pid}`);

interface Rewrite {
  readonly guard: string;
  /** The fixture folder under test/fixtures/gen whose expected.json holds the diagnostic (refused_constructs). */
  readonly fixture?: string;
  /** The diagnostic text that names the fix. */
  readonly advice: string;
  readonly apply: (source: string) => string;
  /** The input the values judge; `x` by default. */
  readonly input?: string;
  readonly values: Values;
  readonly notes?: readonly string[];
}

const moveDocToFirstOverload = (s: string) => {
  const doc = /\/\*\*[\s\S]*?\*\/\n(?=export function check\(x: unknown\))/.exec(s)![0];
  return s.replace(doc, "").replace("export function check(x: number)", `${doc}export function check(x: number)`);
};

const MESSAGES = "invalid/fix_messages";

const REWRITES: readonly Rewrite[] = [
  {
    guard: "unannotated_guard",
    fixture: MESSAGES,
    advice: "annotate it: lag: number = 1",
    apply: (s) => s.replace("check(lag = 1)", "check(lag: number = 1)"),
    input: "lag",
    values: { accept: [1, 2.5], reject: ["1", null] },
  },
  {
    guard: "prose_guard",
    fixture: MESSAGES,
    advice: "'\u2030' (U+2030), write 'per mille'",
    apply: (s) =>
      s
        .replace("\u2030", "per mille")
        .replace("\u2013", "-")
        .replace("\u2265", ">=")
        .replace("\u201c", '"')
        .replace("\u201d", '"'),
    input: "cost",
    values: { accept: [0, 1.5], reject: ["1"] },
  },
  {
    guard: "mixed_record_guard",
    fixture: MESSAGES,
    advice: "e.g. { cash: number; weights: Record<string, number> }",
    apply: (s) =>
      s.replace(
        "{ readonly [ticker: string]: number; readonly cash: number }",
        "{ cash: number; weights: Record<string, number> }",
      ),
    values: {
      accept: [{ cash: 0.1, weights: { aapl: 0.9 } }],
      reject: [
        { cash: 0.1, aapl: 0.9 },
        { cash: 0.1, weights: { aapl: "0.9" } },
      ],
    },
  },
  {
    guard: "implementation_doc_guard",
    fixture: MESSAGES,
    advice: "or write one signature whose parameters take unions",
    apply: (s) => s.replace(/\/\*\* By number\. \*\/\n.*\n\/\*\* By label\. \*\/\n.*\n/, ""),
    values: { accept: [1, "a"], reject: [true, null] },
  },
  {
    guard: "default_guard",
    advice: "write 'export function check(...)'",
    apply: (s) => s.replace("export default function check", "export function check"),
    values: { accept: [1.5], reject: ["1"] },
  },
  {
    guard: "tuple_guard",
    fixture: "valid/mixed_tuples",
    advice: "write an object: { item0: IsoDate; item1: number }",
    apply: (s) =>
      s.replace("readonly [IsoDate, number]", "{ item0: IsoDate; item1: number }").replace("x[1]", "x.item1"),
    values: {
      accept: [{ item0: "2024-01-02", item1: 3 }],
      reject: [{ item0: 3, item1: "2024-01-02" }, ["2024-01-02", 3]],
    },
    notes: ["FS105"], // the fixture's other mixed tuple, 'lag'
  },
  {
    guard: "rest_tuple_guard",
    advice: "write an object: { label: string; values: number[] }",
    apply: (s) =>
      s
        .replace("readonly [label: string, ...values: number[]]", "{ label: string; values: number[] }")
        .replace("x.length", "x.values.length"),
    values: {
      accept: [
        { label: "a", values: [] },
        { label: "a", values: [1, 2] },
      ],
      reject: [["a", 1], { label: 1, values: [] }],
    },
  },
  {
    guard: "optional_tuple_guard",
    advice: "write readonly number[] with the Inputs tags @minItems 1 @maxItems 2",
    apply: (s) =>
      s
        .replace("readonly [number, number?]", "readonly number[]")
        .replace("x : the bounds.", "x : the bounds. @minItems 1 @maxItems 2"),
    values: { accept: [[1], [1, 2]], reject: [[], [1, 2, 3], ["1"]] },
  },
  {
    guard: "optional_mixed_tuple_guard",
    advice: 'write an object: { window: number; unit?: "d" | "w" }',
    apply: (s) =>
      s
        .replace('[window: number, unit?: "d" | "w"]', '{ window: number; unit?: "d" | "w" }')
        .replace("x[0]", "x.window"),
    values: { accept: [{ window: 5 }, { window: 5, unit: "d" }], reject: [[5, "d"], { window: 5, unit: "m" }] },
  },
  {
    guard: "leading_rest_tuple_guard",
    advice: "write an object: { values: number[]; label: string }",
    apply: (s) =>
      s
        .replace("readonly [...values: number[], label: string]", "{ values: number[]; label: string }")
        .replace("x.length", "x.values.length"),
    values: { accept: [{ values: [1, 2], label: "a" }], reject: [[1, 2, "a"], { values: ["1"], label: "a" }] },
  },
  {
    guard: "payload_tuple_guard",
    advice: "write an object: { start: IsoDate; returns: Series<number> }",
    apply: (s) =>
      s
        .replace("readonly [start: IsoDate, returns: Series<number>]", "{ start: IsoDate; returns: Series<number> }")
        .replace("x[0]", "x.start"),
    values: {
      accept: [
        { start: "2024-01-02", returns: [0.1, 0.2] },
        { start: "2024-01-02", returns: { values: [0.1] } },
      ],
      reject: [["2024-01-02", [0.1]], { start: "Jan 2", returns: [0.1] }],
    },
  },
  {
    guard: "spread_tuple_guard",
    advice: "a spread of a tuple type; write its positions out in this tuple",
    apply: (s) => s.replace("readonly [string, ...Band]", "readonly [string, number, number]"),
    values: {
      accept: [["a", 1, 2]],
      reject: [
        ["a", 1],
        [1, 2, "a"],
        ["a", 1, 2, 3],
      ],
    },
    notes: ["FS105"],
  },
  {
    guard: "overload_guard",
    advice: "put the JSDoc with its Inputs block on the one overload the tool exposes",
    apply: moveDocToFirstOverload,
    values: { accept: [2], reject: ["2"] },
  },
  {
    guard: "overload_guard",
    advice: "or write one signature whose parameters take unions",
    apply: (s) =>
      s
        .replace(/export function check\(x: (number|string)\): ReturnType<typeof done>;\n/g, "")
        .replace("export function check(x: unknown)", "export function check(x: number | string)"),
    values: { accept: [2, "a"], reject: [true, null] },
  },
  {
    guard: "twice_documented_guard",
    advice: "put the JSDoc with its Inputs block on the one overload the tool exposes",
    apply: (s) => s.replace(/\/\*\*\n \* Takes a period label\.[\s\S]*?\*\/\n/, ""),
    values: { accept: [3], reject: ["1m", "3"] },
  },
  {
    guard: "recursive_guard",
    advice: "e.g. /** @maxDepth 4 */",
    apply: (s) => s.replace("interface Node {", "/** @maxDepth 2 */\ninterface Node {"),
    values: {
      accept: [{ weight: 1, children: [{ weight: 2, children: [] }] }],
      reject: [{ weight: 1, children: [{ weight: 2, children: [{ weight: 3, children: [] }] }] }, { weight: 1 }],
    },
    notes: ["FS106"],
  },
  {
    guard: "deep_recursive_guard",
    advice: "@maxDepth 12 is not a whole number 1..8",
    apply: (s) => s.replace("@maxDepth 12", "@maxDepth 8"),
    values: {
      accept: [{ value: 1, next: { value: 2 } }],
      reject: [{ value: 1, next: { value: "2" } }],
    },
    notes: ["FS106"],
  },
  {
    guard: "unicode_guard",
    advice: "rename it 'delai'",
    apply: (s) => s.replaceAll("délai", "delai"),
    values: { accept: [{ delai: 2 }], reject: [{ délai: 2 }] },
  },
  {
    guard: "diamond_guard",
    advice: "redeclare 'qty' in 'Leg'",
    apply: (s) =>
      s.replace(
        'interface Leg extends Priced, Sized {\n  readonly side: "buy" | "sell";',
        "interface Leg extends Priced, Sized {\n  /**\n   * @minimum 0\n   * @maximum 100\n   */\n" +
          '  readonly qty: number;\n  readonly side: "buy" | "sell";',
      ),
    values: {
      accept: [{ qty: 50, side: "buy" }],
      reject: [
        { qty: 150, side: "buy" },
        { qty: -1, side: "sell" },
      ],
    },
  },
  {
    guard: "construct_guard",
    fixture: "invalid/unsupported_constructs",
    advice: "an enum mixing strings and numbers; use a union of literals",
    apply: (s) =>
      s
        .replace(/enum Mixed \{[\s\S]*?\n\}/, 'type Mixed = "a" | 1;')
        .replace("Record<number, string>", "Record<string, string>"),
    input: "mixed",
    values: { accept: ["a", 1], reject: ["b", 2, "1"] },
  },
  {
    guard: "construct_guard",
    fixture: "invalid/unsupported_constructs",
    advice: "Record keys must be string or a union of string literals",
    apply: (s) =>
      s
        .replace(/enum Mixed \{[\s\S]*?\n\}/, 'type Mixed = "a" | 1;')
        .replace("Record<number, string>", "Record<string, string>"),
    input: "keyed",
    values: { accept: [{ "1": "a" }], reject: [{ "1": 1 }] },
  },
  {
    guard: "generic_guard",
    advice: "<T extends number>",
    apply: (s) => s.replace("check<T>", "check<T extends number>"),
    values: { accept: [1], reject: ["1"] },
    notes: ["FS104"],
  },
];

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe("the fix each refusal names works", () => {
  const expected = (fixture: string) =>
    JSON.parse(readFileSync(path.join(FIXTURES, fixture, "expected.json"), "utf8")) as { diagnostics: string[] };

  it("every refusal in refused_constructs and fix_messages, and every FS105 note, has a rewrite here", () => {
    const guardOf = (d: string) => d.slice(0, d.indexOf(".ts:"));
    const refused = [...expected(REFUSED).diagnostics, ...expected(MESSAGES).diagnostics].filter(
      (d) => !d.startsWith("SKILL.md"),
    );
    const noted = expected("valid/mixed_tuples").diagnostics.filter((d) => d.includes("FS105"));
    const covered = new Set(REWRITES.map((r) => r.guard));
    expect([...refused, ...noted].map(guardOf).filter((g) => !covered.has(g))).toEqual([]);
  });

  REWRITES.forEach((r, n) =>
    it(`${r.guard}: applying "${r.advice}" compiles to the meant schema`, async () => {
      const raised = expected(r.fixture ?? REFUSED).diagnostics;
      expect(raised.some((d) => d.startsWith(`${r.guard}.ts:`) && d.includes(r.advice))).toBe(true);
      expect(rewritten(r)).not.toBe(original(r));
      const { result, guards } = await roundOf(n);
      const own = formatted(result).filter((d) => d.startsWith(`${r.guard}.ts:`));
      expect(own.map((d) => /(FS\d{3})/.exec(d)![1])).toEqual(r.notes ?? []);
      // Nothing outside the round's rewritten guards: every diagnostic belongs to one of them.
      expect(formatted(result).filter((d) => !guards.some((g) => d.startsWith(`${g}.ts:`)))).toEqual([]);
      const tool = JSON.parse(result.files!.get("tools.json")!).tools.find(
        (t: { name: string }) => t.name === `check_${r.guard}`,
      );
      expect(misjudged(tool, r.input ?? "x", r.values)).toEqual([]);
    }),
  );
});

const original = (r: Rewrite) =>
  readFileSync(path.join(FIXTURES, r.fixture ?? REFUSED, "guards", `${r.guard}.ts`), "utf8");
const rewritten = (r: Rewrite) => r.apply(original(r));

/**
 * The rewrites compiled together, one gen run per round rather than one per rewrite: a round holds each
 * guard once, so a guard rewritten two ways goes to a later round (the same rewrite twice shares one).
 */
const ROUND_OF: readonly number[] = (() => {
  const rounds: Map<string, string>[] = [];
  return REWRITES.map((r) => {
    const text = rewritten(r);
    let k = rounds.findIndex((round) => (round.get(r.guard) ?? text) === text);
    if (k < 0) k = rounds.push(new Map()) - 1;
    rounds[k]!.set(r.guard, text);
    return k;
  });
})();
const runs = new Map<number, Promise<{ result: GenResult; guards: string[] }>>();

function roundOf(n: number): Promise<{ result: GenResult; guards: string[] }> {
  const k = ROUND_OF[n]!;
  let run = runs.get(k);
  if (!run) {
    const dir = path.join(SCRATCH, `round-${k}`, "guards");
    mkdirSync(dir, { recursive: true });
    const members = REWRITES.filter((_, i) => ROUND_OF[i] === k);
    for (const r of members) writeFileSync(path.join(dir, `${r.guard}.ts`), rewritten(r));
    const guards = [...new Set(members.map((r) => r.guard))];
    run = genFixture(dir).then((result) => ({ result, guards }));
    runs.set(k, run);
  }
  return run;
}
