import { Outcome, invalid, type Frame, type Integer, type IsoDate } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { formatIsoDate, requireIsoDate } from "../src/lib/dates.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { isFrame } from "../src/lib/frame_shape.js";
import {
  readListings,
  readPricePanel,
  readTickerList,
  type Listing,
  type PricePanel,
} from "./_survivorship_audit_inputs.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import {
  type DelistingReturns,
  delistingLine,
  readDelistingReturns,
  reportDelistingReturns,
} from "./_survivorship_audit_delisting.js";

export const skill = "research-integrity-guards";
export const title = "Survivorship audit";
export const required = ["prices"] as const;
export const optional = [
  "listings",
  "sample_start",
  "sample_end",
  "min_gap_days",
  "expected_annual_delist_rate",
  "delisting_returns",
] as const;

/** Calendar days per year: CAGRs are annualised by the dates the return rows span, at any frequency. */
const CALENDAR_DAYS_PER_YEAR = 365.25;
/** A CAGR gap annualised from fewer years than this is too short to judge. */
const MIN_INFLATION_YEARS = 1;
/** Names listed in a finding message before "...". */
const MAX_NAMED = 10;

/** Per-name facts inside the sample window (day numbers). */
interface NameSpan {
  readonly ticker: string;
  readonly column: number;
  readonly first: number;
  readonly last: number;
}

/** The `inflation` evidence record, keys in the spec's order. */
interface Inflation {
  measurable: boolean;
  n_names: number;
  n_dead: number | null;
  full_universe_cagr: number | null;
  survivors_only_cagr: number | null;
  inflation_ann: number | null;
  inflation_bps: number | null;
  reason: string | null;
}

/** What the panel shows in the window; null fields without a panel. */
interface PanelFacts {
  readonly universe: readonly string[];
  readonly spans: readonly NameSpan[] | null;
  readonly emptyColumns: readonly string[];
  readonly dead: readonly string[] | null;
  readonly nStartedLate: number | null;
  readonly lastPanelDay: number | null;
}

/**
 * Flags survivorship bias: a long price panel with no delisted, bankrupt or acquired names is a
 * survivor-only dataset missing the losers, not a clean one; measures how much dropping the dead names
 * inflates returns.
 *
 * Over any multi-year window a few percent of listed companies delist every year; a panel built
 * from today's listings contains none of them, so every backtest on it skips the losers. The
 * guard counts names whose data stops before the end of the sample against the expected
 * delisting rate, checks a delisting table for names absent from the universe, and measures how
 * much dropping the dead names inflates the equal-weight CAGR. CAGRs are annualised by the
 * calendar dates of the index (growth^(365.25 / days spanned by the return rows)), so panels
 * of any frequency give the same answer for the same path. A negative gap means the
 * survivors underperformed the full universe (dead names did better before they left, e.g. bought
 * out at a premium). Evidence lists each dead name's exit date (its last price in the sample).
 * A gap annualised from under one year of sample warns that it is too short to judge.
 *
 * Inputs
 *   prices : the panel: a frame indexed by ISO dates (strictly increasing), one column of prices
 *       per ticker, null after a name stops trading and before it lists (null is meaningful
 *       here); non-null prices finite and > 0; any frequency (CAGRs are annualised by the
 *       calendar dates spanned). Or a bare array of ticker strings, which can only
 *       be checked against listings and needs sample_start and sample_end.
 *   listings : a listing/delisting table of the market the universe was drawn from: a frame
 *       with columns ticker, listing_date, delisting_date (ISO dates or null).
 *   sample_start : start of the sample (ISO date); default the first panel date.
 *   sample_end : end of the sample (ISO date), honoured by every check; default the last panel
 *       date.
 *   min_gap_days : calendar days: a name whose last observation is more than this before
 *       sample_end counts as dead (delisted), >= 0.
 *   expected_annual_delist_rate : prior share of names delisting per year, in [0, 1), a fraction
 *       (0.04 = 4 percent a year; a placeholder: state your market's).
 *     @minimum 0 @exclusiveMaximum 1
 *   delisting_returns : whether the returns built from prices include each delisted name's
 *       delisting return (its last move, e.g. CRSP's DLRET); "unknown" (not stated) warns;
 *       reported in the verdict.
 *
 * @keywords survivorship bias, delisted, bankrupt, acquired, losers, inflates returns
 */
