import {
  Outcome,
  invalid,
  fieldPath,
  type Frame,
  type IsoDate,
  type Label,
  type Series,
} from "../src/contract/guard.js";
import { requireDatedIndex, requireNumber, requireNumbers } from "../src/lib/series.js";
import { requireIsoTimestamp } from "../src/lib/dates.js";
import {
  differenceBackAdjust,
  gapDifference,
  gapRatio,
  ratioBackAdjust,
  type RollGap,
} from "../src/lib/price_adjust.js";
import { WorkMeter } from "../src/lib/work_meter.js";

export const skill = "futures-continuous-contracts";
export const title = "Continuous futures contract method";
export const required = ["stitched", "method"] as const;
export const optional = ["contracts", "roll_dates", "atol"] as const;

type Method = "difference" | "ratio" | "unadjusted";
const METHODS: readonly string[] = ["difference", "ratio", "unadjusted"];
/** Rows per step in the decimal back-adjustment loops (a few microseconds per row). */
const DECIMAL_CHUNK = 5000;

/** The series rebuilt from contracts and roll dates, over the span. */
interface Rebuild {
  readonly labels: readonly Label[];
  readonly ms: readonly number[];
  readonly unadjusted: readonly number[];
  readonly difference: readonly number[];
  readonly ratio: readonly number[];
  /** truth[t] for t >= 1: the active contract's return against its own previous close; truth[0] NaN. */
  readonly truth: readonly number[];
  readonly rolls: readonly {
    date: Label;
    old_close: number;
    new_close: number;
    gap_difference: number;
    gap_ratio: number;
  }[];
}

/**
 * Fails percentage returns taken off an unadjusted or difference-adjusted (Panama, back-adjusted)
 * continuous futures series, where roll gaps and negative prices distort returns, and with the
 * underlying contracts verifies that the stitched front-month series is what the stated method
 * produces.
 *
 * Inputs
 *   stitched : the continuous price series about to be used for percentage returns, dated.
 *   method : the method that built stitched (difference = Panama, roll gaps added to earlier
 *       prices; ratio = earlier prices multiplied by new/old; unadjusted = spliced as is).
 *   contracts : each contract's closes (price), one column per contract ordered near to far,
 *       index = ISO dates, null outside the contract's trading life; given with roll_dates.
 *   roll_dates : one roll date per adjacent pair of contracts, strictly increasing, each a row of
 *       contracts; contract j is held through the close of roll date j inclusive.
 *   atol : absolute price tolerance for matching stitched to the rebuild and for treating a roll
 *       gap as zero (>= 0).
 *
 * Only a ratio-adjusted series reproduces a rolled position's percentage returns. Evidence
 * carries the rolls, both rebuilt series and the level and return errors.
 *
 * @keywords futures, continuous, roll, panama, back-adjusted, stitched, front-month
 */
export async function check(
  stitched: Series,
  method: Method,
  contracts?: Frame,
  roll_dates?: readonly IsoDate[],
  atol: number = 1e-6,
) {
  const values = requireNumbers("stitched", stitched);
  const progress = new WorkMeter(
    contracts === undefined || contracts === null || typeof contracts.nrows !== "number"
      ? 0
      : 6 * contracts.nrows + contracts.columns.length,
  );
  await progress.advance(0);
  const stitchedMs = requireDatedIndex("stitched", stitched);
  await progress.advance(0);
  if (typeof method !== "string" || !METHODS.includes(method))
    throw invalid("method", `must be one of ${JSON.stringify(METHODS)}, got ${JSON.stringify(method) ?? "undefined"}`);
  requireNumber("atol", atol, { atLeast: 0 });
  if ((contracts === undefined) !== (roll_dates === undefined)) {
    throw contracts === undefined
      ? invalid("contracts", "is required together with roll_dates")
      : invalid("roll_dates", "is required together with contracts");
  }
  const rebuild = contracts === undefined ? null : await rebuildFromContracts(contracts, roll_dates!, progress);
  if (rebuild !== null) requireSameDates(stitched, stitchedMs, rebuild);
  await progress.advance(0);

  const out = new Outcome();
  const minPrice = values.reduce((m, v) => Math.min(m, v), Infinity);
  reportMethod(out, method, rebuild, atol);
  if (minPrice <= 0) out.error(`non-positive prices (min ${minPrice}): percentage returns are undefined`, "min_price");
  const errors = rebuild === null ? null : compare(values, rebuild, method, atol);
  await progress.finish();
  if (rebuild !== null && errors !== null) reportRebuild(out, method, rebuild, errors, atol);

  return out
    .note("method", method)
    .note("min_price", minPrice)
    .note("rolls", rebuild === null ? null : rebuild.rolls)
    .note("rebuilt_difference", rebuild === null ? null : { index: rebuild.labels, values: rebuild.difference })
    .note("rebuilt_ratio", rebuild === null ? null : { index: rebuild.labels, values: rebuild.ratio })
    .note("max_abs_error", errors === null ? null : errors.maxAbs)
    .note("max_return_error", errors === null ? null : errors.maxReturn)
    .note("n_rolls", rebuild === null ? null : rebuild.rolls.length)
    .note("n_compared", rebuild === null ? null : rebuild.labels.length)
    .done();
}

