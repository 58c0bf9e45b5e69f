import { BadInputError, Outcome, invalid, fieldPath, type Frame } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { mean, finiteOrNull } from "../src/lib/stats.js";
import { carinoLink, compound, geometricLink } from "../src/lib/linking.js";
import { alignToFirst, readPanel, type PeriodPanel } from "./_brinson_attribution_panel.js";
import { describeCell } from "../src/lib/describe_value.js";
import { WorkMeter } from "../src/lib/work_meter.js";

export const skill = "portfolio-and-risk";
export const title = "Brinson attribution reconciliation";
export const required = [] as const;
export const optional = ["panel", "panels", "method", "tol", "weight_tol"] as const;
export const alternatives = [["panel", "panels"]] as const;

type Method = "fachler" | "bhb" | "topdown" | "geometric";
const METHODS: readonly Method[] = ["fachler", "bhb", "topdown", "geometric"];

/** One period's effects per sector and their totals. */
interface PeriodEffects {
  readonly allocation: number[];
  readonly selection: number[];
  readonly interaction: number[];
  readonly Rp: number;
  readonly Rb: number;
  /** Rp - Rb (arithmetic) or (1+Rp)/(1+Rb) - 1 (geometric). */
  readonly active: number;
  readonly allocationTotal: number;
  readonly selectionTotal: number;
  readonly interactionTotal: number;
}

/** One row of the `sectors` evidence table. */
interface SectorRow {
  sector: string;
  wp: number;
  wb: number;
  rp: number;
  rb: number;
  allocation: number | null;
  selection: number | null;
  interaction: number | null;
}

/** One row of the `periods` evidence table. */
interface PeriodRow {
  period: number;
  portfolio_return: number;
  benchmark_return: number;
  active_return: number;
  allocation: number;
  selection: number;
  interaction: number;
  k: number | null;
}

/** The reconciled (single, linked or compounded) attribution. */
interface Attribution {
  sectors: SectorRow[];
  allocationTotal: number;
  selectionTotal: number;
  interactionTotal: number;
  Rp: number;
  Rb: number;
  active: number;
  residual: number;
  linking: "none" | "carino" | "geometric-compounding";
  periods: PeriodRow[] | null;
  K: number | null;
  naiveResidual: number | null;
}

/**
 * Fails a Brinson performance attribution (allocation, selection, interaction by sector) whose weights
 * or effects do not reconcile to the active return (excess return over the benchmark).
 *
 * Attribution identities are exact, so a gap is a data error (a missing cash line, a dropped
 * sector, a NaN treated as zero, naive summation of multi-period effects), never rounding.
 * Several periods are Carino-linked (arithmetic methods) or compounded (geometric). Renormalising
 * weights to hide a gap is the wrong fix; add the missing line instead.
 *
 * Inputs
 *   panel : one period: a frame with one row per sector (label = the frame's index, or a
 *       'sector' column), columns wp, wb (portfolio and benchmark weights, fractions of the
 *       book) and rp, rb (portfolio and benchmark per-period simple sector returns). No nulls.
 *   panels : several consecutive periods, oldest first, each shaped like panel and with the
 *       same set of sectors; linked across periods.
 *   method : attribution scheme (geometric: Bacon's); case-insensitive.
 *   tol : reconciliation tolerance, as a return (decimal).
 *     @minimum 0
 *   weight_tol : tolerance on each period's weight sums (which must be 1).
 *     @minimum 0
 *
 * @keywords brinson, attribution, allocation, selection, sector, active, excess return
 */
