import { Outcome, invalid, fieldPath, type Frame } from "../src/runtime/contract.js";
import { allEqual } from "../src/lib/stats.js";
import { hrpWeights, LINKAGE_METHODS, type LinkageMethod } from "../src/lib/hrp.js";

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
 * Fails a "returns" frame with no negative value anywhere: it is a price matrix, and an
 * optimiser handed prices returns weights that mean nothing, with no error.
 *
 * A genuine return series has negative values; a price series has none. Columns without a
 * negative value earn a warning. Reference hierarchical-risk-parity weights (PyPortfolioOpt's
 * algorithm, on the rows with no null) are reported for comparison.
 *
 * Inputs
 *   asset_returns : the frame about to be passed to the optimiser as returns (rows = periods,
 *       columns = assets), supposedly per-period simple returns; at least 2 columns and 3 rows,
 *       numeric; null cells mean "no observation" and are allowed.
 *   linkage_method : hierarchical-clustering linkage for the reference HRP: single (the
 *       PyPortfolioOpt default), complete, average, weighted, centroid, median or ward.
 */
export function check(
  asset_returns: Frame,
  linkage_method: "single" | "complete" | "average" | "weighted" | "centroid" | "median" | "ward" = "single",
) {
  const m = requireMatrix(asset_returns);
  const method = requireLinkage(linkage_method);
  const cells = m.columns.flat();
  const observed = cells.filter((x) => !Number.isNaN(x));
  const nNegative = observed.filter((x) => x < 0).length;
  const withoutNegatives = m.assets.filter((_, j) => !m.columns[j]!.some((x) => x < 0));
  const fracNegative = nNegative / cells.length;

  const out = new Outcome();
  if (nNegative === 0) {
    out.error("no negative value anywhere: this is a PRICE matrix, not returns; pass percentage changes instead (prices.pct_change().dropna())", "asset_returns");
  } else {
    out.info(`${nNegative} of ${cells.length} cells (${(100 * fracNegative).toFixed(1)}%) are negative, as returns should be`, "asset_returns");
    if (withoutNegatives.length > 0) {
      out.warning(`column(s) ${JSON.stringify(withoutNegatives)} have no negative value: a price series among returns, or a constant`, "columns");
    }
  }
  const hrp = referenceHrp(out, m, method);
  return out
    .note("n_negative", nNegative)
    .note("frac_negative", fracNegative)
    .note("min_value", observed.length === 0 ? null : observed.reduce((a, b) => Math.min(a, b)))
    .note("n_missing", cells.length - observed.length)
    .note("columns_without_negatives", withoutNegatives)
    .note("hrp_weights", hrp?.weights ?? null)
    .note("hrp_order", hrp?.order ?? null)
    .note("linkage_method", method)
    .done();
}

function describeCell(c: unknown): string {
  if (typeof c === "number") return c === Infinity ? "Infinity" : c === -Infinity ? "-Infinity" : String(c);
  return JSON.stringify(c) ?? String(c);
}

/** A numeric frame, >= 2 columns, >= 3 rows; null / NaN cells are missing, infinities are bad input. */
function requireMatrix(frame: Frame): ReturnsMatrix {
  const ok = typeof frame === "object" && frame !== null && Array.isArray(frame.columns) && typeof frame.data === "object" && typeof frame.nrows === "number";
  if (!ok) throw invalid("asset_returns", "must be a frame (rows = periods, columns = assets)");
  if (frame.columns.length < 2) throw invalid("asset_returns", `needs at least 2 columns (assets), got ${frame.columns.length}`);
  if (frame.nrows < 3) throw invalid("asset_returns", `needs at least 3 rows (periods), got ${frame.nrows}`);
  const columns = frame.columns.map((name) => {
    const cells = frame.data[name] ?? [];
    return cells.map((c, i) => {
      if (c === null || (typeof c === "number" && Number.isNaN(c))) return NaN;
      if (typeof c !== "number") throw invalid(fieldPath("asset_returns", "records", i, name), `must be numeric, got ${describeCell(c)}`);
      if (!Number.isFinite(c)) throw invalid(fieldPath("asset_returns", "records", i, name), `must be finite, got ${describeCell(c)}`);
      return c;
    });
  });
  return { assets: frame.columns, columns, nrows: frame.nrows };
}

function requireLinkage(x: unknown): LinkageMethod {
  if (!LINKAGE_METHODS.includes(x as LinkageMethod)) throw invalid("linkage_method", `must be one of ${JSON.stringify(LINKAGE_METHODS)}, got ${describeCell(x)}`);
  return x as LinkageMethod;
}

/** HRP on the complete rows, or null with a warning saying why it cannot be computed. */
function referenceHrp(out: Outcome, m: ReturnsMatrix, method: LinkageMethod): { weights: Record<string, number>; order: string[] } | null {
  const rows: number[][] = [];
  for (let i = 0; i < m.nrows; i++) {
    const r = m.columns.map((c) => c[i]!);
    if (r.every((x) => !Number.isNaN(x))) rows.push(r);
  }
  if (rows.length < 3) {
    out.warning(`reference HRP not computed: ${rows.length} complete row(s) (no null in any column), need at least 3`, "hrp");
    return null;
  }
  const constant = m.assets.filter((_, j) => allEqual(rows.map((r) => r[j]!)));
  if (constant.length > 0) {
    out.warning(`reference HRP not computed: column(s) ${JSON.stringify(constant)} are constant on the complete rows (correlation undefined)`, "hrp");
    return null;
  }
  const hrp = hrpWeights(rows, method);
  const weights: Record<string, number> = {};
  m.assets.forEach((a, j) => (weights[a] = hrp.weights[j]!));
  return { weights, order: hrp.order.map((j) => m.assets[j]!) };
}
