// Whether the panel's returns include delisting returns: the question a survivorship review must ask,
// since the last move of a delisted name (often a large loss) is missing from prices that simply stop.
import { invalid, type Outcome } from "../src/contract/guard.js";
import { describeCell } from "../src/lib/describe_value.js";

export const DELISTING_RETURNS = ["included", "excluded", "unknown"] as const;
export type DelistingReturns = (typeof DELISTING_RETURNS)[number];

/** The delisting_returns input, checked. */
export function readDelistingReturns(x: unknown): DelistingReturns {
  if ((DELISTING_RETURNS as readonly unknown[]).includes(x)) return x as DelistingReturns;
  throw invalid("delisting_returns", `must be one of "included", "excluded", "unknown", got ${describeCell(x)}`);
}

/** The finding: info when included, a warning naming the names that ended early otherwise. */
export function reportDelistingReturns(out: Outcome, value: DelistingReturns, nEnded: number | null): void {
  const ended = nEnded === null ? "names that left the sample" : `the ${nEnded} name(s) that ended early`;
  if (value === "included") {
    out.info(`delisting returns are included: the last move of ${ended} is in the returns`, "delisting_returns");
    return;
  }
  const why =
    `without delisting returns the last move of ${ended} (often a large loss, e.g. CRSP's DLRET) is missing ` +
    "and returns are biased upward";
  out.warning(
    value === "excluded"
      ? `delisting returns are excluded: ${why}`
      : `delisting_returns is unknown: state whether the returns include delisting returns; ${why}`,
    "delisting_returns",
  );
}

/** The report line. */
export const delistingLine = (value: DelistingReturns) => `  delisting returns: ${value}`;
