import { BadInputError, Outcome, invalid, type Frame, type Integer, type IsoDate } from "../src/contract/guard.js";
import { requireNumber } from "../src/lib/series.js";
import { formatIsoDate } from "../src/lib/dates.js";
import { mean } from "../src/lib/stats.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import {
  buildUnits,
  buildUniverse,
  readLiquidity,
  readMembers,
  readRebalanceDates,
  readUniverse,
  universeRecord,
  type DatedUniverse,
  type Screen,
} from "./_pit_universe_build.js";
import { requireInteger } from "../src/lib/integer_checks.js";

export const skill = "research-integrity-guards";
export const title = "Point-in-time universe";
export const required = [] as const;
export const optional = [
  "universe",
  "members",
  "rebalance_dates",
  "liquidity",
  "min_adv",
  "adv_lookback",
  "min_expected_turnover",
] as const;
export const alternatives = [["universe", ["members", "rebalance_dates"]]] as const;

/** Additions, removals and turnover per date (null on the first date / when undefined). */
interface Audit {
  readonly sizes: number[];
  readonly additions: (number | null)[];
  readonly removals: (number | null)[];
  readonly turnover: (number | null)[];
  readonly meanTurnover: number | null;
  readonly medianTurnover: number | null;
  readonly totalAdditions: number;
  readonly totalRemovals: number;
  readonly nEver: number;
  readonly neverLosesAName: boolean;
  readonly monotonicGrowth: boolean;
  readonly years: number;
}

/**
 * Flags a stock universe built from today's index constituents (current S&P 500 members) run
 * backwards: it never deletes a name. Audits, or rebuilds from add and drop events, point-in-time
 * index membership at each rebalance date.
 *
 * A real point-in-time universe loses members to delistings, mergers, bankruptcies and index
 * deletions at almost every rebalance; one built from today's constituent list only ever adds
 * names, so a backtest on it never holds the names that later failed and its returns are an
 * upper bound. The guard audits additions, removals and two-sided name turnover across
 * rebalance dates, or first builds the universe from a membership table (with an optional
 * trailing liquidity screen).
 *
 * Inputs
 *   universe : the universe as produced at each rebalance: {ISO date: [ticker strings]}, at
 *       least 2 dates.
 *   members : membership intervals, a frame with columns ticker, start_date, end_date (ISO
 *       dates, both ends inclusive; a null end_date means still a member). Needs rebalance_dates.
 *   rebalance_dates : rebalance dates (ISO dates), strictly increasing, at least 2. Only with
 *       members.
 *   liquidity : average daily traded value per ticker, in currency per day: a frame indexed by
 *       strictly increasing ISO dates, one column per ticker; null = no data that day. Only with
 *       members.
 *   min_adv : minimum trailing mean daily traded value (currency per day) to stay in the
 *       universe, > 0. Needs liquidity.
 *   adv_lookback : trailing window of the liquidity screen, in rows (days).
 *     @minimum 1
 *   min_expected_turnover : floor on the mean name turnover per rebalance ((additions +
 *       removals) / previous size, a fraction), >= 0.
 *
 * @keywords index constituents, today's, current, membership, point-in-time, rebalance
 */
export async function check(
  universe?: Readonly<Record<string, readonly string[]>>,
  members?: Frame,
  rebalance_dates?: readonly IsoDate[],
  liquidity?: Frame,
  min_adv?: number,
  adv_lookback: Integer = 21,
  min_expected_turnover: number = 0.005,
) {
  requireOneForm(universe, members, rebalance_dates, liquidity, min_adv);
  requireInteger("adv_lookback", adv_lookback, { min: 1 });
  requireNumber("min_expected_turnover", min_expected_turnover, { atLeast: 0 });
  const built = members !== undefined;
  const u = built
    ? await fromMembers(members, rebalance_dates!, liquidity, min_adv, adv_lookback)
    : readUniverse(universe!);

  const a = audit(u);
  const out = new Outcome();
  const verdict = judge(out, a, min_expected_turnover);
  if (liquidity !== undefined && min_adv === undefined) {
    out.warning("liquidity was given without min_adv: no screen was applied", "liquidity");
  }
  const dates = u.days.map(formatIsoDate);
  const series = (values: readonly (number | null)[]) => ({ index: dates, values: [...values] });
  return out
    .note("built_from_members", built)
    .note("verdict", verdict)
    .note("n_dates", u.days.length)
    .note("years", a.years)
    .note("sizes", series(a.sizes))
    .note("additions", series(a.additions))
    .note("removals", series(a.removals))
    .note("turnover", series(a.turnover))
    .note("mean_turnover", a.meanTurnover)
    .note("median_turnover", a.medianTurnover)
    .note("total_additions", a.totalAdditions)
    .note("total_removals", a.totalRemovals)
    .note("n_ever", a.nEver)
    .note("never_loses_a_name", a.neverLosesAName)
    .note("monotonic_growth", a.monotonicGrowth)
    .note("universe", built ? universeRecord(u) : null)
    .note("report", report(verdict, u, a))
    .done();
}

/** Exactly one form: universe, or members + rebalance_dates; the screen inputs only where they apply. */
function requireOneForm(
  universe: unknown,
  members: unknown,
  dates: unknown,
  liquidity: unknown,
  minAdv: unknown,
): void {
  if (universe === undefined && members === undefined && dates === undefined) {
    throw new BadInputError(
      "missing_argument",
      "",
      "missing required input(s) ['universe or (members + rebalance_dates)']",
    );
  }
  if (universe !== undefined && members !== undefined)
    throw invalid("members", "give universe or members + rebalance_dates, not both");
  if (universe !== undefined && dates !== undefined)
    throw invalid("rebalance_dates", "rebalance_dates goes with members; universe already carries its dates");
  if (members !== undefined && dates === undefined)
    throw invalid("rebalance_dates", "members needs rebalance_dates (missing)");
  if (members === undefined && dates !== undefined) throw invalid("members", "rebalance_dates needs members (missing)");
  if (liquidity !== undefined && universe !== undefined)
    throw invalid("liquidity", "the liquidity screen applies only when building from members, not to a given universe");
  if (minAdv !== undefined && liquidity === undefined) throw invalid("min_adv", "min_adv needs liquidity to screen on");
}

