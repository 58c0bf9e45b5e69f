import {
  Outcome,
  invalid,
  fieldPath,
  type Frame,
  type Integer,
  type IsoDate,
  type Series,
} from "../src/contract/guard.js";
import { formatIsoDate, requireIsoDate } from "../src/lib/dates.js";
import { finiteOrNull, maxOf, minOf } from "../src/lib/stats.js";
import { isFrame } from "../src/lib/frame_shape.js";
import { describeCell } from "../src/lib/describe_value.js";

export const skill = "fundamental-and-macro-data";
export const title = "Point-in-time fundamentals";
export const required = ["facts", "as_of"] as const;
export const optional = ["used", "forms"] as const;

/** Two values are equal when |a - b| <= this x |b| (relative, no absolute floor). */
const EQUAL_REL = 1e-12;
/** A period is restated when its vintages span more than this x max(|max|, 1). */
const RESTATED_REL = 1e-9;

/** One company-facts entry, an element of the SEC `units.USD` list. */
export interface Fact {
  /** Period start, ISO date; absent for balance-sheet (instant) facts. */
  readonly start?: IsoDate;
  /** Period end, ISO date. */
  readonly end: IsoDate;
  /** The reported value, in the fact's unit (e.g. USD). */
  readonly val: number;
  /** Accession number of the filing that reported it. */
  readonly accn: string;
  /** Fiscal year of the filing. */
  readonly fy?: Integer;
  /** Fiscal period of the filing (FY, Q1 ... Q4). */
  readonly fp?: string;
  /** Form type, e.g. 10-Q, 10-Q/A, 10-K. */
  readonly form: string;
  /** Filing date, ISO date: the fact is public from this date. */
  readonly filed: IsoDate;
  /** SEC calendar frame label such as CY2022Q3; not used. */
  readonly frame?: string;
}

/** A validated fact with its period key and its position in the input. */
interface Vintage {
  readonly period: string;
  readonly start: string | null;
  readonly end: string;
  readonly val: number;
  readonly accn: string;
  readonly form: string;
  readonly filed: string;
  readonly filedDay: number;
}

/**
 * Catches look-ahead in fundamental and macro data: restated earnings, late filings and revised
 * figures (later vintages) used before they were public on the decision date (reporting lag, filing
 * date versus period end); builds the point-in-time view.
 *
 * It builds the point-in-time view as of a date, compares it with the naive latest view
 * (drop_duplicates(keep='last')), and checks the values a pipeline actually used.
 *
 * Inputs
 *   facts : company-facts entries (the units.USD list), non-empty; ISO dates, val in the fact's
 *       unit.
 *   as_of : the decision date; a fact is on file when filed <= as_of.
 *   used : the per-period values the pipeline consumed, keyed by period key
 *       "<start or instant>..<end>": a series indexed by period key, a frame with columns period
 *       and val, or an object {period: value}.
 *   forms : keep only facts whose form is in this list (exact match), e.g. ["10-K", "10-Q"];
 *       absent keeps all forms.
 *
 * Fails when a used value was not on file at as_of, is a vintage filed later, or matches nothing.
 * Without used, warns when the naive view differs from the point-in-time view.
 *
 * @keywords look-ahead, restated earnings, late filings, revised, vintages, reporting lag, filing date
 * @keywords point-in-time, macro
 */
