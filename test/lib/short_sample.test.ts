// The short-sample caveat: the minimum track record length (Bailey and Lopez de Prado 2012) against the floor of
// the verdict's band, hand-checked on a two-point series (skew 0, raw kurtosis 1: the variance factor is 1, so
// the length is 1 + (z_0.95 / (SR - floor))^2 per period).
import { describe, expect, it } from "vitest";
import { check } from "../../guards/cost_curve.js";
import { Outcome } from "../../src/contract/guard.js";
import { shortSampleCaveat } from "../../src/lib/short_sample.js";

const Z95 = 1.6448536269514722;
/** n returns alternating m + a and m - a (n even). */
const twoPoint = (n: number, m: number, a: number) => Array.from({ length: n }, (_, t) => m + (t % 2 ? -a : a));
const perPeriodSharpe = (n: number, m: number, a: number) => m / (a * Math.sqrt(n / (n - 1)));
const handLength = (srPerPeriod: number, floorAnnual: number) =>
  Math.ceil(1 + (Z95 / (srPerPeriod - floorAnnual / Math.sqrt(252))) ** 2);

describe("short-sample caveat", () => {
  it("warns below the minimum track record against the floor, with the hand-computed length, and not above", () => {
    const sr = perPeriodSharpe(60, 0.005, 0.03);
    const out = new Outcome();
    const length = shortSampleCaveat(out, sr * Math.sqrt(252), 1, twoPoint(60, 0.005, 0.03), 252, "returns");
    expect(length).toBe(handLength(sr, 1));
    expect(length).toBe(260);
    expect(out.done().findings.map((f) => [f.severity, f.where])).toEqual([["warning", "returns"]]);
    expect(out.done().findings[0]!.message).toContain(
      `60 observations (0.2 years at 252 a year) are fewer than the 260`,
    );

    const long = new Outcome();
    const longSr = perPeriodSharpe(600, 0.005, 0.03);
    expect(shortSampleCaveat(long, longSr * Math.sqrt(252), 1, twoPoint(600, 0.005, 0.03), 252, "returns")).toBe(
      handLength(longSr, 1),
    );
    expect(long.done().findings).toEqual([]);
  });

  it("says nothing of a Sharpe at or below the floor (the verdict band's own text covers it)", () => {
    const out = new Outcome();
    expect(shortSampleCaveat(out, 0.9, 1, twoPoint(60, 0.005, 0.03), 252, "returns")).toBeNull();
    expect(shortSampleCaveat(out, null, 0, twoPoint(60, 0.005, 0.03), 252, "returns")).toBeNull();
    expect(out.done().findings).toEqual([]);
  });

  it("check_cost_curve: 60 days at a tradeable Sharpe carry the caveat; 600 days at the same do not", () => {
    const short = check({ values: twoPoint(60, 0.005, 0.03) }, 0);
    expect(short.evidence["sharpe_at_cost"] as number).toBeGreaterThan(1);
    expect(short.findings.filter((f) => f.severity === "warning").map((f) => f.message)).toEqual([
      expect.stringMatching(/^short sample: 60 observations .* fewer than the 260 .* from 1 at 95% confidence/),
    ]);
    const long = check({ values: twoPoint(600, 0.005, 0.03) }, 0);
    expect(long.findings.filter((f) => f.message.startsWith("short sample"))).toEqual([]);
  });
});