export function check(
  panel?: Frame,
  panels?: readonly Frame[],
  method: Method = "fachler",
  tol: number = 1e-10,
  weight_tol: number = 1e-8,
) {
  const periods = requirePanels(panel, panels);
  const how = requireMethod(method);
  requireNumber("tol", tol, { atLeast: 0 });
  requireNumber("weight_tol", weight_tol, { atLeast: 0 });
  const multi = panels !== undefined;
  if (multi || how === "geometric") requireLinkable(periods, how, multi);

  const out = new Outcome();
  // Cancellation and the time limit are checked after each period's passes (about 4 per sector).
  const meter = new WorkMeter(periods.reduce((n, p) => n + 4 * p.sectors.length, 0));
  periods.forEach((p, t) => checkWeights(out, p, t, multi, weight_tol));
  const effects = periods.map((p) => {
    meter.tick(4 * p.sectors.length);
    return periodEffects(p, how);
  });
  const a = !multi
    ? singlePeriod(periods[0]!, effects[0]!, how)
    : how === "geometric"
      ? compoundedGeometric(periods, effects)
      : carinoLinked(periods, effects);
  reportReconciliation(out, a, how, periods.length, tol);

  return out
    .note("sectors", a.sectors)
    .note("allocation_total", a.allocationTotal)
    .note("selection_total", a.selectionTotal)
    .note("interaction_total", a.interactionTotal)
    .note("portfolio_return", a.Rp)
    .note("benchmark_return", a.Rb)
    .note("active_return", a.active)
    .note("residual", finiteOrNull(a.residual))
    .note("method", how)
    .note("linking", a.linking)
    .note("n_periods", periods.length)
    .note("periods", a.periods)
    .note("linking_coefficient", a.K)
    .note("naive_residual", a.naiveResidual)
    .done();
}

/** Exactly one of panel / panels; every period validated and aligned to the first's sectors. */
function requirePanels(panel: Frame | undefined, panels: readonly Frame[] | undefined): PeriodPanel[] {
  if (panel === undefined && panels === undefined) {
    throw new BadInputError("missing_argument", "", "missing required input(s) ['panel or panels']");
  }
  if (panel !== undefined && panels !== undefined)
    throw invalid("panels", "give panel (one period) or panels (several), not both");
  if (panel !== undefined) return [readPanel("panel", panel)];
  if (!Array.isArray(panels)) throw invalid("panels", "must be an array of frames, one per period, oldest first");
  if (panels.length === 0) throw invalid("panels", "must not be empty");
  const read = panels.map((f, t) => readPanel(fieldPath("panels", t), f));
  return read.map((p, t) => (t === 0 ? p : alignToFirst(p, t, read[0]!)));
}

