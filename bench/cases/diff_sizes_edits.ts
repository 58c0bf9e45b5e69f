// The four typical one-to-four-line edits to guards/cost_curve.ts whose generated diffs a reviewer reads.
export interface GuardEdit {
  readonly name: string;
  /** Rewrites the guard's source; throws when the source no longer has the text the edit expects. */
  readonly apply: (source: string) => string;
}

function replaceOnce(source: string, from: string | RegExp, to: string): string {
  const next = source.replace(from, to);
  if (next === source) throw new Error(`diff_sizes: guards/cost_curve.ts no longer contains ${String(from)}`);
  return next;
}

export const COST_CURVE_EDITS: readonly GuardEdit[] = [
  {
    name: "add an optional input",
    apply: (s) =>
      replaceOnce(
        replaceOnce(
          replaceOnce(s, '"periods_per_year"] as const', '"periods_per_year", "label"] as const'),
          // After the input's line and its continuation lines (tags such as `@minimum 1`).
          /( \* {3}periods_per_year : .*\n(?: \* {5}.*\n)*)/,
          "$1 *   label : a name for the strategy.\n",
        ),
        "  periods_per_year: Integer = 252,\n) {",
        "  periods_per_year: Integer = 252,\n  label?: string,\n) {",
      ),
  },
  { name: "rename an input", apply: (s) => replaceOnce(s, /\bcost_bps\b/g, "stated_cost_bps") },
  {
    name: "tighten a description",
    apply: (s) => replaceOnce(s, "on the same\n *       dates, or", "on the same\n *       dates as returns, or"),
  },
  { name: "change a default", apply: (s) => replaceOnce(s, "cost_bps: number = 10,", "cost_bps: number = 15,") },
];
