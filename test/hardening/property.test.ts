// Property-based hardening of the call contract (docs/contract.md §3, §4) over EVERY served tool:
// arbitrary JSON per argument, and mutations of a valid argument set. Each call must resolve to a
// JSON-clean result or reject with a well-formed BadInputError, and never pollute
// a prototype. Default run is small; FS_PROPERTY_RUNS=500 npx vitest run test/hardening for a big one,
// FS_PROPERTY_SEED=<n> to change the (fixed by default) seed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listTools, type ToolEntry } from "../../src/runtime/index.js";
import { assertNoPollution, checkedCall, knownBug, promisesPassed } from "./contract.js";
import { applyAll, deepValue, mutationsArb } from "./mutations.js";
import { validArgs } from "./valid_args.js";

const RUNS = Number(process.env.FS_PROPERTY_RUNS ?? 25);
const SEED = Number(process.env.FS_PROPERTY_SEED ?? 20261202);
const TOOLS = listTools();
const params = (_t: ToolEntry) => ({
  numRuns: RUNS,
  seed: SEED,
  endOnFailure: false,
  interruptAfterTimeLimit: undefined,
});
// Per-test time budget: generous for the big run, still bounded.
const TEST_TIMEOUT = Math.max(60_000, RUNS * 3 * 1_000);

const props = (t: ToolEntry): string[] => Object.keys(((t.input_schema as any).properties ?? {}) as object);

/** Arbitrary JSON in scalar and nested positions, with the awkward numbers and strings mixed in. */
const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "NaN",
      "nan",
      "Infinity",
      "-Infinity",
      1e308,
      -1e308,
      5e-324,
      -0,
      "",
      "\u0000",
      "😀",
      "2024-13-01",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constant(null),
        fc.constantFrom("Infinity", "NaN", "x"),
      ),
      { maxLength: 40 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        index: fc.array(
          fc.oneof(
            fc
              .date({ noInvalidDate: true, min: new Date("1900-01-01"), max: new Date("2100-01-01") })
              .map((d) => d.toISOString().slice(0, 10)),
            fc.string({ maxLength: 4 }),
          ),
          { maxLength: 12 },
        ),
        values: fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)), {
          maxLength: 12,
        }),
      },
      { requiredKeys: [] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        columns: fc.array(fc.string({ maxLength: 3 }), { maxLength: 4 }),
        data: fc.array(
          fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)), { maxLength: 4 }),
          { maxLength: 8 },
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 200 }).chain((d) => fc.boolean().map((a) => deepValue(d, a))) },
);

/** An argument object over the tool's own parameter names (any subset), each value arbitrary JSON. */
const argsOver = (t: ToolEntry): fc.Arbitrary<Record<string, unknown>> =>
  props(t).length
    ? fc.record(Object.fromEntries(props(t).map((k) => [k, nastyJson])), { requiredKeys: [] })
    : fc.constant({});

describe("hardening: every served tool", () => {
  it("is derived from listTools() and each valid argument set resolves", async () => {
    expect(TOOLS.length).toBeGreaterThan(0);
    for (const t of TOOLS) {
      const o = await checkedCall(t, validArgs(t));
      expect.soft(o.kind, `${t.name} valid args: ${o.error?.message}`).toBe("result");
      if (promisesPassed(t)) expect.soft(typeof o.result?.passed).toBe("boolean");
    }
  });
});

describe.each(TOOLS.map((t) => [t.name, t] as const))("property %s", (_name, t) => {
  it("(a) arbitrary JSON for each argument: result or well-formed BadInputError", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(argsOver(t), async (args) => {
        fc.pre(!knownBug(t.name, args));
        await checkedCall(t, args);
      }),
      params(t),
    );
  });

  it("(a') arbitrary JSON as the whole arguments value", { timeout: TEST_TIMEOUT }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), nastyJson, { maxKeys: 4 })),
        async (args) => {
          fc.pre(!knownBug(t.name, args));
          const o = await checkedCall(t, args);
          if (args === null || typeof args !== "object" || Array.isArray(args)) {
            // §4.2 step 2: a non-object is refused for the whole call (undefined alone means {}).
            expect(o.kind).toBe("bad_input");
            expect(o.error!.code).toBe("not_an_object");
            expect(o.error!.field).toBe("");
          }
        },
      ),
      params(t),
    );
  });

  it("(b) mutations of a valid argument set: result or well-formed BadInputError", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    const base = validArgs(t);
    await fc.assert(
      fc.asyncProperty(mutationsArb, async (ms) => {
        const args = applyAll(base, ms);
        fc.pre(!knownBug(t.name, args));
        await checkedCall(t, args);
      }),
      params(t),
    );
    assertNoPollution(t.name);
  });
});

describe("hardening: targeted cases over every tool", () => {
  it(
    "prototype keys at the top level and inside the first argument " + "never pollute and are never internal errors",
    async () => {
      for (const t of TOOLS) {
        const base = validArgs(t);
        const first = props(t)[0];
        const bodies = [
          `{"__proto__":{"polluted":"yes"}}`,
          `{"constructor":{"prototype":{"polluted":"yes"}}}`,
          first ? `{${JSON.stringify(first)}:{"__proto__":{"polluted":"yes"},"values":[1,2,3]}}` : `{}`,
          first
            ? `{${JSON.stringify(first)}:{"constructor":{"prototype":{"polluted":"yes"}},"records":[{"a":1}]}}`
            : `{}`,
          `{"prototype":{"polluted":"yes"}}`,
        ];
        for (const b of bodies) {
          const args = { ...base, ...JSON.parse(b) };
          if (!knownBug(t.name, args)) await checkedCall(t, args);
          await checkedCall(t, JSON.parse(b));
        }
      }
      assertNoPollution("targeted prototype keys");
    },
  );
});

describe("hardening: regressions found by these properties", () => {
  const tool = (name: string) => TOOLS.find((t) => t.name === name);

  it("cost_curve answers a tiny positive turnover within the bound (was an infinite bisection loop)", async () => {
    const t = tool("check_cost_curve")!;
    for (const turnover of [1e-11, 1e-15, 5e-324, 1e-300])
      await checkedCall(t, { returns: [0.01, 0.02, -0.005], turnover });
  });

  it("lone surrogates are bad input (not_json), never internal errors", async () => {
    for (const [name, args] of [
      ["check_paper_account_guard", { broker: "\ud800", account_id: "DU1234567" }],
      ["bundle_coverage", { slots: ["\ud800", "turnover"] }],
    ] as const) {
      const o = await checkedCall(tool(name)!, args);
      expect(o.kind).toBe("bad_input");
      expect(o.error!.code).toBe("not_json");
    }
  });

  // Was a BUG (actions: [] decoded as a column-less frame was rejected); fixed, re-enabled.
  it("adjustment_check accepts an empty actions list, as its description promises", async () => {
    const t = tool("check_adjustment_check")!;
    const o = await checkedCall(t, { ...validArgs(t), actions: [] });
    expect(o.kind).toBe("result");
  });

  // Was a BUG (spa_test printed "p = undefined"); fixed, re-enabled.
  it("spa_test never prints undefined in a finding", async () => {
    const t = tool("check_spa_test")!;
    const b = Array.from({ length: 30 }, (_, i) => Math.sin(i) * 0.01);
    const r: any = (
      await checkedCall(t, {
        benchmark_returns: b,
        model_returns: { columns: ["a"], data: b.map((x) => [x]) },
        reps: 20,
      })
    ).result;
    for (const f of r.findings) expect(f.message).not.toMatch(/undefined/);
  });
});
