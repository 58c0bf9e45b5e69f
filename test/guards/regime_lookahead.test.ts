import { describe, expect, it } from "vitest";
import { check } from "../../guards/regime_lookahead.js";
import type { Series } from "../../src/contract/guard.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badField } from "../helpers/bad_field.js";

const regime12 = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0];
type R = ReturnType<typeof check>;
const sev = (r: R) => r.findings.map((f) => [f.severity, f.where]);

describe("regime_lookahead: hand-derived spec examples (n = 12)", () => {
  it("1. causal series: delays [1, 1], PASS", () => {
    const r = check(regime12, [0.9, 0.9, 0.9, 0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8]);
    expect(r.evidence).toEqual({
      n_switches: 2,
      delays: [1, 1],
      median_delay: 1,
      mean_delay: 1,
      share_anticipated: 0,
      missed: 0,
      false_alarms: 0,
      label_accuracy: 10 / 12,
      lo: 0,
      hi: 12,
    });
    expect(Object.keys(r.evidence)).toEqual([
      "n_switches",
      "delays",
      "median_delay",
      "mean_delay",
      "share_anticipated",
      "missed",
      "false_alarms",
      "label_accuracy",
      "lo",
      "hi",
    ]);
    expect(sev(r)).toEqual([["info", "delay"]]);
  });
  it("2. smoothed series: delays [-1, -1], FAIL twice", () => {
    const r = check(regime12, [0.9, 0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8, 0.8, 0.8]);
    expect(r.evidence["delays"]).toEqual([-1, -1]);
    expect(r.evidence["median_delay"]).toBe(-1);
    expect(r.evidence["share_anticipated"]).toBe(1);
    expect(sev(r)).toEqual([
      ["error", "delay"],
      ["error", "anticipation"],
    ]);
    expect(r.findings[0]!.message).toContain("the series reacts no later than the switch itself");
  });
  it("3. same-day reaction: delays [0, 0], FAIL on the median only", () => {
    const r = check(regime12, [0.9, 0.9, 0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8, 0.8]);
    expect(r.evidence["delays"]).toEqual([0, 0]);
    expect(Object.is((r.evidence["delays"] as number[])[0], 0)).toBe(true); // not -0
    expect(r.evidence["median_delay"]).toBe(0);
    expect(r.evidence["share_anticipated"]).toBe(0);
    expect(r.evidence["label_accuracy"]).toBe(1);
    expect(sev(r)).toEqual([["error", "delay"]]);
  });
});

