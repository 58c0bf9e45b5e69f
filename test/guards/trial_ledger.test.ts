import { describe, expect, it } from "vitest";
import { phi, phiInv } from "../../src/lib/normal.js";
import { check } from "../../guards/trial_ledger.js";
import { badField } from "../helpers/bad_field.js";

const GAMMA = 0.5772156649015329;
const E = 2.718281828459045;
type Ev = Record<string, unknown>;

function run(...args: Parameters<typeof check>) {
  const out = check(...args);
  const passed = !out.findings.some((f) => f.severity === "error");
  return { ...out, ev: out.evidence as Ev, passed };
}

describe("trial_ledger spec examples", () => {
  it("1: three trials, Sharpe 2.5 over 5 years passes", () => {
    const r = run(2.5, 1260, [0.5, 0.6, 2.5]);
    expect(r.ev.sharpe_variance).toBeCloseTo(1.27, 12);
    expect(r.ev.sharpe_per_period as number).toBeCloseTo(0.157485, 6);
    expect(r.ev.expected_max_sharpe as number).toBeCloseTo(0.961062, 6);
    expect(r.ev.expected_max_sharpe_per_period as number).toBeCloseTo(0.060541, 6);
    expect(r.ev.psr as number).toBeGreaterThan(0.999999);
    expect(r.ev.dsr as number).toBeCloseTo(0.999685, 6);
    expect(r.ev.min_trl_obs as number).toBeCloseTo(292.45, 2);
    expect(r.ev.min_trl_years as number).toBeCloseTo(1.16, 2);
    expect(r.passed).toBe(true);
    expect(r.findings).toEqual([
      expect.objectContaining({ severity: "info", where: "n_trials" }),
      expect.objectContaining({ severity: "info", where: "dsr" }),
    ]);
    expect(r.findings[0]!.message).toContain("the trial count 3 is self-declared");
    expect(r.findings[1]!.message).toContain("survives the search");
  });

  it("2: per-period 0.01..0.05 fails at 252 and 1260 observations", () => {
    const s = Math.sqrt(252);
    const sharpes = [0.01, 0.02, 0.03, 0.05].map((x) => x * s);
    const a = run(0.05 * s, 252, sharpes);
    expect(0.05 * s).toBeCloseTo(0.793725, 6);
    expect(a.ev.sharpe_variance as number).toBeCloseTo(0.0735, 10);
    expect(a.ev.expected_max_sharpe_per_period as number).toBeCloseTo(0.0179684, 7);
    expect(a.ev.dsr as number).toBeCloseTo(0.693978, 6);
    expect(a.passed).toBe(false);
    // One precision per quantity across guards (research_audit writes its DSR the same way).
    expect(a.findings.find((f) => f.where === "dsr")!.message).toContain(
      "DSR 0.694 vs threshold 0.95; expected max Sharpe from noise SR* 0.2852 (annualised) vs observed 0.7937",
    );
    const b = run(0.05 * s, 1260, sharpes);
    expect(b.ev.dsr as number).toBeCloseTo(0.87199, 6);
    expect(b.ev.min_trl_obs as number).toBeCloseTo(2641.2, 1);
    expect(b.ev.min_trl_years as number).toBeCloseTo(10.48, 2);
    expect(b.passed).toBe(false);
    const err = b.findings.find((f) => f.severity === "error")!;
    expect(err.where).toBe("dsr");
    expect(err.message).toContain("NOT distinguishable from noise");
  });

  it("3: one trial warns and DSR = PSR", () => {
    const r = run(1.0, 756, [1.0]);
    expect(r.ev.dsr as number).toBeCloseTo(0.958112, 6);
    expect(r.ev.psr).toBe(r.ev.dsr);
    expect(r.ev.n_trials).toBe(1);
    expect(r.ev.expected_max_sharpe).toBe(0);
    expect(r.ev.sharpe_variance).toBeNull();
    expect(r.passed).toBe(true);
    const one = r.findings.filter((f) => f.message.includes("one trial"));
    expect(one).toEqual([expect.objectContaining({ severity: "warning", where: "n_trials" })]);
  });

  it("4: n_trials + sharpe_variance at the Python original's noise scale", () => {
    const s = Math.sqrt(252);
    const a = run(1.0 * s, 1260, undefined, 50, 51.03);
    expect(a.ev.expected_max_sharpe as number).toBeCloseTo(16.260836, 5);
    expect(a.ev.expected_max_sharpe_per_period as number).toBeCloseTo(1.024336, 6);
    expect(a.ev.dsr as number).toBeCloseTo(0.240388, 6);
    expect(a.passed).toBe(false);
    const b = run(5.0 * s, 1260, undefined, 50, 51.03);
    expect(b.ev.dsr as number).toBeGreaterThan(0.999999);
    // A per-period Sharpe of 5 over 1260 periods is a unit mistake, an error since issue #16.
    expect(b.passed).toBe(false);
    expect(b.findings.filter((f) => f.severity === "error").map((f) => f.where)).toEqual(["best_sharpe"]);
    expect(b.ev.best_trial_sharpe).toBeNull();
  });

  it("5: best Sharpe not in the trial list fails although the DSR alone passes", () => {
    const r = run(0.9, 1260, [0.5, 0.6]);
    expect(r.ev.dsr as number).toBeCloseTo(0.973, 3);
    expect(r.passed).toBe(false);
    const errors = r.findings.filter((f) => f.severity === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.where).toBe("sharpes");
    expect(errors[0]!.message).toContain(
      "the trial list does not contain the configuration you are reporting, so its trial count is a fiction",
    );
    expect(r.findings.some((f) => f.severity === "info" && f.where === "dsr")).toBe(true);
  });
});