/** The method finding: unadjusted and difference fail unless the contracts show no roll gap. */
function reportMethod(out: Outcome, method: Method, rebuild: Rebuild | null, atol: number): void {
  if (method === "ratio") {
    const how = rebuild === null ? "as declared (no contracts given)" : "verified against contracts";
    out.info(`ratio-stitched: percentage change reproduces a rolled position's returns (${how})`, "method");
    return;
  }
  const largest = rebuild === null ? null : Math.max(0, ...rebuild.rolls.map((r) => Math.abs(r.gap_difference)));
  if (rebuild !== null && largest !== null && largest <= atol) {
    out.info(
      `no roll gap: all ${rebuild.rolls.length} roll gap(s) are within atol ${atol}, so the unadjusted, ` +
        "difference and ratio methods coincide",
      "method",
    );
    return;
  }
  if (method === "unadjusted") {
    const gaps =
      rebuild === null
        ? "roll gaps unknown (no contracts given)"
        : `${rebuild.rolls.length} roll(s), largest gap ${largest} points`;
    out.error(`percentage change of an unadjusted series books each roll gap as a return: ${gaps}`, "method");
    return;
  }
  const gaps = rebuild === null ? "roll gaps unknown (no contracts given)" : `largest roll gap ${largest} points`;
  out.error(
    `percentage change of a difference-adjusted series is not the rolled position's return (${gaps}); use ` +
      "point differences for P&L or a ratio-adjusted series for returns",
    "method",
  );
}

function reportRebuild(
  out: Outcome,
  method: Method,
  rebuild: Rebuild,
  errors: { maxAbs: number; firstBad: number },
  atol: number,
): void {
  if (errors.maxAbs > atol) {
    out.error(
      `stitched does not match the series rebuilt from contracts and roll_dates with method ${method}: max ` +
        `error ${errors.maxAbs}, first offending date ${String(rebuild.labels[errors.firstBad])}`,
      "rebuild",
    );
  } else {
    out.info(
      `stitched matches the ${method} rebuild from contracts and roll_dates on all ${rebuild.labels.length} ` +
        `date(s) (max error ${errors.maxAbs})`,
      "rebuild",
    );
  }
}

/** Level error against the rebuild of `method`, and the return error against the rolled position. */
function compare(
  values: readonly number[],
  rebuild: Rebuild,
  method: Method,
  atol: number,
): { maxAbs: number; firstBad: number; maxReturn: number | null } {
  const target = method === "difference" ? rebuild.difference : method === "ratio" ? rebuild.ratio : rebuild.unadjusted;
  const diffs = values.map((v, t) => Math.abs(v - target[t]!));
  const maxAbs = diffs.reduce((m, d) => Math.max(m, d), 0);
  const firstBad = diffs.findIndex((d) => d > atol);
  let maxReturn: number | null = values.length < 2 ? null : 0;
  for (let t = 1; t < values.length && maxReturn !== null; t++) {
    const e = Math.abs(values[t]! / values[t - 1]! - 1 - rebuild.truth[t]!);
    maxReturn = Number.isFinite(e) ? Math.max(maxReturn, e) : null;
  }
  return { maxAbs, firstBad, maxReturn };
}

/** The stitched dates must be the span's dates (bad input naming stitched, contracts and the first difference). */
function requireSameDates(stitched: Series, stitchedMs: readonly number[], rebuild: Rebuild): void {
  const n = Math.max(stitchedMs.length, rebuild.ms.length);
  for (let i = 0; i < n; i++) {
    if (stitchedMs[i] !== rebuild.ms[i]) {
      const s = stitched.index?.[i] === undefined ? "(none)" : JSON.stringify(stitched.index[i]);
      const c = rebuild.labels[i] === undefined ? "(none)" : JSON.stringify(rebuild.labels[i]);
      throw invalid(
        "stitched",
        `dates differ from the span of contracts at position ${i}: stitched has ${s}, contracts has ${c} (the ` +
          "span runs from contract 0's first price to the last contract's last price)",
      );
    }
  }
}

/** A contract price cell: a finite number > 0, or missing (NaN / null). */
function contractPrices(contracts: Frame, name: string): number[] {
  return contracts.data[name]!.map((c, i) => {
    if (c === null || (typeof c === "number" && Number.isNaN(c))) return NaN;
    if (typeof c !== "number" || !Number.isFinite(c) || !(c > 0)) {
      throw invalid(
        fieldPath("contracts", "records", i, name),
        `a present price must be a finite number > 0, got ${JSON.stringify(c)}`,
      );
    }
    return c;
  });
}