describe("regime_lookahead: more hand-derived cases", () => {
  it("a missed switch, a long lead bounded by the previous switch, false alarms", () => {
    // switches at 3 (0->1) and 6 (1->0); p flags turbulent from t=1 (lead 2 at switch 3, bounded by lo=0)
    // and never returns to calm (switch 6 missed).
    const regime = [0, 0, 0, 1, 1, 1, 0, 0];
    const p = [0.9, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3];
    const r = check(regime, p);
    expect(r.evidence["delays"]).toEqual([-2]);
    expect(r.evidence["missed"]).toBe(1);
    expect(r.evidence["false_alarms"]).toBe(0); // 1 flip - 2 switches -> 0
    expect(r.evidence["label_accuracy"]).toBe(4 / 8); // t=0, 3, 4, 5
    expect(sev(r)).toEqual([
      ["error", "delay"],
      ["error", "anticipation"],
    ]);
  });
  it("the lead stops at the previous switch", () => {
    // switch at 2 (0->1), then at 4 (1->0); p_calm already > 0.5 from t=2: q>0.5 at 4, 3, 2 -> lead counts t=3, 2 (>=
    // t_prev 2)
    const regime = [0, 0, 1, 1, 0, 0];
    const p = [0.9, 0.9, 0.9, 0.9, 0.9, 0.9];
    const r = check(regime, p);
    // switch 2: q = 1 - p = 0.1 at 2, never > 0.5 in [2, 4) -> missed; switch 4: q = p = 0.9 at 4, lead 2 -> -2
    expect(r.evidence["delays"]).toEqual([-2]);
    expect(r.evidence["missed"]).toBe(1);
  });
  it("median of an even count is the mean of the middle two; false alarms counted", () => {
    // one switch at 2 (0->1): q = 1 - p first > 0.5 at t = 3
    const regime = [0, 0, 1, 1, 1, 1, 1, 1, 1, 1];
    const p = [0.9, 0.9, 0.9, 0.2, 0.8, 0.2, 0.8, 0.2, 0.2, 0.2];
    const r = check(regime, p);
    expect(r.evidence["delays"]).toEqual([1]);
    expect(r.evidence["false_alarms"]).toBe(5 - 1); // flips at 3, 4, 5, 6, 7; one switch
    const r2 = check([0, 1, 1, 1, 0, 0, 0, 0], [0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8]);
    expect(r2.evidence["delays"]).toEqual([1, 2]);
    expect(r2.evidence["median_delay"]).toBe(1.5);
    expect(r2.evidence["mean_delay"]).toBe(1.5);
  });
  it("the window: switches before lo are ignored, the switch at lo compares with lo - 1", () => {
    const p = [0.9, 0.9, 0.9, 0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8];
    const r = check(regime12, p, 5);
    expect(r.evidence["n_switches"]).toBe(1); // only the switch at 8
    expect(r.evidence["lo"]).toBe(5);
    expect(r.evidence["hi"]).toBe(12);
    const r2 = check(regime12, p, 4, 8);
    expect(r2.evidence["n_switches"]).toBe(1); // the switch at 4, since regime[3] != regime[4]
    expect(r2.evidence["delays"]).toEqual([1]);
    expect(r2.evidence["label_accuracy"]).toBe(3 / 4);
  });
  it("no switch: a warning, nothing to time, PASS", () => {
    const r = check([0, 0, 0, 0], [0.9, 0.2, 0.9, 0.9]);
    expect(sev(r)).toEqual([["warning", "switches"]]);
    expect(r.findings[0]!.message).toContain("nothing to time");
    expect(r.evidence["median_delay"]).toBeNull();
    expect(r.evidence["share_anticipated"]).toBeNull();
    expect(r.evidence["false_alarms"]).toBe(2);
  });
  it("max_anticipated is honoured", () => {
    // delays [-1, 1, 1]: median 1, share 1/3
    const regime = [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1];
    const p = [0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8, 0.2, 0.2];
    expect(check(regime, p).evidence["delays"]).toEqual([-1, 1, 1]);
    expect(sev(check(regime, p))).toEqual([["error", "anticipation"]]);
    expect(sev(check(regime, p, 0, undefined, 0.4))).toEqual([["info", "delay"]]);
  });
  it("dated series with equal labels are accepted", () => {
    const idx = regime12.map((_, i) => `2024-01-${String(i + 1).padStart(2, "0")}`);
    const r = check(
      { values: regime12, index: idx },
      { values: [0.9, 0.9, 0.9, 0.9, 0.9, 0.2, 0.2, 0.2, 0.2, 0.8, 0.8, 0.8], index: idx },
    );
    expect(r.evidence["delays"]).toEqual([1, 1]);
  });
});

/** Two-regime Markov-switching returns and Hamilton-filter / Kim-smoother P(calm), at the true parameters. */
function markovSwitching(seed: number, n: number) {
  const mu = [0.0006, -0.001];
  const sig = [0.008, 0.016];
  const stay = [0.99, 0.96];
  const g = new Mt19937(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - g.nextFloat())) * Math.cos(2 * Math.PI * g.nextFloat());
  const s: number[] = [];
  const y: number[] = [];
  let state = 0;
  for (let t = 0; t < n; t++) {
    if (t > 0 && g.nextFloat() >= stay[state]!) state = 1 - state;
    s.push(state);
    y.push(mu[state]! + sig[state]! * normal());
  }
  const dens = (x: number, j: number) => Math.exp(-0.5 * ((x - mu[j]!) / sig[j]!) ** 2) / sig[j]!;
  const pred: number[] = []; // P(s_t = 0 | y_<t)
  const filt: number[] = []; // P(s_t = 0 | y_<=t)
  let p0 = (1 - stay[1]!) / (2 - stay[0]! - stay[1]!);
  for (let t = 0; t < n; t++) {
    pred.push(p0);
    const a = p0 * dens(y[t]!, 0);
    const b = (1 - p0) * dens(y[t]!, 1);
    const f = a / (a + b);
    filt.push(f);
    p0 = f * stay[0]! + (1 - f) * (1 - stay[1]!);
  }
  const smooth = new Array<number>(n);
  smooth[n - 1] = filt[n - 1]!;
  for (let t = n - 2; t >= 0; t--) {
    const r0 = smooth[t + 1]! / pred[t + 1]!;
    const r1 = (1 - smooth[t + 1]!) / (1 - pred[t + 1]!);
    const s0 = filt[t]! * (stay[0]! * r0 + (1 - stay[0]!) * r1);
    const s1 = (1 - filt[t]!) * ((1 - stay[1]!) * r0 + stay[1]! * r1);
    smooth[t] = s0 / (s0 + s1);
  }
  return { s, pred, smooth };
}