describe("trial_ledger by hand", () => {
  it("computes PSR, DSR and MinTRL from the formulas (skew, RAW kurtosis, ppy 12)", () => {
    // Annual 1.2 at ppy 12: SR = 1.2 / sqrt(12); N = 10, V = 0.25.
    const ppy = 12;
    const sr = 1.2 / Math.sqrt(ppy);
    const em = 0.5 * ((1 - GAMMA) * phiInv(1 - 1 / 10) + GAMMA * phiInv(1 - 1 / (10 * E)));
    const srStar = em / Math.sqrt(ppy);
    const skew = -0.4;
    const kurt = 4.5;
    const factor = 1 - skew * sr + ((kurt - 1) / 4) * sr * sr;
    const T = 120;
    const r = run(1.2, T, undefined, 10, 0.25, ppy, skew, kurt, 0.1);
    expect(r.ev.expected_max_sharpe as number).toBeCloseTo(em, 12);
    expect(r.ev.psr as number).toBeCloseTo(phi((sr * Math.sqrt(T - 1)) / Math.sqrt(factor)), 12);
    expect(r.ev.dsr as number).toBeCloseTo(phi(((sr - srStar) * Math.sqrt(T - 1)) / Math.sqrt(factor)), 12);
    const trl = 1 + factor * (phiInv(0.9) / (sr - srStar)) ** 2;
    expect(r.ev.min_trl_obs as number).toBeCloseTo(trl, 8);
    expect(r.ev.min_trl_years as number).toBeCloseTo(trl / ppy, 8);
  });

  it("reports an infinite MinTRL when SR <= SR*", () => {
    const r = run(0.1, 500, [0.1, -1, 1.5, 0.05]);
    expect(r.ev.min_trl_obs).toBe(Infinity);
    expect(r.ev.min_trl_years).toBe(Infinity);
  });

  it("raises n_trials to len(sharpes) with a warning", () => {
    const r = run(2.5, 1260, [0.5, 0.6, 2.5], 2);
    expect(r.ev.n_trials).toBe(3);
    expect(r.findings[0]).toEqual(expect.objectContaining({ severity: "warning", where: "n_trials" }));
    expect(r.findings[0]!.message).toContain("using len(sharpes)");
    // More trials than listed: N = n_trials, V from the list.
    const more = run(2.5, 1260, [0.5, 0.6, 2.5], 100);
    expect(more.ev.n_trials).toBe(100);
    expect(more.ev.sharpe_variance as number).toBeCloseTo(1.27, 12);
  });

  it("falls back to the zero-skill variance P / n_obs with a warning when N >= 2 but the spread is unknown", () => {
    const r = run(1.0, 756, [1.0], 5);
    const v = 252 / 756;
    expect(r.ev.sharpe_variance).toBe(v);
    expect(r.ev.sharpe_variance_source).toBe("zero_skill_fallback");
    const en = (1 - GAMMA) * phiInv(1 - 1 / 5) + GAMMA * phiInv(1 - 1 / (5 * E));
    expect(r.ev.expected_max_sharpe as number).toBeCloseTo(Math.sqrt(v) * en, 12);
    const w = r.findings.find((f) => f.where === "sharpe_variance")!;
    expect(w.severity).toBe("warning");
    expect(w.message).toBe(
      "5 trials but their Sharpe spread is unknown (no sharpe_variance, fewer than 2 sharpes): assumed the " +
        "zero-skill variance P / n_obs = 252 / 756 = 0.333333 (annualised), the spread of noise Sharpes over " +
        "this sample; give sharpes or sharpe_variance for the real one",
    );
    // n_trials alone is now enough (the first call no longer fails).
    expect(run(1.0, 756, undefined, 5).ev.expected_max_sharpe).toBe(r.ev.expected_max_sharpe);
  });

  it("has the spec's evidence keys in order", () => {
    const r = run(2.5, 1260, [0.5, 0.6, 2.5]);
    expect(Object.keys(r.ev)).toEqual([
      "psr",
      "dsr",
      "expected_max_sharpe",
      "expected_max_sharpe_per_period",
      "sharpe_per_period",
      "n_trials",
      "sharpe_variance",
      "sharpe_variance_source",
      "n_trials_declared",
      "n_trials_source",
      "ledger",
      "n_trials_recorded",
      "n_trials_effective",
      "effective_trials",
      "min_trl_obs",
      "min_trl_years",
      "convention",
      "best_sharpe",
      "n_obs",
      "periods_per_year",
      "skew",
      "kurtosis",
      "alpha",
      "best_trial_sharpe",
      "autocorrelation",
      "inputs_source",
      "measured",
      "standard_error",
      "power",
      "pfdr",
      "ofdr",
      "max_variance_factor",
    ]);
    expect(r.ev.convention).toBe("bailey-lopez-de-prado-2014");
    expect(r.ev.best_trial_sharpe).toBe(2.5);
  });
});