async function requireContractsFrame(
  contracts: Frame,
  progress: WorkMeter,
): Promise<{ ms: number[]; prices: number[][] }> {
  if (
    typeof contracts !== "object" ||
    contracts === null ||
    !Array.isArray(contracts.columns) ||
    typeof contracts.data !== "object"
  ) {
    throw invalid("contracts", "must be a frame with one column per contract");
  }
  if (contracts.columns.length < 2)
    throw invalid("contracts", `needs at least 2 contract columns, got ${contracts.columns.length}`);
  const ms = requireDatedIndex("contracts", contracts);
  await progress.advance(contracts.nrows);
  const prices: number[][] = [];
  for (const c of contracts.columns) {
    prices.push(contractPrices(contracts, c));
    await progress.advance(1);
  }
  return { ms, prices };
}

/** Row positions of the roll dates in the contracts index; validates count, order and membership. */
function requireRollRows(rollDates: readonly IsoDate[], ms: readonly number[], nContracts: number): number[] {
  if (!Array.isArray(rollDates)) throw invalid("roll_dates", "must be an array of ISO dates");
  if (rollDates.length !== nContracts - 1)
    throw invalid(
      "roll_dates",
      `needs one date per adjacent pair of contracts (${nContracts - 1}), got ${rollDates.length}`,
    );
  const rowOf = new Map(ms.map((t, i) => [t, i] as const));
  const rows: number[] = [];
  rollDates.forEach((d, j) => {
    const t = requireIsoTimestamp(fieldPath("roll_dates", j), d);
    if (j > 0 && !(t > requireIsoTimestamp(fieldPath("roll_dates", j - 1), rollDates[j - 1]))) {
      throw invalid(
        fieldPath("roll_dates", j),
        `must be strictly increasing: ${JSON.stringify(d)} comes after ${JSON.stringify(rollDates[j - 1])}`,
      );
    }
    const row = rowOf.get(t) ?? -1;
    if (row < 0) throw invalid(fieldPath("roll_dates", j), `${JSON.stringify(d)} is not a row of contracts`);
    rows.push(row);
  });
  return rows;
}

async function rebuildFromContracts(
  contracts: Frame,
  rollDates: readonly IsoDate[],
  progress: WorkMeter,
): Promise<Rebuild> {
  const { ms, prices } = await requireContractsFrame(contracts, progress);
  const names = contracts.columns;
  const rollRows = requireRollRows(rollDates, ms, names.length);
  const labels = contracts.index!;
  const gaps: RollGap[] = rollRows.map((row, j) => {
    const oldClose = prices[j]![row]!;
    const newClose = prices[j + 1]![row]!;
    for (const [k, v] of [
      [j, oldClose],
      [j + 1, newClose],
    ] as const) {
      if (Number.isNaN(v))
        throw invalid(
          fieldPath("roll_dates", j),
          `contract '${names[k]}' has no price on roll date ${JSON.stringify(rollDates[j])}`,
        );
    }
    return { oldClose, newClose };
  });
  const first = prices[0]!.findIndex((p) => !Number.isNaN(p));
  const last = prices[names.length - 1]!.findLastIndex((p) => !Number.isNaN(p));
  if (first < 0 || last < 0 || last < first)
    throw invalid("contracts", "has an empty span: contract 0 must start trading before the last contract stops");
  const rows = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const active = activeContracts(rows, rollRows);
  const held = await progress.map(rows.length, (i) => {
    const r = rows[i]!;
    const p = prices[active[i]!]![r]!;
    if (Number.isNaN(p))
      throw invalid(
        fieldPath("contracts", "records", r, names[active[i]!]!),
        `the active contract '${names[active[i]!]}' has no price on ${JSON.stringify(labels[r])} inside the span`,
      );
    return p;
  });
  const truth = await progress.map(rows.length, (i) =>
    i === 0 ? NaN : prices[active[i]!]![rows[i]!]! / prices[active[i]!]![rows[i]! - 1]! - 1,
  );
  const difference: number[] = [];
  const ratio: number[] = [];
  await progress.forChunks(
    rows.length,
    (from, to) => {
      difference.push(...differenceBackAdjust(held.slice(from, to), active.slice(from, to), gaps));
    },
    DECIMAL_CHUNK,
  );
  await progress.forChunks(
    rows.length,
    (from, to) => {
      ratio.push(...ratioBackAdjust(held.slice(from, to), active.slice(from, to), gaps));
    },
    DECIMAL_CHUNK,
  );
  return {
    labels: rows.map((r) => labels[r]!),
    ms: rows.map((r) => ms[r]!),
    unadjusted: held,
    difference,
    ratio,
    truth,
    rolls: gaps.map((g, j) => ({
      date: labels[rollRows[j]!]!,
      old_close: g.oldClose,
      new_close: g.newClose,
      gap_difference: gapDifference(g).toNumber(),
      gap_ratio: gapRatio(g).toNumber(),
    })),
  };
}

/** Per row (ascending): the smallest j with row <= roll row j, or the last contract after the last roll. */
function activeContracts(rows: readonly number[], rollRows: readonly number[]): number[] {
  let j = 0;
  return rows.map((row) => {
    while (j < rollRows.length && row > rollRows[j]!) j += 1;
    return j;
  });
}