export async function check(
  prices: Frame | readonly string[],
  listings?: Frame,
  sample_start?: IsoDate,
  sample_end?: IsoDate,
  min_gap_days: Integer = 30,
  expected_annual_delist_rate: number = 0.05,
  delisting_returns: DelistingReturns = "unknown",
) {
  // Work units: cells, counted once each for validation, the window scan and the two CAGRs.
  const meter = new WorkMeter(isFrame(prices) ? 4 * prices.nrows * prices.columns.length : 1);
  const panel = await readPrices(prices, sample_start, sample_end, meter);
  const table = listings === undefined ? null : readListings(listings);
  const start = sample_start === undefined ? panel!.days[0]! : requireIsoDate("sample_start", sample_start);
  const end =
    sample_end === undefined ? panel!.days[panel!.days.length - 1]! : requireIsoDate("sample_end", sample_end);
  if (!(start < end))
    throw invalid("sample_end", `sample_start ${formatIsoDate(start)} must be before sample_end ${formatIsoDate(end)}`);
  requireInteger("min_gap_days", min_gap_days, { min: 0 });
  const delisting = readDelistingReturns(delisting_returns);
  requireNumber("expected_annual_delist_rate", expected_annual_delist_rate, { atLeast: 0 });
  if (!(expected_annual_delist_rate < 1))
    throw invalid("expected_annual_delist_rate", `must be in [0, 1), got ${expected_annual_delist_rate}`);

  const facts =
    panel === null
      ? tickerFacts(prices as readonly string[])
      : await panelFacts(panel, start, end, min_gap_days, meter);
  const years = Math.max((end - start) / 365.25, 1e-9);
  const expectedFrac = 1 - (1 - expected_annual_delist_rate) ** years;
  const missing = table === null ? [] : missingDelisted(table, facts.universe, start, end);
  const prelisting = table === null || facts.spans === null ? [] : prelistingNames(table, facts.spans);
  const nNames = facts.universe.length;
  const fracEnded = facts.dead === null ? null : facts.dead.length / nNames;
  const inflation = panel === null ? noPanelInflation(nNames) : await measureInflation(panel, facts, start, end, meter);
  await meter.finish();

  const out = new Outcome();
  const notes: string[] = [];
  const verdict = judge(out, notes, { missing, facts, years, expectedFrac, fracEnded, nNames });
  if (inflation.measurable) out.info(inflationLine(inflation.inflation_bps!), "inflation");
  reportDelistingReturns(out, delisting, facts.dead === null ? null : facts.dead.length);
  addNotes(notes, { prelisting, inflation, facts, end, minGap: min_gap_days, years });
  for (const n of notes) out.warning(n, "notes");

  const dates = [formatIsoDate(start), formatIsoDate(end)] as const;
  const summary = report(verdict, ...dates, years, nNames, facts, expectedFrac, missing, inflation);
  return out
    .note("verdict", verdict)
    .note("sample_start", formatIsoDate(start))
    .note("sample_end", formatIsoDate(end))
    .note("n_names", nNames)
    .note("n_empty_columns", facts.emptyColumns.length)
    .note("years", years)
    .note("n_ended_early", facts.dead === null ? null : facts.dead.length)
    .note("frac_ended_early", fracEnded)
    .note("expected_frac_ended_early", panel === null ? null : expectedFrac)
    .note("n_started_late", facts.nStartedLate)
    .note("n_missing_delisted", missing.length)
    .note("missing_delisted", missing)
    .note("n_prelisting_data", prelisting.length)
    .note("prelisting_names", prelisting)
    .note("inflation", inflation)
    .note("exit_dates", exitDates(facts))
    .note("delisting_returns", delisting)
    .note("annualisation", "calendar: CAGR = growth^(365.25 / days spanned by the return rows) - 1")
    .note("report", `${summary}\n${delistingLine(delisting)}`)
    .done();
}

