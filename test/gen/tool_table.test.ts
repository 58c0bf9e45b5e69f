// The committed tool table against docs/contract.md §1: names, schemas, exclusions and annotations.
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CATALOGUE, CATALOGUE_TOOL_NAMES } from "../../src/catalogue/tools.js";
import { LEDGER_ARGUMENT_SCHEMAS } from "../../src/catalogue/ledger_args.js";
import { lintSchema } from "../../scripts/gen/lint.js";
import { GUARDS } from "../../generated/dispatch.js";
import { EXPECTED_EXCLUDED, guardModules, guardsIndex, ledgerArguments, readJson, tools } from "./generated.js";

const ajv = () => new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
const excluded = () => readJson<{ excluded: any[]; omitted: Record<string, Record<string, string>> }>("excluded.json");

describe("exported and excluded guards", () => {
  it("exported and excluded partition the guard modules; the table has 7 + exported tools", () => {
    const exported = tools()
      .filter((t) => t.guard)
      .map((t) => t.guard!);
    const ex = excluded().excluded.map((e) => e.guard);
    expect([...exported, ...ex].sort()).toEqual(guardModules());
    expect(exported.filter((g) => ex.includes(g))).toEqual([]);
    expect(tools().length).toBe(CATALOGUE.length + exported.length);
  });
  it("excludes exactly the four in-process guards", () => {
    expect(
      excluded()
        .excluded.map((e) => e.guard)
        .sort(),
    ).toEqual(EXPECTED_EXCLUDED.filter((g) => guardModules().includes(g)));
  });
  it("gives every excluded guard a reason naming its inputs and runGuard", () => {
    for (const e of excluded().excluded) {
      expect(e.reason.length).toBeGreaterThan(0);
      expect(e.inputs.length).toBeGreaterThan(0);
      const g = guardsIndex().find((x) => x.guard === e.guard);
      for (const i of e.inputs) {
        expect(g.required).toContain(i.input);
        expect(i.why).toMatch(/^[\x20-\x7e]+$/);
        expect(e.reason).toContain(`${i.input} is ${i.why}`);
      }
      expect(e.reason).toMatch(/callable|live/);
      expect(e.reason).toContain(`runGuard('${e.guard}'`);
      expect(e.reason.startsWith("required input ")).toBe(true);
    }
  });
  it("names the expected blockers", () => {
    const by = Object.fromEntries(excluded().excluded.map((e) => [e.guard, e]));
    const blockers = (g: string) => by[g]?.inputs.map((i: any) => i.input) ?? [];
    if (by.assert_causal) expect(blockers("assert_causal")).toContain("fn");
    if (by.warmup_probe) expect(blockers("warmup_probe")).toContain("indicator");
    if (by.fold_leak_test) expect(blockers("fold_leak_test")).toContain("run_fold");
    if (by.result_manifest) expect(by.result_manifest.reason).toContain("a live ResultCard object");
  });
  it("omits function-typed optional inputs and says so", () => {
    const t = Object.fromEntries(tools().map((x) => [x.name, x]));
    const om = excluded().omitted;
    if (t.check_purge_effect) {
      expect(Object.keys(t.check_purge_effect.input_schema.properties)).not.toContain("score_fn");
      expect(Object.keys(om.purge_effect ?? {})).toContain("score_fn");
      expect(t.check_purge_effect.description).toContain("Not available over JSON");
      expect(t.check_purge_effect.description).toContain("score_fn");
    }
    if (t.check_contamination_probe) {
      const props = Object.keys(t.check_contamination_probe.input_schema.properties);
      expect(props).not.toContain("ask");
      expect(props).not.toContain("match");
      expect(props).toContain("items");
      expect(Object.keys(om.contamination_probe ?? {}).sort()).toEqual(["ask", "match"]);
    }
  });
});

