// A trial set's kept Sharpe aggregates (sharpe_aggregates.ts) against the whole computation over the same
// Sharpes, bit for bit: one Sharpe at a time within and beyond the extremes (the histogram counted in place,
// then recounted), after a Sharpe is taken out (dropped and rebuilt), with a non-finite Sharpe, and a clone
// given more Sharpes leaves its original as it was.
import { expect, it } from "vitest";
import { SharpeAggregates } from "../../src/ledger/sharpe_aggregates.js";
import { dilutionProofVariance } from "../../src/lib/recorded_spread.js";
import { sharpeHistogram } from "../../src/lib/sharpe_distribution.js";

const whole = (xs: readonly number[]) => ({ h: sharpeHistogram(xs), v: dilutionProofVariance(xs) });
const kept = (a: SharpeAggregates, xs: readonly number[]) => ({ h: a.histogram(xs), v: a.dilutionVariance(xs) });

/** Appends each Sharpe as a tally does (push, then add), checking every step against the whole. */
function append(a: SharpeAggregates, xs: number[], more: readonly number[]): void {
  for (const s of more) {
    xs.push(s);
    a.add(s);
    expect(kept(a, xs)).toEqual(whole(xs));
  }
}

it("equal the whole histogram and spread as Sharpes arrive, are taken out and turn non-finite", () => {
  const a = new SharpeAggregates();
  const xs: number[] = [];
  expect(kept(a, xs)).toEqual(whole(xs));
  append(
    a,
    xs,
    Array.from({ length: 300 }, (_, i) => 1.2 * Math.sin(i * 12.9898)),
  );
  append(a, xs, [2.5, -3, 0.7, 0.7, 150, 0.1]);
  xs.splice(xs.indexOf(2.5), 1);
  a.drop();
  expect(kept(a, xs)).toEqual(whole(xs));
  append(a, xs, [0.3, -0.2]);
  const copy = a.clone();
  const before = kept(a, xs);
  const longer = [...xs, 9, 0.05];
  copy.add(9);
  copy.add(0.05);
  expect(kept(copy, longer)).toEqual(whole(longer));
  expect(kept(a, xs)).toEqual(before);
  append(a, xs, [Number.POSITIVE_INFINITY, 0.4]);
});

it("one repeated Sharpe gets the one-bin histogram, then Sturges' bins once another arrives", () => {
  const a = new SharpeAggregates();
  const xs: number[] = [];
  expect(kept(a, xs)).toEqual(whole(xs));
  append(a, xs, [0.5, 0.5, 0.5, -0.25, 0.5]);
  // 5 Sharpes: ceil(log2 5) + 1 = 4 bins of width 0.1875 over [-0.25, 0.5].
  expect(a.histogram(xs).counts).toEqual([1, 0, 0, 4]);
});