function requireMethod(method: unknown): Method {
  const m = typeof method === "string" ? method.toLowerCase() : method;
  if (!METHODS.includes(m as Method))
    throw invalid(
      "method",
      `must be one of ${JSON.stringify(METHODS)} (case-insensitive), got ${describeCell(method)}`,
    );
  return m as Method;
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

/** Linking and geometric ratios need 1 + R > 0 for every period total (and Rs for geometric). */
function requireLinkable(periods: readonly PeriodPanel[], how: Method, multi: boolean): void {
  periods.forEach((p, t) => {
    const field = multi ? fieldPath("panels", t) : "panel";
    const why = multi ? "linking periods" : "the geometric method";
    const totals: [string, number][] = [
      ["Rp", dot(p.wp, p.rp)],
      ["Rb", dot(p.wb, p.rb)],
    ];
    if (how === "geometric") totals.push(["Rs (semi-notional, sum wp rb)", dot(p.wp, p.rb)]);
    for (const [name, r] of totals) {
      if (!(r > -1)) throw invalid(field, `period total ${name} = ${r} is <= -1; ${why} needs ln(1 + R)`);
    }
  });
}

/** Adds one error per period whose portfolio or benchmark weights miss 1 by more than weight_tol. */
function checkWeights(out: Outcome, p: PeriodPanel, t: number, multi: boolean, weightTol: number): void {
  const sp = sum(p.wp);
  const sb = sum(p.wb);
  if (Math.abs(sp - 1) <= weightTol && Math.abs(sb - 1) <= weightTol) return;
  const period = multi ? `period ${t} (panels/${t}): ` : "";
  out.error(
    `${period}weights do not sum to 1: sum wp = ${sp.toPrecision(10)}, sum wb = ${sb.toPrecision(10)} ` +
      `(weight_tol ${weightTol}); ` +
      "add the missing line (e.g. cash at return 0) rather than renormalising",
    "reconciliation",
  );
}

/** The per-sector effects of one period under `how` (spec table, step 2). */
function periodEffects(p: PeriodPanel, how: Method): PeriodEffects {
  const Rp = dot(p.wp, p.rp);
  const Rb = dot(p.wb, p.rb);
  const Rs = dot(p.wp, p.rb);
  const dw = p.wp.map((w, i) => w - p.wb[i]!);
  const n = p.sectors.length;
  const each = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  let allocation: number[];
  let selection: number[];
  let interaction: number[] = each(() => 0);
  let active = Rp - Rb;
  if (how === "geometric") {
    allocation = each((i) => dw[i]! * ((1 + p.rb[i]!) / (1 + Rb) - 1));
    // wp ((1+rp)/(1+rb) - 1)(1+rb)/(1+Rs), simplified so that rb = -1 stays defined.
    selection = each((i) => (p.wp[i]! * (p.rp[i]! - p.rb[i]!)) / (1 + Rs));
    active = (1 + Rp) / (1 + Rb) - 1;
  } else {
    allocation = each((i) => (how === "bhb" ? dw[i]! * p.rb[i]! : dw[i]! * (p.rb[i]! - Rb)));
    selection = each((i) => (how === "topdown" ? p.wp[i]! : p.wb[i]!) * (p.rp[i]! - p.rb[i]!));
    if (how !== "topdown") interaction = each((i) => dw[i]! * (p.rp[i]! - p.rb[i]!));
  }
  return {
    allocation,
    selection,
    interaction,
    Rp,
    Rb,
    active,
    allocationTotal: sum(allocation),
    selectionTotal: sum(selection),
    interactionTotal: sum(interaction),
  };
}

/** (1 + allocation)(1 + selection) - 1 for geometric, the plain sum otherwise. */
function combined(how: Method, allocation: number, selection: number, interaction: number): number {
  return how === "geometric" ? (1 + allocation) * (1 + selection) - 1 : allocation + selection + interaction;
}

function singlePeriod(p: PeriodPanel, e: PeriodEffects, how: Method): Attribution {
  const sectors = p.sectors.map((sector, i) => ({
    sector,
    wp: p.wp[i]!,
    wb: p.wb[i]!,
    rp: p.rp[i]!,
    rb: p.rb[i]!,
    allocation: e.allocation[i]!,
    selection: e.selection[i]!,
    interaction: e.interaction[i]!,
  }));
  const residual = combined(how, e.allocationTotal, e.selectionTotal, e.interactionTotal) - e.active;
  return {
    sectors,
    allocationTotal: e.allocationTotal,
    selectionTotal: e.selectionTotal,
    interactionTotal: e.interactionTotal,
    Rp: e.Rp,
    Rb: e.Rb,
    active: e.active,
    residual,
    linking: "none",
    periods: null,
    K: null,
    naiveResidual: null,
  };
}

/** Descriptive multi-period sector rows: mean weights, compounded sector returns. */
function sectorRows(
  periods: readonly PeriodPanel[],
  allocation: readonly number[],
  selection: readonly number[],
  interaction: readonly number[],
): SectorRow[] {
  return periods[0]!.sectors.map((sector, i) => ({
    sector,
    wp: mean(periods.map((p) => p.wp[i]!)),
    wb: mean(periods.map((p) => p.wb[i]!)),
    rp: compound(periods.map((p) => p.rp[i]!)),
    rb: compound(periods.map((p) => p.rb[i]!)),
    allocation: finiteOrNull(allocation[i]!),
    selection: finiteOrNull(selection[i]!),
    interaction: finiteOrNull(interaction[i]!),
  }));
}

function periodRows(effects: readonly PeriodEffects[], k: readonly number[] | null): PeriodRow[] {
  return effects.map((e, t) => ({
    period: t,
    portfolio_return: e.Rp,
    benchmark_return: e.Rb,
    active_return: e.active,
    allocation: e.allocationTotal,
    selection: e.selectionTotal,
    interaction: e.interactionTotal,
    k: k === null ? null : k[t]!,
  }));
}

/** Arithmetic methods over several periods: Carino-link every sector effect (step 4). */
function carinoLinked(periods: readonly PeriodPanel[], effects: readonly PeriodEffects[]): Attribution {
  const n = periods[0]!.sectors.length;
  const rp = effects.map((e) => e.Rp);
  const rb = effects.map((e) => e.Rb);
  const linked = carinoLink(
    effects.map((e) => [...e.allocation, ...e.selection, ...e.interaction]),
    rp,
    rb,
  );
  const allocation = linked.linked.slice(0, n);
  const selection = linked.linked.slice(n, 2 * n);
  const interaction = linked.linked.slice(2 * n);
  const active = linked.portfolioReturn - linked.benchmarkReturn;
  const [at, st, it] = [sum(allocation), sum(selection), sum(interaction)];
  const naiveSum = sum(effects.map((e) => e.allocationTotal + e.selectionTotal + e.interactionTotal));
  return {
    sectors: sectorRows(periods, allocation, selection, interaction),
    allocationTotal: at,
    selectionTotal: st,
    interactionTotal: it,
    Rp: linked.portfolioReturn,
    Rb: linked.benchmarkReturn,
    active,
    residual: at + st + it - active,
    linking: "carino",
    periods: periodRows(effects, linked.k),
    K: linked.K,
    naiveResidual: naiveSum - active,
  };
}

/** Geometric over several periods: compound the period totals, log-link the sector rows (step 5). */
function compoundedGeometric(periods: readonly PeriodPanel[], effects: readonly PeriodEffects[]): Attribution {
  const n = periods[0]!.sectors.length;
  const alloc = geometricLink(
    effects.map((e) => e.allocation),
    effects.map((e) => e.allocationTotal),
  );
  const sel = geometricLink(
    effects.map((e) => e.selection),
    effects.map((e) => e.selectionTotal),
  );
  const Rp = compound(effects.map((e) => e.Rp));
  const Rb = compound(effects.map((e) => e.Rb));
  const active = (1 + Rp) / (1 + Rb) - 1;
  return {
    sectors: sectorRows(periods, alloc.linked, sel.linked, new Array<number>(n).fill(0)),
    allocationTotal: alloc.total,
    selectionTotal: sel.total,
    interactionTotal: 0,
    Rp,
    Rb,
    active,
    residual: (1 + alloc.total) * (1 + sel.total) - 1 - active,
    linking: "geometric-compounding",
    periods: periodRows(effects, null),
    K: null,
    naiveResidual: null,
  };
}

const bps = (x: number) => `${x >= 0 ? "+" : ""}${(x * 1e4).toFixed(1)} bps`;

function reportReconciliation(out: Outcome, a: Attribution, how: Method, nPeriods: number, tol: number): void {
  const lhs = combined(how, a.allocationTotal, a.selectionTotal, a.interactionTotal);
  const form = how === "geometric" ? "(1 + allocation)(1 + selection) - 1" : "allocation + selection + interaction";
  const scope = a.linking === "none" ? "active return" : "compounded active return";
  if (!(Math.abs(a.residual) <= tol)) {
    out.error(
      `effects do not reconcile to the ${scope}: ${form} = ${lhs.toPrecision(10)} vs ${scope} ` +
        `${a.active.toPrecision(10)}, ` +
        `residual ${a.residual.toExponential(4)} (tol ${tol}); a gap is a data error (missing line, dropped ` +
        "sector, naive summation), not rounding",
      "reconciliation",
    );
  }
  if (!out.passing) return;
  if (a.linking === "none") {
    out.info(`single period: effects reconcile to active return ${bps(a.active)} (${how})`, "reconciliation");
  } else {
    const linkWord = a.linking === "carino" ? "Carino-linked" : "geometrically compounded";
    out.info(
      `${nPeriods} periods, ${linkWord}: effects reconcile to compounded active return ${bps(a.active)} (${how})`,
      "reconciliation",
    );
  }
}
