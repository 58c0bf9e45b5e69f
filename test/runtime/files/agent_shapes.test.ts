// The shapes agents produce where a series or frame is expected: accepted when unambiguous, else
// refused with the fix in the message; never more than 10 offending keys echoed.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { dates, returns } from "./fixtures.js";
import { tools } from "../../gen/generated.js";

const N = 40;
const idx = dates(N);
const r = returns(N, 21);
const inline = { index: idx, values: r };
const run = (returnsArg: unknown) =>
  callToolUntyped("check_cost_curve", { returns: returnsArg, turnover: 0.5 }).then(
    (x) => x.evidence,
    (e: Error) => e.message,
  );

describe("agent shapes at a series input", () => {
  const accepted: [string, unknown][] = [
    ["{date: value} (Series.to_dict())", Object.fromEntries(idx.map((d, i) => [d, r[i]]))],
    [
      "{'YYYY-MM-DD 00:00:00': value} (pandas Timestamp keys)",
      Object.fromEntries(idx.map((d, i) => [`${d} 00:00:00`, r[i]])),
    ],
    ["Series orient=split {name, index, data}", { name: "strategy", index: idx, data: r }],
    ["{date: [...], strategy: [...]}", { date: idx, strategy: r }],
  ];
  for (const [what, arg] of accepted)
    it(`accepts ${what} as the same series`, async () => expect(await run(arg)).toEqual(await run(inline)));

  it("refuses {column: [values]} with several columns, naming at most 10 and the fix", async () => {
    const many = Object.fromEntries(Array.from({ length: 1304 }, (_, j) => [`c${j}`, r]));
    expect(await run(many)).toBe(
      'returns: expected a series, got a mapping of 1304 columns ["c0","c1","c2","c3","c4","c5","c6","c7","c8","c9"] ' +
        '... and 1,294 more; send one column as {"index": [...dates], "values": [...], "name": "c0"} or a file ' +
        "reference " +
        '{"file": ..., "column": ...}',
    );
  });

  it("echoes at most 10 unknown payload keys", async () => {
    const extra = Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`zz${j}`, 1]));
    expect(await run({ ...inline, ...extra })).toBe(
      'returns: unknown key(s) ["zz0","zz1","zz2","zz3","zz4","zz5","zz6","zz7","zz8","zz9"] ... and 2 more in the ' +
        'series payload; allowed: ["index","values","name","dtype","freq"]',
    );
  });

  it("puts the did-you-mean of a misspelt argument in the message text", async () => {
    const e = await callToolUntyped("check_cost_curve", { returns: r, turnover: 0.5, cost_bp: 3 }).catch(
      (x: Error) => x,
    );
    expect((e as Error).message).toBe(
      `check_cost_curve got unexpected argument(s) ["cost_bp"] - did you mean 'cost_bps' for 'cost_bp'?; accepted: ` +
        JSON.stringify(Object.keys(tools().find((t) => t.name === "check_cost_curve")!.input_schema.properties)),
    );
  });
});

describe("agent shapes at a frame input", () => {
  const k = 3;
  const n = 60;
  const cols = Array.from({ length: k }, (_, j) => returns(n, 50 + j));
  const bench = returns(n, 49);
  const spa = (model_returns: unknown) =>
    callToolUntyped("check_spa_test", { benchmark_returns: bench, model_returns, reps: 50, block_size: 3 }).then(
      (x) => x.evidence,
      (e: Error) => e.message,
    );
  const names = cols.map((_, j) => `m${j}`);
  const split = { columns: names, data: bench.map((_, i) => cols.map((c) => c[i])) };

  it("accepts {column: [values]} and {column: {row: value}} as the same frame", async () => {
    const want = await spa(split);
    expect(want).not.toBeTypeOf("string");
    expect(await spa(Object.fromEntries(names.map((m, j) => [m, cols[j]])))).toEqual(want);
    const nested = Object.fromEntries(
      names.map((m, j) => [m, Object.fromEntries(cols[j]!.map((x, i) => [String(i), x]))]),
    );
    expect(await spa(nested)).toEqual(want);
  });

  it("refuses columns of different lengths", async () => {
    expect(await spa({ m0: cols[0], m1: cols[1]!.slice(1) })).toBe(
      `model_returns: a {column: [values]} mapping needs columns of one length; got lengths [${n},${n - 1}]`,
    );
  });
});
