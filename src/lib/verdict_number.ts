// How a guard's message text writes a probability (PSR, DSR, PBO, their thresholds) or a Sharpe: one precision
// for each quantity across guards, so one number reads the same in every verdict. The evidence keeps full precision.

/** Up to 4 decimals with trailing zeros dropped ("0.6335", "0.95", "1.2"), or "Infinity" / "-Infinity" / "NaN". */
export function verdictNumber(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  return Number.isFinite(x) ? String(Number(x.toFixed(4))) : x > 0 ? "Infinity" : "-Infinity";
}