describe("trial_ledger bad input", () => {
  const ok = [0.5, 0.6, 2.5];
  it.each([
    ["best_sharpe", () => check(NaN, 100, ok)],
    ["best_sharpe", () => check(Infinity, 100, ok)],
    ["n_obs", () => check(1, 1, ok)],
    ["n_obs", () => check(1, 10.5, ok)],
    ["", () => check(1, 100)],
    ["", () => check(1, 100, undefined, undefined, 0.5)],
    ["sharpes", () => check(1, 100, [])],
    ["sharpes/1", () => check(1, 100, [0.5, NaN])],
    ["sharpe_variance", () => check(1, 100, [0.5, 0.7], undefined, 0.1)],
    ["n_trials", () => check(1, 100, ok, 0)],
    ["n_trials", () => check(1, 100, ok, 2.5)],
    ["sharpe_variance", () => check(1, 100, undefined, 5, -0.1)],
    ["sharpe_variance", () => check(1, 100, undefined, 5, Infinity)],
    ["periods_per_year", () => check(1, 100, ok, undefined, undefined, 0)],
    ["skew", () => check(1, 100, ok, undefined, undefined, 252, NaN)],
    ["kurtosis", () => check(1, 100, ok, undefined, undefined, 252, 0, Infinity)],
    ["alpha", () => check(1, 100, ok, undefined, undefined, 252, 0, 3, 0)],
    ["alpha", () => check(1, 100, ok, undefined, undefined, 252, 0, 3, 1)],
    ["kurtosis", () => check(1, 100, [1], undefined, undefined, 1, 3, 3)],
  ])("%s", (field, fn) => {
    expect(badField(fn)).toBe(field);
  });
  it("accepts one listed Sharpe together with sharpe_variance", () => {
    const r = run(1.5, 500, [1.5], 20, 0.3);
    expect(r.ev.sharpe_variance).toBe(0.3);
    expect(r.ev.n_trials).toBe(20);
  });
});