export function check(
  facts: readonly Fact[],
  as_of: IsoDate,
  used?: Series | Frame | Record<string, number>,
  forms?: readonly string[],
) {
  const all = requireFacts(facts);
  const asOfDay = requireIsoDate("as_of", as_of);
  const asOf = formatIsoDate(asOfDay);
  const usedValues = used === undefined ? null : requireUsed(used);
  const kept = applyForms(all, forms);

  const sorted = kept
    .map((v, i) => ({ v, i }))
    .sort((a, b) => a.v.filedDay - b.v.filedDay || cmp(a.v.accn, b.v.accn) || a.i - b.i)
    .map((x) => x.v);
  const vintages = groupByPeriod(sorted);
  const naive = lastPerPeriod(sorted);
  const pit = lastPerPeriod(sorted.filter((v) => v.filedDay <= asOfDay));
  const leaky = [...pit.keys()].filter((p) => !equal(pit.get(p)!.val, naive.get(p)!.val));
  const unfiled = [...naive.keys()].filter((p) => !pit.has(p));

  const out = new Outcome();
  if (usedValues === null) {
    if (leaky.length + unfiled.length > 0) {
      out.warning(
        `${leaky.length} leaky period(s) (the latest vintage differs from the point-in-time figure) and ` +
          `${unfiled.length} unfiled period(s) (nothing on file at ${asOf}): drop_duplicates(keep='last') would ` +
          "use all of them",
        "vintages",
      );
    } else {
      out.info(`point-in-time and naive views agree on all ${naive.size} period(s) at ${asOf}`, "vintages");
    }
  } else {
    checkUsed(out, usedValues, vintages, pit, asOfDay, asOf);
  }

  return out
    .note("as_of", asOf)
    .note("pit", [...pit.values()].map(tableRow))
    .note("naive", [...naive.values()].map(tableRow))
    .note("restatements", restatements(vintages))
    .note("n_periods_on_file", pit.size)
    .note("leaky_periods", leaky)
    .note("unfiled_periods", unfiled)
    .note("n_used_checked", usedValues === null ? null : usedValues.length)
    .done();
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function equal(a: number, b: number): boolean {
  return Math.abs(a - b) <= EQUAL_REL * Math.abs(b);
}

/** Vintages per period, keys in code-unit order, each list in (filed, accn) order. */
function groupByPeriod(sorted: readonly Vintage[]): Map<string, Vintage[]> {
  const m = new Map<string, Vintage[]>();
  for (const p of [...new Set(sorted.map((v) => v.period))].sort(cmp)) m.set(p, []);
  for (const v of sorted) m.get(v.period)!.push(v);
  return m;
}

/** The last vintage of each period (keys in code-unit order). */
function lastPerPeriod(sorted: readonly Vintage[]): Map<string, Vintage> {
  const g = groupByPeriod(sorted);
  return new Map([...g].map(([p, vs]) => [p, vs[vs.length - 1]!] as const));
}

function tableRow(v: Vintage) {
  return { period: v.period, start: v.start, end: v.end, val: v.val, accn: v.accn, form: v.form, filed: v.filed };
}

function restatements(vintages: ReadonlyMap<string, readonly Vintage[]>) {
  const rows = [];
  for (const [period, vs] of vintages) {
    const vals = vs.map((v) => v.val);
    const hi = maxOf(vals);
    const lo = minOf(vals);
    if (!(hi - lo > RESTATED_REL * Math.max(Math.abs(hi), 1))) continue;
    const first = vs[0]!;
    const last = vs[vs.length - 1]!;
    rows.push({
      period,
      original: first.val,
      restated: last.val,
      pct_change: finiteOrNull(last.val / first.val - 1),
      first_filed: first.filed,
      last_filed: last.filed,
      accns: vs.map((v) => v.accn),
    });
  }
  return rows;
}

function checkUsed(
  out: Outcome,
  used: readonly [string, number][],
  vintages: ReadonlyMap<string, readonly Vintage[]>,
  pit: ReadonlyMap<string, Vintage>,
  asOfDay: number,
  asOf: string,
): void {
  let bad = 0;
  for (const [p, v] of used) {
    const vs = vintages.get(p);
    const onFile = pit.get(p);
    let message: string | null = null;
    if (vs === undefined) message = `period ${p} matches no period in facts`;
    else if (onFile === undefined) message = `period ${p} was not on file at ${asOf} (first filed ${vs[0]!.filed})`;
    else if (!equal(v, onFile.val)) {
      const later = [...vs].reverse().find((x) => x.filedDay > asOfDay && equal(v, x.val));
      message =
        later === undefined
          ? `value ${v} for ${p} matches no vintage`
          : `value ${v} for ${p} is the vintage filed ${later.filed}, after as_of; the point-in-time figure was ` +
            `${onFile.val}`;
    }
    if (message !== null) {
      out.error(message, p);
      bad += 1;
    }
  }
  if (bad === 0) out.info(`all ${used.length} used value(s) were on file at ${asOf}`, "used");
}

function applyForms(all: readonly Vintage[], forms: readonly string[] | undefined): Vintage[] {
  if (forms === undefined) return [...all];
  if (!Array.isArray(forms)) throw invalid("forms", `must be an array of form names, got ${JSON.stringify(forms)}`);
  forms.forEach((f, i) => {
    if (typeof f !== "string") throw invalid(fieldPath("forms", i), `must be a string, got ${JSON.stringify(f)}`);
  });
  const wanted = new Set(forms);
  const kept = all.filter((v) => wanted.has(v.form));
  if (kept.length === 0)
    throw invalid(
      "forms",
      `${JSON.stringify(forms)} keeps none of the ${all.length} fact(s); their forms are ` +
        `${JSON.stringify([...new Set(all.map((v) => v.form))])}`,
    );
  return kept;
}

function requireString(field: string, x: unknown): string {
  if (typeof x !== "string" || x === "")
    throw invalid(field, `must be a non-empty string, got ${JSON.stringify(x) ?? "nothing"}`);
  return x;
}

function requireFacts(facts: readonly Fact[]): Vintage[] {
  if (!Array.isArray(facts) || facts.length === 0)
    throw invalid("facts", "must be a non-empty array of company-facts entries");
  return facts.map((f, i) => {
    const at = (k: string) => fieldPath("facts", i, k);
    if (typeof f !== "object" || f === null || Array.isArray(f))
      throw invalid(fieldPath("facts", i), `must be an object, got ${JSON.stringify(f)}`);
    for (const k of ["end", "val", "accn", "form", "filed"] as const) {
      if (f[k] === undefined || f[k] === null)
        throw invalid(at(k), `is missing (every fact needs end, val, accn, form and filed)`);
    }
    if (typeof f.val !== "number" || !Number.isFinite(f.val))
      throw invalid(
        at("val"),
        `must be a finite number, got ${Number.isNaN(f.val) ? "null (missing)" : JSON.stringify(f.val)}`,
      );
    if (f.fy !== undefined && f.fy !== null && !Number.isInteger(f.fy))
      throw invalid(at("fy"), `must be an integer, got ${JSON.stringify(f.fy)}`);
    if (f.fp !== undefined && f.fp !== null && typeof f.fp !== "string")
      throw invalid(at("fp"), `must be a string, got ${JSON.stringify(f.fp)}`);
    const start =
      f.start === undefined || f.start === null ? null : formatIsoDate(requireIsoDate(at("start"), f.start));
    const end = formatIsoDate(requireIsoDate(at("end"), f.end));
    const filedDay = requireIsoDate(at("filed"), f.filed);
    return {
      period: `${start ?? "instant"}..${end}`,
      start,
      end,
      val: f.val,
      accn: requireString(at("accn"), f.accn),
      form: requireString(at("form"), f.form),
      filed: formatIsoDate(filedDay),
      filedDay,
    };
  });
}

/** The used values as [period, value] pairs in period-key order; duplicates and non-finite values are bad input. */
function requireUsed(used: Series | Frame | Record<string, number>): [string, number][] {
  const pairs = usedPairs(used);
  const seen = new Set<string>();
  for (const [p, v] of pairs) {
    if (seen.has(p)) throw invalid(fieldPath("used", p), `period ${p} is given twice`);
    seen.add(p);
    if (typeof v !== "number" || !Number.isFinite(v))
      throw invalid(fieldPath("used", p), "must be a finite number, got " + `${describeCell(v)}`);
  }
  return (pairs as [string, number][]).sort((a, b) => cmp(a[0], b[0]));
}

function usedPairs(used: unknown): [string, unknown][] {
  const shape =
    "must be a series indexed by period key, a frame with columns period and val, or an object {period: value}";
  if (typeof used !== "object" || used === null || Array.isArray(used))
    throw invalid("used", `${shape}, got ${used === null ? "null" : Array.isArray(used) ? "an array" : typeof used}`);
  if (isFrame(used)) {
    for (const c of ["period", "val"])
      if (!used.columns.includes(c))
        throw invalid("used", `${shape}; the frame has columns ${JSON.stringify(used.columns)}`);
    return used.data["period"]!.map((p, i) => [
      requirePeriodLabel(fieldPath("used", "records", i, "period"), p),
      used.data["val"]![i],
    ]);
  }
  const s = used as Series;
  if (Array.isArray(s.values)) {
    if (!Array.isArray(s.index) || s.index.length !== s.values.length)
      throw invalid("used", `${shape}; the series has no period-key index`);
    return s.values.map((v, i) => [requirePeriodLabel(fieldPath("used", "index", i), s.index![i]), v]);
  }
  return Object.entries(used as Record<string, unknown>);
}

function requirePeriodLabel(field: string, p: unknown): string {
  if (typeof p !== "string" || p === "")
    throw invalid(field, `a period key must be a string "<start or instant>..<end>", got ${JSON.stringify(p)}`);
  return p;
}