/** The price frame, or null for a ticker list (which needs both sample dates). */
async function readPrices(
  prices: Frame | readonly string[],
  start: IsoDate | undefined,
  end: IsoDate | undefined,
  meter: WorkMeter,
): Promise<PricePanel | null> {
  if (Array.isArray(prices)) {
    readTickerList(prices);
    if (start === undefined || end === undefined)
      throw invalid(
        start === undefined ? "sample_start" : "sample_end",
        "a bare ticker list needs both sample_start and sample_end",
      );
    return null;
  }
  if (!isFrame(prices))
    throw invalid("prices", "must be a price frame indexed by ISO dates, or an array of ticker strings");
  return readPricePanel(prices, meter);
}

function tickerFacts(list: readonly string[]): PanelFacts {
  return { universe: [...list], spans: null, emptyColumns: [], dead: null, nStartedLate: null, lastPanelDay: null };
}

/** First / last observation per name inside [start, end]; dead and late-starting names. */
async function panelFacts(
  p: PricePanel,
  start: number,
  end: number,
  minGap: number,
  meter: WorkMeter,
): Promise<PanelFacts> {
  const rows = windowRows(p, start, end);
  const spans: NameSpan[] = [];
  const emptyColumns: string[] = [];
  for (let j = 0; j < p.tickers.length; j++) {
    const ticker = p.tickers[j]!;
    const seen = rows.filter((i) => !Number.isNaN(p.columns[j]![i]!));
    if (seen.length === 0) emptyColumns.push(ticker);
    else spans.push({ ticker, column: j, first: p.days[seen[0]!]!, last: p.days[seen[seen.length - 1]!]! });
    await meter.add(p.days.length);
  }
  if (spans.length === 0)
    throw invalid(
      "prices",
      `no ticker has a price between ${formatIsoDate(start)} and ${formatIsoDate(end)}: nothing to audit`,
    );
  return {
    universe: spans.map((s) => s.ticker),
    spans,
    emptyColumns,
    dead: spans.filter((s) => s.last < end - minGap).map((s) => s.ticker),
    nStartedLate: spans.filter((s) => s.first > start + minGap).length,
    lastPanelDay: p.days[p.days.length - 1]!,
  };
}

/** Row positions dated within [start, end]. */
function windowRows(p: PricePanel, start: number, end: number): number[] {
  const rows: number[] = [];
  p.days.forEach((d, i) => {
    if (d >= start && d <= end) rows.push(i);
  });
  return rows;
}

/** Tickers delisted within [start, end] that are not in the universe, sorted, unique. */
function missingDelisted(table: readonly Listing[], universe: readonly string[], start: number, end: number): string[] {
  const inUniverse = new Set(universe);
  const hits = table.filter(
    (l) => l.delisting !== null && l.delisting >= start && l.delisting <= end && !inUniverse.has(l.ticker),
  );
  return [...new Set(hits.map((l) => l.ticker))].sort();
}

/** Universe names whose first observation is earlier than (earliest listing_date) - 1 day, sorted. */
function prelistingNames(table: readonly Listing[], spans: readonly NameSpan[]): string[] {
  const listed = new Map<string, number>();
  for (const l of table) {
    if (l.listing === null) continue;
    const prior = listed.get(l.ticker);
    if (prior === undefined || l.listing < prior) listed.set(l.ticker, l.listing);
  }
  return spans
    .filter((s) => listed.has(s.ticker) && s.first < listed.get(s.ticker)! - 1)
    .map((s) => s.ticker)
    .sort();
}

/**
 * Equal-weight CAGR over the return rows of the names in `cols`, annualised by calendar days from
 * the first counted row's start date to the last counted row's date; null when there are none.
 */