describe("tool names and order", () => {
  it("puts the catalogue first, then check_<guard> sorted by guard", () => {
    const names = tools().map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]{0,47}$/);
    expect(names.slice(0, CATALOGUE.length)).toEqual([...CATALOGUE_TOOL_NAMES]);
    const guardTools = tools().slice(CATALOGUE.length);
    expect(guardTools.map((t) => t.guard)).toEqual([...guardTools.map((t) => t.guard)].sort());
    for (const t of guardTools) expect(t.name).toBe(`check_${t.guard}`);
    for (const g of EXPECTED_EXCLUDED) expect(names).not.toContain(`check_${g}`);
  });
  it("carries titles, and annotations that say which tools append to the ledger", () => {
    // A guard tool records when its dispatch entry has trials; check_backtest runs guard tools, so it records
    // when any of them does; every other tool is read-only.
    const exported = new Set(tools().map((t: any) => t.guard));
    const recorders = Object.entries(GUARDS).filter(([g, e]) => exported.has(g) && e.trials?.length);
    const records = (t: any) =>
      t.guard ? Boolean(GUARDS[t.guard]?.trials?.length) : t.name === "check_backtest" && recorders.length > 0;
    expect(recorders.length).toBeGreaterThan(0);
    for (const t of tools()) {
      expect(t.title).toMatch(/^[\x20-\x7e]{1,64}$/);
      expect(t.annotations, t.name).toEqual({
        readOnlyHint: !records(t),
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    expect(tools().find((t) => t.name === "check_cost_curve")!.annotations.readOnlyHint).toBe(false);
    // check_trial_ledger records the reported strategy's returns when sent (it measures them).
    expect(tools().find((t) => t.name === "check_trial_ledger")!.annotations.readOnlyHint).toBe(false);
    expect(tools().find((t) => t.name === "list_trials")!.annotations.readOnlyHint).toBe(true);
  });
});

describe("schemas", () => {
  it("pass the meta-schema, compile strictly and follow the portability rules", () => {
    for (const t of tools()) {
      expect(lintSchema(t.input_schema, "input"), t.name).toEqual([]);
      expect(lintSchema(t.output_schema, "output"), t.name).toEqual([]);
      expect(ajv().validateSchema(t.input_schema)).toBe(true);
      expect(() => ajv().compile(t.output_schema)).not.toThrow();
      expect(JSON.stringify(t.input_schema)).not.toMatch(/"\$schema"|"oneOf"/);
      for (const r of t.input_schema.required) expect(Object.keys(t.input_schema.properties)).toContain(r);
    }
  });
  it("reference only local series/frame definitions, all of them used", () => {
    for (const t of tools()) {
      const text = JSON.stringify({ ...t.input_schema, $defs: undefined });
      const used = [...text.matchAll(/"\$ref":"#\/\$defs\/(\w+)"/g)].map((m) => m[1]);
      const defs = Object.keys(t.input_schema.$defs ?? {});
      expect(new Set(used)).toEqual(new Set(defs));
      for (const d of defs) expect(["series", "frame"]).toContain(d);
      expect(JSON.stringify(t.output_schema)).not.toContain("$ref");
    }
  });
  it("validate real payloads and reject an extra key", () => {
    const byName = Object.fromEntries(tools().map((t) => [t.name, t]));
    const samples: [string, object][] = [
      ["check_rf_convention", { returns: { values: [0.1, -0.2] }, rf: 0.05 }],
      [
        "check_cost_curve",
        { returns: { index: ["2024-01-02", "2024-01-03"], values: [0.01, -0.02] }, turnover: 0.1, cost_bps: 10 },
      ],
    ];
    for (const [name, args] of samples) {
      if (!byName[name]) continue;
      const v = ajv().compile(byName[name].input_schema);
      expect(v(args), name).toBe(true);
      expect(v({ ...args, nope: 1 }), name).toBe(false);
    }
  });
});

describe("properties and descriptions", () => {
  it("has properties = inputs - omitted in parameter order, and required = required inputs", () => {
    const om = excluded().omitted;
    for (const t of tools().filter((x) => x.guard)) {
      const g = guardsIndex().find((x) => x.guard === t.guard);
      const inputs = [...g.required, ...g.optional].filter((n: string) => !(n in (om[t.guard!] ?? {})));
      const expected = [...inputs, ...ledgerArguments(t.guard!)];
      expect(Object.keys(t.input_schema.properties)).toEqual(expected);
      expect(t.input_schema.required).toEqual(g.required);
      for (const n of [...g.optional, ...g.requires.filter((r: string) => r.includes(" or "))])
        expect(t.input_schema.required).not.toContain(n);
    }
  });
  it("composes descriptions: ASCII, Required:, read_skill, each doc verbatim, defaults as Default <json>.", () => {
    for (const t of tools()) {
      expect(t.description).toMatch(/^[\x20-\x7e]+$/);
      expect(t.description.length).toBeGreaterThan(60);
      expect(t.description).toContain("Required:");
      if (!t.guard) continue;
      expect(t.description).toContain(`read_skill('${t.skill}')`);
      const g = guardsIndex().find((x) => x.guard === t.guard);
      const ledgerArgs = ledgerArguments(t.guard);
      for (const [name, prop] of Object.entries<any>(t.input_schema.properties))
        if (!ledgerArgs.includes(name)) expect(prop.description).toContain(g.inputs[name]);
        else expect(prop).toEqual(LEDGER_ARGUMENT_SCHEMAS[name as keyof typeof LEDGER_ARGUMENT_SCHEMAS]);
    }
    const cc = tools().find((t) => t.name === "check_cost_curve");
    if (cc) {
      expect(cc.input_schema.properties.returns.description).toContain("GROSS");
      expect(cc.input_schema.properties.bps.description).toContain("round-trip");
      expect(cc.input_schema.properties.bps.description).toContain("Default [0,5,10,20,50].");
    }
  });
  it("shows either/or requirements in requires and the description, never in required", () => {
    for (const t of tools().filter((x) => x.guard)) {
      const g = guardsIndex().find((x) => x.guard === t.guard);
      expect(t.requires).toEqual(g.requires);
      for (const r of t.requires!) expect(t.description).toContain(r);
      for (const r of t.requires!.filter((x) => x.includes(" or "))) expect(t.input_schema.required).not.toContain(r);
    }
    const req = (n: string) => tools().find((t) => t.name === n)?.requires;
    if (req("check_pit_universe"))
      expect(req("check_pit_universe")).toContain("universe or (members + rebalance_dates)");
    if (req("check_brinson_attribution")) expect(req("check_brinson_attribution")).toContain("panel or panels");
  });
});
