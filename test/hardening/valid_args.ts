// Known-good argument sets, one per served tool, plus a schema-driven builder for any tool not listed
// here (so a new tool is covered without editing this file). Used by the property, soak and HTTP tests.
import type { ToolEntry } from "../../src/runtime/index.js";

export const dates = (n: number, start = Date.UTC(2024, 0, 1)): string[] =>
  Array.from({ length: n }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
const wave = (n: number, a = 0.01, b = 0.001, k = 1) =>
  Array.from({ length: n }, (_, i) => Math.round((Math.sin(i * k) * a + b) * 1e6) / 1e6);

const D30 = dates(30);
const returns30 = { index: D30, values: wave(30) };
const prices30 = { index: D30, values: wave(30, 1, 100) };
const models = {
  index: D30,
  columns: ["m0", "m1", "m2"],
  data: D30.map((_, i) => [wave(30, 0.012, 0.002, 1.3)[i]!, wave(30, 0.02, 0, 2)[i]!, wave(30, 0.015, 0.0005, 3)[i]!]),
};

/** Hand-written valid arguments for the tools this project serves today. */
export const KNOWN: Record<string, Record<string, unknown>> = {
  list_skills: {},
  read_skill: { name: "backtest-validation" },
  search_skills: { terms: ["cost"], limit: 5 },
  list_guards: {},
  describe_guard: { name: "cost_curve" },
  bundle_coverage: { slots: ["returns", "turnover"] },
  check_backtest: { slots: { returns: returns30, turnover: 0.5 } },
  list_trials: { sharpe: 1.2 },
  check_adjustment_check: { close: prices30, actions: [["2023-06-01", 2]] },
  check_ashare_rules: {
    bar: { high: 10.5, low: 10, prev_close: 10, volume: 1000 },
    code: "600000",
    date: "2024-03-01",
  },
  check_brinson_attribution: {
    panel: {
      index: ["tech", "energy"],
      records: [
        { wp: 0.6, wb: 0.5, rp: 0.02, rb: 0.01 },
        { wp: 0.4, wb: 0.5, rp: -0.01, rb: 0.0 },
      ],
    },
  },
  check_contamination_probe: { cutoff: "2023-06-01", test_start: "2024-01-01", test_end: "2024-06-30" },
  check_continuous_contract: { stitched: prices30, method: "unadjusted" },
  check_cost_curve: { returns: returns30, turnover: 0.2, cost_bps: 10 },
  check_fx_conventions: { pair: "EURUSD", rate: 1.08, notional: 100000, trade_date: "2024-03-01" },
  check_greeks_convention: {
    greeks: { price: 10.45, delta: 0.64, gamma: 0.019, vega: 37.5, theta: -6.4, rho: 53.2 },
    flag: "call",
    moneyness: 1,
    convention: "absolute",
  },
  check_join_asof_sortedness: {
    left: [
      { t: 1, sym: "A" },
      { t: 3, sym: "A" },
      { t: 2, sym: "B" },
    ],
    right: [
      { t: 0, sym: "A", px: 10 },
      { t: 2, sym: "A", px: 11 },
      { t: 1, sym: "B", px: 20 },
    ],
    on: "t",
    by: "sym",
  },
  check_leveraged_reset: { index_returns: returns30, lev: 2 },
  check_npv_zero: { eval_date: "2026-06-04", curve_ref: "2026-06-04", expiry: "2027-06-04" },
  check_paper_account_guard: { broker: "ib", account_id: "DU1234567" },
  check_pit_fundamentals: {
    facts: [
      {
        start: "2022-07-01",
        end: "2022-09-30",
        val: 1.0e9,
        accn: "0000000001-22-000001",
        fy: 2022,
        fp: "Q3",
        form: "10-Q",
        filed: "2022-11-03",
      },
    ],
    as_of: "2023-01-15",
    used: { "2022-07-01..2022-09-30": 1.0e9 },
  },
  check_pit_universe: { universe: { "2020-01-01": ["A", "B"], "2020-04-01": ["A", "C"] } },
  check_purge_effect: {
    x: Array.from({ length: 20 }, (_, i) => [i]),
    y: Array.from({ length: 20 }, (_, i) => i % 2),
    horizon: 1,
    n_splits: 2,
  },
  check_reconcile_sources: { close: prices30, other: prices30 },
  check_regime_coverage: {
    dates: D30,
    asset: returns30.values,
    strategy: wave(30, 0.005),
    position: D30.map(() => 1),
    labels: D30.map((_, i) => (i < 15 ? "calm" : "storm")),
  },
  check_regime_lookahead: {
    regime: D30.map((_, i) => Math.floor(i / 5) % 2),
    p_calm: D30.map((_, i) => (Math.floor(i / 5) % 2 ? 0.2 : 0.8)),
  },
  check_research_audit: { best_sharpe: 1.2, n_obs: 500, n_trials: 10 },
  check_rf_convention: { returns: { values: [0.01, -0.005, 0.002, 0.004, -0.001] }, rf: 0.05 },
  check_safe_asof: {
    left: [
      { t: "2024-01-01T10:00:00Z", sym: "A" },
      { t: "2024-01-01T11:00:00Z", sym: "A" },
    ],
    right: [
      { t: "2024-01-01T09:58:00Z", sym: "A", px: 10 },
      { t: "2024-01-01T10:59:00Z", sym: "A", px: 11 },
    ],
    on: "t",
    by: "sym",
    tolerance: "5min",
  },
  check_spa_test: { benchmark_returns: returns30, model_returns: models, reps: 50, block_size: 3 },
  check_survivorship_audit: {
    prices: { index: D30, records: D30.map((_, i) => ({ A: 10 + i * 0.1, B: 20 - i * 0.1 })) },
  },
  check_trial_ledger: { best_sharpe: 1.5, n_obs: 750, sharpes: [0.2, 0.5, 1.5, -0.1, 0.9] },
  check_weight_traps: {
    asset_returns: {
      index: D30.slice(0, 10),
      records: D30.slice(0, 10).map((_, i) => ({
        a: wave(10)[i]!,
        b: wave(10, 0.02, 0, 2)[i]!,
        c: wave(10, 0.01, 0, 3)[i]!,
      })),
    },
  },
};

type Schema = Record<string, any>;

function resolve(s: Schema, root: Schema): Schema {
  if (s && typeof s.$ref === "string") {
    const name = s.$ref.split("/").pop()!;
    return { __def: name, ...(root.$defs?.[name] ?? {}) };
  }
  return s;
}

/** A small value that satisfies the fragment (best effort; guard-level rules are not known here). */
export function fromSchema(s0: Schema, root: Schema): unknown {
  const s = resolve(s0, root);
  if (s.__def === "series") return returns30;
  if (s.__def === "frame") return models;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return fromSchema(s.anyOf[0], root);
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (t) {
    case "string":
      return s.format === "date" ? "2024-01-02" : s.format === "date-time" ? "2024-01-02T00:00:00Z" : "x";
    case "integer":
      return Math.max(s.minimum ?? 1, 1);
    case "number":
      return s.minimum ?? 0.5;
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: s.minItems ?? 1 }, () => fromSchema(s.items ?? {}, root));
    case "object": {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = fromSchema(s.properties?.[k] ?? {}, root);
      return out;
    }
    default:
      return 1;
  }
}

/** The valid argument set for a tool: the known one, or one built from its input schema's required inputs. */
export function validArgs(t: ToolEntry): Record<string, unknown> {
  const known = KNOWN[t.name];
  if (known) return structuredClone(known);
  return fromSchema(t.input_schema as Schema, t.input_schema as Schema) as Record<string, unknown>;
}