describe("trial_ledger convention 2025 (Lopez de Prado, Lipton and Zoonekynd)", () => {
  // The paper's numeric example: monthly mu 0.036, sigma 0.079, T = 24, skew -2.448, raw kurtosis 10.164.
  const sr = 0.036 / 0.079;
  const annual = sr * Math.sqrt(12);
  const r3 = (x: unknown) => Math.round((x as number) * 1000) / 1000;
  it("one trial reproduces PSR 0.987, MinTRL 13.029, SE 0.329, beta 0.315, pFDR 0.581, oFDR 0.306", () => {
    const r = run(annual, 24, undefined, 1, undefined, 12, -2.448, 10.164, 0.05, "2025", 0, 0.5 * Math.sqrt(12), 0.05);
    expect(r.ev.convention).toBe("lopez-de-prado-lipton-zoonekynd-2025");
    expect(r3(r.ev.psr)).toBe(0.987);
    expect(r.ev.dsr).toBe(r.ev.psr); // E[max Sharpe] is 0 for one trial
    expect(r3(r.ev.min_trl_obs)).toBe(13.029);
    expect(r3((r.ev.standard_error as number) / Math.sqrt(12))).toBe(0.329);
    expect(r3(1 - (r.ev.power as number))).toBe(0.315);
    expect(r3(r.ev.pfdr)).toBe(0.581);
    expect(r3(r.ev.ofdr)).toBe(0.306);
  });
  it("2014 default differs: variance at the observed Sharpe over T - 1", () => {
    const old = run(annual, 24, undefined, 1, undefined, 12, -2.448, 10.164);
    const factor = 1 + 2.448 * sr + (9.164 / 4) * sr * sr;
    expect(old.ev.psr as number).toBeCloseTo(phi((sr * Math.sqrt(23)) / Math.sqrt(factor)), 12);
    expect(old.ev.power).toBeNull();
    expect(old.ev.standard_error).toBeNull();
  });
  it("AR(1) autocorrelation 0.2 scales the null variance by 1.5 (Gaussian moments)", () => {
    const r = run(annual, 120, undefined, 1, undefined, 12, 0, 3, 0.05, "2025", 0.2);
    expect(r.ev.psr as number).toBeCloseTo(phi(sr / Math.sqrt(1.5 / 120)), 12);
    expect(r.ev.min_trl_obs as number).toBeCloseTo(1.5 * (phiInv(0.95) / sr) ** 2, 10);
  });
  it("bad convention inputs name the field", () => {
    expect(badField(() => check(1, 100, [1], undefined, undefined, 252, 0, 3, 0.05, "2020" as "2014"))).toBe(
      "convention",
    );
    expect(badField(() => check(1, 100, [1], undefined, undefined, 252, 0, 3, 0.05, "2025", 1))).toBe(
      "autocorrelation",
    );
    expect(badField(() => check(1, 100, [1], undefined, undefined, 252, 0, 3, 0.05, "2014", 0.2))).toBe(
      "autocorrelation",
    );
    expect(badField(() => check(1, 100, [1], undefined, undefined, 252, 0, 3, 0.05, "2025", 0, -1))).toBe(
      "alternative_sharpe",
    );
    expect(badField(() => check(1, 100, [1], undefined, undefined, 252, 0, 3, 0.05, "2025", 0, 1, 1))).toBe("prior_h1");
  });
});
