// Two lines saying what a bundle's strategy is, computed from the bundle itself (never assumed).
import { readNumbers } from "./inputs.js";

type Obj = Record<string, unknown>;
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

/** Annualised (x sqrt(252)) Sharpe of daily returns with no risk-free rate; null when undefined. */
function dailySharpe(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  return sd > 0 ? (m / sd) * Math.sqrt(252) : null;
}

/** What the strategy is, in under 160 characters, from the bundle's own numbers. */
export function strategyStory(bundle: Obj): string {
  const r = readNumbers(bundle.returns);
  if (!r) return "The bundle has no per-period returns series the demo can read.";
  const first = r.index?.[0];
  const last = r.index?.at(-1);
  const span = first !== undefined && last !== undefined ? ` ${String(first)}..${String(last)}` : "";
  const sharpe = dailySharpe(r.values);
  const tau = readNumbers(bundle.turnover);
  const trials = typeof bundle.n_trials === "number" ? bundle.n_trials : null;
  return [
    `Sample: a synthetic daily strategy, ${r.values.length} days${span}`,
    sharpe === null ? "" : `, gross Sharpe ${sharpe.toFixed(2)}`,
    tau ? `, one-way turnover ${mean(tau.values).toFixed(2)}/day` : "",
    trials === null ? "" : `, best of ${trials} configurations tried`,
    ".",
  ].join("");
}