async function fromMembers(
  members: Frame,
  dates: readonly IsoDate[],
  liquidity: Frame | undefined,
  minAdv: number | undefined,
  lookback: number,
): Promise<DatedUniverse> {
  const m = readMembers(members);
  const days = readRebalanceDates(dates);
  if (minAdv !== undefined) requireNumber("min_adv", minAdv, { above: 0 });
  const screened = liquidity !== undefined && minAdv !== undefined;
  const liquidityCells = liquidity === undefined ? 0 : liquidity.nrows * liquidity.columns.length;
  const meter = new WorkMeter(liquidityCells + buildUnits(m.length, days.length, screened ? lookback : null));
  const liq = liquidity === undefined ? null : await readLiquidity(liquidity, meter);
  const screen: Screen | null = liq !== null && minAdv !== undefined ? { liquidity: liq, minAdv, lookback } : null;
  const u = await buildUniverse(m, days, screen, meter);
  await meter.finish();
  return u;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** Additions, removals and turnover for each consecutive pair of dates. */
function audit(u: DatedUniverse): Audit {
  const sets = u.lists.map((l) => new Set(l));
  const sizes = sets.map((s) => s.size);
  const additions: (number | null)[] = [null];
  const removals: (number | null)[] = [null];
  const turnover: (number | null)[] = [null];
  for (let t = 1; t < sets.length; t++) {
    const [prev, cur] = [sets[t - 1]!, sets[t]!];
    const add = [...cur].filter((x) => !prev.has(x)).length;
    const rem = [...prev].filter((x) => !cur.has(x)).length;
    additions.push(add);
    removals.push(rem);
    turnover.push(prev.size === 0 ? null : (add + rem) / prev.size);
  }
  const defined = turnover.filter((x): x is number => x !== null);
  const totalRemovals = removals.reduce<number>((s, x) => s + (x ?? 0), 0);
  return {
    sizes,
    additions,
    removals,
    turnover,
    meanTurnover: defined.length === 0 ? null : mean(defined),
    medianTurnover: defined.length === 0 ? null : median(defined),
    totalAdditions: additions.reduce<number>((s, x) => s + (x ?? 0), 0),
    totalRemovals,
    nEver: new Set(u.lists.flat()).size,
    neverLosesAName: totalRemovals === 0,
    monotonicGrowth: sizes.every((s, i) => i === 0 || s >= sizes[i - 1]!),
    years: (u.days[u.days.length - 1]! - u.days[0]!) / 365.25,
  };
}

/** Adds the verdict's findings and notes (first match wins); returns the verdict text. */
function judge(out: Outcome, a: Audit, minTurnover: number): string {
  if (a.sizes.every((s) => s === 0)) {
    const v = "EMPTY UNIVERSE: every universe is empty - nothing to audit";
    out.error(`${v}; a backtest on no names proves nothing`, "sizes");
    return v;
  }
  let verdict: string;
  const notes: string[] = [];
  if (a.neverLosesAName) {
    verdict =
      `CURRENT-SNAPSHOT SCREEN (red flag): ${a.sizes.length} rebalances over ${a.years.toFixed(1)} yr and not ` +
      "one name ever left";
    out.error(verdict, "removals");
    notes.push(
      "a point-in-time universe loses names to delistings, mergers and index deletions at almost every rebalance",
    );
    notes.push("results on this universe are an UPPER BOUND, not an estimate");
    notes.push(
      a.totalAdditions === 0
        ? "the same fixed ticker list at every date"
        : `names join but never leave (${a.totalAdditions} additions, 0 removals)`,
    );
  } else if (a.meanTurnover !== null && a.meanTurnover < minTurnover) {
    verdict = `SUSPICIOUSLY STATIC: mean turnover ${a.meanTurnover.toFixed(4)} per rebalance (floor ${minTurnover})`;
    out.error(verdict, "turnover");
  } else {
    verdict = "PLAUSIBLY POINT-IN-TIME";
    const mt = a.meanTurnover === null ? "n/a" : a.meanTurnover.toFixed(4);
    out.info(
      `${verdict}: mean turnover ${mt} per rebalance, ${a.totalRemovals} removal(s) over ${a.sizes.length} dates`,
      "universe",
    );
  }
  if (a.monotonicGrowth && a.totalRemovals > 0) notes.push("sizes never fall: deletions may be back-filled");
  for (const n of notes) out.warning(n, "notes");
  return verdict;
}

function report(verdict: string, u: DatedUniverse, a: Audit): string {
  const first = formatIsoDate(u.days[0]!);
  const last = formatIsoDate(u.days[u.days.length - 1]!);
  const mt = a.meanTurnover === null ? "n/a" : a.meanTurnover.toFixed(4);
  return [
    `pit_universe: ${verdict}`,
    `  dates ${u.days.length} (${first} .. ${last}, ${a.years.toFixed(2)} yr), sizes ${a.sizes[0]} -> ` +
      `${a.sizes[a.sizes.length - 1]}, ${a.nEver} names ever`,
    `  additions ${a.totalAdditions}, removals ${a.totalRemovals}, mean turnover ${mt}, monotonic growth ` +
      `${a.monotonicGrowth}`,
  ].join("\n");
}
