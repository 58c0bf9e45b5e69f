import { Outcome, invalid, fieldPath, type Frame } from "../src/contract/guard.js";
import { allEqual } from "../src/lib/stats.js";
import { WorkMeter } from "../src/lib/work_meter.js";
import { HRP_UNITS_PER_DISTANCE, hrpOfColumns, LINKAGE_METHODS, type LinkageMethod } from "../src/lib/hrp.js";
import { describeCell } from "../src/lib/describe_value.js";
import { namedList } from "../src/lib/named_list.js";

export const skill = "lib-pyportfolioopt";
export const title = "Price matrix passed as returns";
export const required = ["asset_returns"] as const;
export const optional = ["linkage_method"] as const;

/** The validated frame: column names and numeric columns (NaN = no observation). */
interface ReturnsMatrix {
  readonly assets: readonly string[];
  readonly columns: readonly (readonly number[])[];
  readonly nrows: number;
}

/**
 * Fails a "returns" frame with no negative value anywhere: it looks like prices, not returns (a price
 * matrix), and an optimiser (optimizer: mean-variance, PyPortfolioOpt) handed prices returns weights
 * that mean nothing, with no error.
 *
 * A genuine return series has negative values; a price series has none. Columns without a
 * negative value earn a warning. Reference hierarchical-risk-parity weights (PyPortfolioOpt's
 * algorithm, on the rows with no null) are reported for comparison.
 *
 * Inputs
 *   asset_returns : the frame about to be passed to the optimiser as returns (rows = periods,
 *       columns = assets), supposedly per-period simple returns; at least 2 columns and 3 rows,
 *       numeric; null cells (no observation) are allowed.
 *   linkage_method : hierarchical-clustering linkage for the reference HRP (single is the
 *       PyPortfolioOpt default).
 *
 * @keywords looks like prices, not returns, price matrix, optimiser, optimizer, mean-variance, weights
 */
export async function check(
  asset_returns: Frame,
  linkage_method: "single" | "complete" | "average" | "weighted" | "centroid" | "median" | "ward" = "single",
) {
  const m = requireMatrix(asset_returns);
  const method = requireLinkage(linkage_method);
  const c = countCells(m);
  const fracNegative = c.nNegative / c.nCells;

  const out = new Outcome();
  if (c.nNegative === 0) {
    out.error(
      "no negative value anywhere: this is a PRICE matrix, not returns; pass percentage changes instead " +
        "(prices.pct_change().dropna())",
      "asset_returns",
    );
  } else {
    out.info(
      `${c.nNegative} of ${c.nCells} cells (${(100 * fracNegative).toFixed(1)}%) are negative, as returns should be`,
      "asset_returns",
    );
    if (c.withoutNegatives.length > 0) {
      out.warning(
        `column(s) ${namedList(c.withoutNegatives.map((name) => JSON.stringify(name)))} have no negative value: ` +
          "a price series among returns, " +
          "or a constant",
        "columns",
      );
    }
  }
  const hrp = await referenceHrp(out, m, method);
  return out
    .note("n_negative", c.nNegative)
    .note("frac_negative", fracNegative)
    .note("min_value", c.nMissing === c.nCells ? null : c.minValue)
    .note("n_missing", c.nMissing)
    .note("columns_without_negatives", c.withoutNegatives)
    .note("hrp_weights", hrp?.weights ?? null)
    .note("hrp_order", hrp?.order ?? null)
    .note("linkage_method", method)
    .done();
}

/** One pass over the cells: negatives, nulls, the smallest value, columns with no negative. */
function countCells(m: ReturnsMatrix) {
  let nNegative = 0;
  let nMissing = 0;
  let minValue = Infinity;
  const withoutNegatives: string[] = [];
  m.columns.forEach((col, j) => {
    let neg = 0;
    for (const x of col) {
      if (Number.isNaN(x)) nMissing += 1;
      else {
        if (x < 0) neg += 1;
        if (x < minValue) minValue = x;
      }
    }
    nNegative += neg;
    if (neg === 0) withoutNegatives.push(m.assets[j]!);
  });
  return { nNegative, nMissing, minValue, withoutNegatives, nCells: m.nrows * m.assets.length };
}

/** A numeric frame, >= 2 columns, >= 3 rows; null / NaN cells are missing, infinities are bad input. */
function requireMatrix(frame: Frame): ReturnsMatrix {
  const ok =
    typeof frame === "object" &&
    frame !== null &&
    Array.isArray(frame.columns) &&
    typeof frame.data === "object" &&
    typeof frame.nrows === "number";
  if (!ok) throw invalid("asset_returns", "must be a frame (rows = periods, columns = assets)");
  if (frame.columns.length < 2)
    throw invalid("asset_returns", `needs at least 2 columns (assets), got ${frame.columns.length}`);
  if (frame.nrows < 3) throw invalid("asset_returns", `needs at least 3 rows (periods), got ${frame.nrows}`);
  const columns = frame.columns.map((name) => {
    const cells = frame.data[name] ?? [];
    return cells.map((c, i) => {
      if (c === null || (typeof c === "number" && Number.isNaN(c))) return NaN;
      if (typeof c !== "number")
        throw invalid(fieldPath("asset_returns", "records", i, name), `must be numeric, got ${describeCell(c)}`);
      if (!Number.isFinite(c))
        throw invalid(fieldPath("asset_returns", "records", i, name), `must be finite, got ${describeCell(c)}`);
      return c;
    });
  });
  return { assets: frame.columns, columns, nrows: frame.nrows };
}

function requireLinkage(x: unknown): LinkageMethod {
  if (!LINKAGE_METHODS.includes(x as LinkageMethod))
    throw invalid("linkage_method", `must be one of ${JSON.stringify(LINKAGE_METHODS)}, got ${describeCell(x)}`);
  return x as LinkageMethod;
}

/** HRP on the complete rows, or null with a warning saying why it cannot be computed. */
async function referenceHrp(
  out: Outcome,
  m: ReturnsMatrix,
  method: LinkageMethod,
): Promise<{ weights: Record<string, number>; order: string[] } | null> {
  const complete: number[] = [];
  for (let i = 0; i < m.nrows; i++) if (m.columns.every((c) => !Number.isNaN(c[i]!))) complete.push(i);
  if (complete.length < 3) {
    out.warning(
      `reference HRP not computed: ${complete.length} complete row(s) (no null in any column), need at least 3`,
      "hrp",
    );
    return null;
  }
  const columns = m.columns.map((c) => complete.map((i) => c[i]!));
  const constant = m.assets.filter((_, j) => allEqual(columns[j]!));
  if (constant.length > 0) {
    out.warning(
      `reference HRP not computed: column(s) ${JSON.stringify(constant)} are constant on the complete rows ` +
        "(correlation undefined)",
      "hrp",
    );
    return null;
  }
  const k = columns.length;
  const t = complete.length;
  const meter = new WorkMeter((k * (k - 1) * (t + HRP_UNITS_PER_DISTANCE)) / 2 + k * t * Math.log2(k));
  const hrp = hrpOfColumns(columns, method, meter);
  await meter.finish();
  const weights: Record<string, number> = {};
  m.assets.forEach((a, j) => (weights[a] = hrp.weights[j]!));
  return { weights, order: hrp.order.map((j) => m.assets[j]!) };
}