async function equalWeightCagr(
  p: PricePanel,
  cols: readonly number[],
  rows: readonly number[],
  meter: WorkMeter,
): Promise<number | null> {
  let growth = 1;
  let nRows = 0;
  let firstDay = NaN;
  let lastDay = NaN;
  for (let r = 1; r < rows.length; r++) {
    const [a, b] = [rows[r - 1]!, rows[r]!];
    let s = 0;
    let k = 0;
    for (const j of cols) {
      const [p0, p1] = [p.columns[j]![a]!, p.columns[j]![b]!];
      if (!Number.isNaN(p0) && !Number.isNaN(p1)) {
        s += p1 / p0 - 1;
        k += 1;
      }
    }
    await meter.add(cols.length);
    if (k === 0) continue;
    growth *= 1 + s / k;
    nRows += 1;
    if (nRows === 1) firstDay = p.days[a]!;
    lastDay = p.days[b]!;
  }
  return nRows === 0 ? null : growth ** (CALENDAR_DAYS_PER_YEAR / (lastDay - firstDay)) - 1;
}

async function measureInflation(
  p: PricePanel,
  facts: PanelFacts,
  start: number,
  end: number,
  meter: WorkMeter,
): Promise<Inflation> {
  const rows = windowRows(p, start, end);
  const spans = facts.spans!;
  const deadSet = new Set(facts.dead!);
  const survivors = spans.filter((s) => !deadSet.has(s.ticker)).map((s) => s.column);
  const full = await equalWeightCagr(
    p,
    spans.map((s) => s.column),
    rows,
    meter,
  );
  const surv = survivors.length === 0 ? null : await equalWeightCagr(p, survivors, rows, meter);
  const base = {
    measurable: false,
    n_names: spans.length,
    n_dead: deadSet.size,
    full_universe_cagr: full,
    survivors_only_cagr: surv,
    inflation_ann: null,
    inflation_bps: null,
  };
  if (deadSet.size === 0) return { ...base, reason: "no dead names: nothing to compare the survivors with" };
  if (survivors.length === 0) return { ...base, reason: "no survivors: every name counts as dead" };
  if (full === null || surv === null)
    return { ...base, reason: "no return rows (no two consecutive prices) in the sample" };
  return { ...base, measurable: true, inflation_ann: surv - full, inflation_bps: 1e4 * (surv - full), reason: null };
}

/** The survivors-minus-universe gap in words: a positive gap inflates, a negative one is underperformance. */
function inflationLine(bps: number): string {
  if (bps >= 0) return `survivors-only subset inflates CAGR by ${bps.toFixed(1)} bps/yr`;
  return (
    `survivors underperform the full universe by ${(-bps).toFixed(1)} bps/yr: the dead names did better ` +
    `before they left (bought out at a premium, or the window ends before their losses)`
  );
}

/** Dead name -> ISO date of its last price in the sample, in universe order; null without a panel. */
function exitDates(f: PanelFacts): Record<string, string> | null {
  if (f.spans === null || f.dead === null) return null;
  const dead = new Set(f.dead);
  const out: Record<string, string> = {};
  for (const s of f.spans) {
    if (dead.has(s.ticker))
      Object.defineProperty(out, s.ticker, { value: formatIsoDate(s.last), enumerable: true, writable: true });
  }
  return out;
}

function noPanelInflation(nNames: number): Inflation {
  return {
    measurable: false,
    n_names: nNames,
    n_dead: null,
    full_universe_cagr: null,
    survivors_only_cagr: null,
    inflation_ann: null,
    inflation_bps: null,
    reason: "no price panel (a ticker list carries no prices)",
  };
}

