// Net equity and drawdown at one round-trip cost, computed the way cost_curve states its model:
// net_t = r_t - turnover_t x cost / 10000, equity starts at 1.0, drawdown from the running peak.

export interface EquityPath {
  readonly equity: number[];
  readonly drawdown: number[];
  readonly maxDrawdown: number;
}

/** Equity and drawdown paths; `turnover` is one number per period or one number for all. */
export function equityPath(
  returns: readonly number[],
  turnover: readonly number[] | number,
  costBps: number,
): EquityPath {
  const equity: number[] = [];
  const drawdown: number[] = [];
  let level = 1;
  let peak = 1;
  let worst = 0;
  for (let t = 0; t < returns.length; t++) {
    const tau = typeof turnover === "number" ? turnover : turnover[t]!;
    level *= 1 + (returns[t]! - (tau * costBps) / 10000);
    if (level > peak) peak = level;
    const dd = level / peak - 1;
    if (dd < worst) worst = dd;
    equity.push(level);
    drawdown.push(dd);
  }
  return { equity, drawdown, maxDrawdown: worst };
}
