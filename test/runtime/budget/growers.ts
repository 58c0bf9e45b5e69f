// Arguments of every exported guard tool at a size n: each input that holds many values grows with n
// (several inputs together), the rest stays fixed. Used to check that prices grow with the real work.
import { loadTable } from "../../../src/runtime/table.js";
import { KNOWN, dates, validArgs } from "../../hardening/valid_args.js";

type Args = Record<string, unknown>;
const wave = (n: number, a = 0.01, b = 0.001, k = 1) =>
  Array.from({ length: n }, (_, i) => Math.round((Math.sin(i * k) * a + b) * 1e6) / 1e6);
const series = (n: number, a = 0.01, b = 0.001, k = 1) => ({ index: dates(n), values: wave(n, a, b, k) });
const later = (n: number) => dates(n, Date.UTC(2100, 0, 1));

/** Frame records with `k` numeric columns over `n` dated rows. */
function panel(n: number, k: number, level = 0) {
  const index = dates(n);
  const columns = Array.from({ length: k }, (_, j) => `c${j}`);
  return {
    index,
    columns,
    data: index.map((_, i) => columns.map((_, j) => level + Math.sin(i * 0.7 + j * 1.9) * 0.01)),
  };
}

/** n split steps between two sources, each unexplained by the n actions (they lie after every date). */
function reconcile(n: number): Args {
  const close = { index: dates(n), values: wave(n).map((_, i) => (i % 2 ? 100 : 110)) };
  const other = { index: dates(n), values: wave(n).map(() => 100) };
  return { close, other, actions: later(n).map((d) => [d, 2]) };
}

function pitFacts(n: number): Args {
  const facts = Array.from({ length: n }, (_, i) => ({
    start: dates(1, Date.UTC(2000, 0, 1) + i * 86_400_000)[0],
    end: dates(1, Date.UTC(2000, 0, 2) + i * 86_400_000)[0],
    val: 1e6 + i,
    accn: `0000000001-22-${String(i).padStart(6, "0")}`,
    form: "10-Q",
    filed: dates(1, Date.UTC(2000, 1, 1) + i * 86_400_000)[0],
  }));
  const forms = Array.from({ length: n }, (_, i) => `F${i}`).concat(["10-Q"]);
  return { facts, as_of: "2100-01-01", forms };
}

function asof(n: number, timed: boolean): Args {
  const t = (i: number) => (timed ? new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString() : i);
  const left = Array.from({ length: n }, (_, i) => ({ t: t(2 * i + 1), sym: `S${i % 7}` }));
  const right = Array.from({ length: n }, (_, i) => ({ t: t(2 * i), sym: `S${i % 7}`, px: i }));
  return timed ? { left, right, on: "t", by: "sym", tolerance: "5min" } : { left, right, on: "t", by: "sym" };
}