interface Evidence {
  readonly missing: readonly string[];
  readonly facts: PanelFacts;
  readonly years: number;
  readonly expectedFrac: number;
  readonly fracEnded: number | null;
  readonly nNames: number;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function named(list: readonly string[]): string {
  const shown = list.slice(0, MAX_NAMED).join(", ");
  return list.length > MAX_NAMED ? `${shown}, ... (${list.length - MAX_NAMED} more)` : shown;
}

/** Adds the verdict finding (strongest evidence first) and the UPPER BOUND note; returns the verdict. */
function judge(out: Outcome, notes: string[], e: Evidence): string {
  if (e.missing.length > 0) {
    const v =
      `SURVIVOR-BIASED (confirmed): ${e.missing.length} names delisted in the sample ` + "are absent from the universe";
    out.error(`${v}: ${named(e.missing)}`, "listings");
    return v;
  }
  if (e.facts.dead === null) {
    const v = "UNTESTABLE: supply a price panel or a delisting table";
    out.error(`${v} - an unproven universe is treated as a biased one`, "panel");
    return v;
  }
  const nDead = e.facts.dead.length;
  const counts =
    `${nDead} of ${e.nNames} names (${pct(e.fracEnded!)}) ended ` + `early; expected share ${pct(e.expectedFrac)}`;
  if (nDead === 0 && e.years >= 1) {
    const v =
      `SURVIVOR-ONLY SNAPSHOT (red flag): no name stops trading in ${e.years.toFixed(1)} years; about ` +
      `${pct(e.expectedFrac)} should have`;
    out.error(`${v} (${counts})`, "panel");
    notes.push("results from this universe are an UPPER BOUND, not an estimate");
    return v;
  }
  if (nDead === 0) {
    const v = `UNTESTABLE: ${e.years.toFixed(2)} years with no dead names is too short to test`;
    out.warning(`${v} - survivorship is untestable on this window, not disproved`, "panel");
    return v;
  }
  if (e.fracEnded! < 0.5 * e.expectedFrac) {
    const v = "LIKELY SURVIVOR-BIASED";
    out.error(`${v}: ${counts}, under half of it`, "panel");
    return v;
  }
  const v = "PLAUSIBLY BIAS-FREE";
  out.info(`${v}: ${counts}`, "panel");
  return v;
}

interface NoteFacts {
  readonly prelisting: readonly string[];
  readonly inflation: Inflation;
  readonly facts: PanelFacts;
  readonly end: number;
  readonly minGap: number;
  readonly years: number;
}

/** Notes in a fixed order; the UPPER BOUND note (from judge) stays last. */
function addNotes(notes: string[], n: NoteFacts): void {
  const extra: string[] = [];
  if (n.prelisting.length > 0)
    extra.push(`${n.prelisting.length} names have prices before their listing date: ${named(n.prelisting)}`);
  if (n.inflation.measurable && n.years < MIN_INFLATION_YEARS)
    extra.push(
      `the CAGR gap is annualised from ${n.years.toFixed(2)} years: too short to judge (this guard needs at ` +
        `least ${MIN_INFLATION_YEARS} year)`,
    );
  if ((n.facts.dead?.length ?? 0) > 0 && !n.inflation.measurable)
    extra.push(`inflation unmeasurable despite dead names (${n.inflation.reason}) - check min_gap_days`);
  const last = n.facts.lastPanelDay;
  if (last !== null && n.end - last > n.minGap) {
    extra.push(
      `sample_end ${formatIsoDate(n.end)} is ${n.end - last} days after the last panel date ` +
        `${formatIsoDate(last)}: every name counts as dead`,
    );
  }
  if (n.facts.emptyColumns.length > 0)
    extra.push(
      `${n.facts.emptyColumns.length} empty column(s) dropped (no price in the sample): ${named(n.facts.emptyColumns)}`,
    );
  notes.unshift(...extra);
}

function report(
  verdict: string,
  start: string,
  end: string,
  years: number,
  nNames: number,
  f: PanelFacts,
  expected: number,
  missing: readonly string[],
  inf: Inflation,
): string {
  const dead =
    f.dead === null ? "n/a (no panel)" : `${f.dead.length} (${pct(f.dead.length / nNames)}; expected ${pct(expected)})`;
  const inflation = !inf.measurable
    ? `not measurable (${inf.reason})`
    : inf.inflation_bps! >= 0
      ? `${inf.inflation_bps!.toFixed(1)} bps/yr`
      : `negative: survivors underperform by ${(-inf.inflation_bps!).toFixed(1)} bps/yr`;
  return [
    `survivorship_audit: ${verdict}`,
    `  sample ${start} .. ${end} (${years.toFixed(2)} yr), ${nNames} names, ${f.emptyColumns.length} empty column(s)`,
    `  ended early ${dead}, started late ${f.nStartedLate ?? "n/a"}, delisted but missing ${missing.length}`,
    `  survivor inflation ${inflation}`,
  ].join("\n");
}
