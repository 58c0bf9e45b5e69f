// Noise strategies and ledger helpers shared by the research-ledger server tests.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NormalStream } from "../../src/lib/random.js";

/** A fresh temporary ledger file (one per call: test files never share a ledger). */
export function tempLedger(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-")), "ledger.sqlite");
}

/** `n` daily returns of a zero-mean noise strategy, 1% daily volatility, seeded. */
export function noise(seed: number, n = 756): number[] {
  const g = new NormalStream(seed);
  return Array.from({ length: n }, () => g.next() * 0.01);
}

/** Annualised Sharpe (252 periods, sample sd) of a return list, as the ledger records it. */
export function sharpe252(xs: readonly number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  return (m / Math.sqrt(v)) * Math.sqrt(252);
}

/** The arguments of one check_cost_curve call on a return list. */
export const costArgs = (returns: readonly number[]) => ({ returns, turnover: 0.1 });