/** Growing arguments by tool name; a tool whose inputs have no size of their own keeps its known arguments. */
export const GROWERS: Readonly<Record<string, (n: number) => Args>> = {
  check_adjustment_check: (n) => ({
    close: series(n, 1, 100),
    actions: dates(n)
      .filter((_, i) => i % 2 === 1)
      .map((d) => [d, 2]),
  }),
  check_ashare_rules: (n) => ({
    ...KNOWN.check_ashare_rules,
    lots: dates(n, Date.UTC(2000, 0, 1)).map((d) => ({ date: d, qty: 100 })),
  }),
  check_brinson_attribution: (n) => ({
    panel: {
      index: Array.from({ length: n }, (_, i) => `s${i}`),
      records: Array.from({ length: n }, () => ({ wp: 1 / n, wb: 1 / n, rp: 0.01, rb: 0.005 })),
    },
  }),
  check_contamination_probe: (n) => ({
    ...KNOWN.check_contamination_probe,
    items: Array.from({ length: n }, (_, i) => ({
      asked_about: "2023-01-01",
      question: `q${i}`,
      truth: `t${i}`,
      answer: `t${i}`,
    })),
  }),
  check_continuous_contract: (n) => ({ stitched: series(n, 1, 100), method: "unadjusted" }),
  check_cost_curve: (n) => ({ returns: series(n), turnover: 0.2, cost_bps: 10 }),
  // Pairs must be distinct known currencies: the list is bounded by the currency table, not by n.
  check_fx_conventions: () => ({ ...KNOWN.check_fx_conventions }),
  check_greeks_convention: () => ({ ...KNOWN.check_greeks_convention }),
  check_join_asof_sortedness: (n) => asof(n, false),
  check_leveraged_reset: (n) => ({ index_returns: series(n), lev: 2 }),
  check_npv_zero: () => ({ ...KNOWN.check_npv_zero }),
  check_paper_account_guard: () => ({ ...KNOWN.check_paper_account_guard }),
  check_pit_fundamentals: pitFacts,
  check_pit_universe: (n) => ({
    universe: Object.fromEntries(dates(n).map((d, i) => [d, [`A${i % 5}`, `B${i % 3}`, "C"]])),
  }),
  check_purge_effect: (n) => ({
    x: Array.from({ length: n }, (_, i) => [Math.sin(i), Math.cos(i * 0.3)]),
    y: Array.from({ length: n }, (_, i) => i % 2),
    horizon: 1,
    n_splits: 2,
  }),
  check_reconcile_sources: reconcile,
  check_regime_coverage: (n) => ({
    dates: dates(n),
    asset: wave(n),
    strategy: wave(n, 0.005),
    position: wave(n).map(() => 1),
    labels: wave(n).map((_, i) => (Math.floor(i / 10) % 2 ? "calm" : "storm")),
  }),
  check_regime_lookahead: (n) => ({
    regime: wave(n).map((_, i) => Math.floor(i / 5) % 2),
    p_calm: wave(n).map((_, i) => (Math.floor(i / 5) % 2 ? 0.2 : 0.8)),
  }),
  check_research_audit: (n) => ({
    best_sharpe: 1.2,
    n_obs: 500,
    n_trials: 10,
    model_returns: panel(n, 4),
    n_blocks: 4,
  }),
  check_rf_convention: (n) => ({ returns: { values: wave(n) }, rf: 0.05 }),
  check_safe_asof: (n) => asof(n, true),
  check_spa_test: (n) => ({ benchmark_returns: series(n), model_returns: panel(n, 3), reps: 20, block_size: 3 }),
  check_survivorship_audit: (n) => ({ prices: panel(n, 3, 10) }),
  check_trial_ledger: (n) => ({ best_sharpe: 1.5, n_obs: 750, sharpes: wave(n, 0.5, 0.2) }),
  check_weight_traps: (n) => ({ asset_returns: panel(Math.max(10, n >> 3), Math.max(3, n >> 5)) }),
};

/** The payload an input schema takes, when it references one (directly or as a union branch). */
function payloadOf(schema: unknown): "series" | "frame" | null {
  const text = JSON.stringify(schema ?? null);
  return text.includes('"#/$defs/series"') ? "series" : text.includes('"#/$defs/frame"') ? "frame" : null;
}

/**
 * Growing arguments for a tool with no entry in GROWERS (a new guard): its valid arguments, with every
 * series input a series of n values and every frame input n rows of 3 columns.
 */
function fromSchemaGrower(tool: string): (n: number) => Args {
  const entry = loadTable().tools.find((t) => t.name === tool);
  if (!entry) throw new Error(`no tool ${tool} in the table`);
  const props = (entry.input_schema.properties ?? {}) as Record<string, unknown>;
  return (n) => {
    const args = validArgs(entry);
    for (const [name, schema] of Object.entries(props)) {
      const kind = payloadOf(schema);
      if (kind === "series") args[name] = series(n);
      else if (kind === "frame") args[name] = panel(n, 3);
    }
    return args;
  };
}

/** The tool's grower: its own in GROWERS, else one grown from its schema's series and frame inputs. */
export const growerFor = (tool: string): ((n: number) => Args) => GROWERS[tool] ?? fromSchemaGrower(tool);