describe("regime_lookahead: spec example 4 (Markov-switching simulation, lo = 756)", () => {
  const { s, pred, smooth } = markovSwitching(20240101, 2520);
  it("the one-step-ahead predicted series passes", () => {
    const r = check(s, pred, 756);
    expect(r.evidence["n_switches"] as number).toBeGreaterThan(5);
    expect(r.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(r.evidence["median_delay"] as number).toBeGreaterThan(0);
  });
  it("the Kim-smoothed series fails", () => {
    const r = check(s, smooth, 756);
    expect(r.findings.some((f) => f.severity === "error")).toBe(true);
    expect(r.evidence["share_anticipated"] as number).toBeGreaterThan(0.25);
  });
});

describe("regime_lookahead: bad input", () => {
  const p = [0.9, 0.9, 0.2, 0.2];
  it.each([
    ["different lengths", () => check([0, 0, 1, 1], [0.9, 0.2, 0.2]), "p_calm"],
    [
      "different dated labels",
      () =>
        check(
          { values: [0, 1], index: ["2024-01-01", "2024-01-02"] },
          { values: [0.9, 0.1], index: ["2024-01-01", "2024-01-03"] },
        ),
      "p_calm",
    ],
    ["regime value 2", () => check([0, 2, 1, 1], p), "regime/1"],
    ["regime null in a series", () => check({ values: [0, NaN, 1, 1] } as Series, p), "regime/values/1"],
    ["regime fractional", () => check([0, 0.5, 1, 1], p), "regime/1"],
    ["p_calm NaN names the first position", () => check([0, 0, 1, 1], [0.9, NaN, NaN, 0.2]), "p_calm/1"],
    ["p_calm null in a series", () => check([0, 0, 1, 1], { values: [0.9, 0.9, NaN, 0.2] }), "p_calm/values/2"],
    ["p_calm above 1", () => check([0, 0, 1, 1], [0.9, 1.2, 0.2, 0.2]), "p_calm/1"],
    ["p_calm negative", () => check([0, 0, 1, 1], [-0.1, 0.9, 0.2, 0.2]), "p_calm/0"],
    ["lo not an integer", () => check([0, 0, 1, 1], p, 0.5), "lo"],
    ["lo negative", () => check([0, 0, 1, 1], p, -1), "lo"],
    ["hi not an integer", () => check([0, 0, 1, 1], p, 0, 3.5), "hi"],
    ["hi above n", () => check([0, 0, 1, 1], p, 0, 5), "hi"],
    ["hi below lo + 2", () => check([0, 0, 1, 1], p, 2, 3), "hi"],
    ["max_anticipated above 1", () => check([0, 0, 1, 1], p, 0, undefined, 1.5), "max_anticipated"],
    ["max_anticipated negative", () => check([0, 0, 1, 1], p, 0, undefined, -0.1), "max_anticipated"],
    ["max_anticipated NaN", () => check([0, 0, 1, 1], p, 0, undefined, NaN), "max_anticipated"],
    ["regime not a series", () => check("0011" as unknown as number[], p), "regime"],
  ])("%s", (_name, fn, field) => {
    expect(badField(fn)).toBe(field);
  });
  it("the NaN message names the position", () => {
    expect(() => check([0, 0, 1, 1], [0.9, NaN, NaN, 0.2])).toThrow(/position 1/);
  });
});
