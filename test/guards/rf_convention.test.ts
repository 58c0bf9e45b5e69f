import { describe, expect, it } from "vitest";
import type { Series } from "../../src/contract/guard.js";
import { check } from "../../guards/rf_convention.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badField } from "../helpers/bad_field.js";

const s = (values: number[]): Series => ({ values });
type Out = ReturnType<typeof check>;
const sev = (o: Out, v: string) => judged(o).filter((f) => f.severity === v);
const sharpes = (o: Out) => o.evidence["sharpe_by_convention"] as Record<string, number>;
/** Findings other than the short-sample warning the 5-return fixtures all carry (asserted on its own below). */
const judged = (o: Out) => o.findings.filter((f) => !f.message.includes("too short to judge"));

const R = [0.01, -0.005, 0.002, 0.004, -0.001];
/** Independent hand computation: mu 0.002, sigma from the squared deviations, ddof 1. */
const MU = 0.002;
const SIGMA = Math.sqrt([0.008, -0.007, 0, 0.002, -0.003].reduce((a, d) => a + d * d, 0) / 4);
const S = (k: number) => ((MU - k) / SIGMA) * Math.sqrt(252);

describe("rf_convention: hand-derived Sharpes", () => {
  it("mu 0.002, sigma 0.0056125; the four Sharpes and k values", () => {
    expect(Math.abs(SIGMA - 0.0056125)).toBeLessThan(5e-8);
    const o = check(s(R), 0.05);
    const t = sharpes(o);
    expect(Object.keys(t)).toEqual(["annual_rf_geometric", "annual_rf_simple", "rf_as_per_period", "no_rf"]);
    expect(Math.abs(t["annual_rf_geometric"]! - 5.109184)).toBeLessThan(5e-6);
    expect(Math.abs(t["annual_rf_simple"]! - 5.095658)).toBeLessThan(5e-6);
    expect(Math.abs(t["rf_as_per_period"]! - -135.764502)).toBeLessThan(5e-6);
    expect(Math.abs(t["no_rf"]! - 5.656854)).toBeLessThan(5e-6);
    expect(t["annual_rf_geometric"]).toBeCloseTo(S(1.05 ** (1 / 252) - 1), 10);
    expect(t["annual_rf_simple"]).toBeCloseTo(S(0.05 / 252), 10);
    expect(t["no_rf"]).toBeCloseTo(S(0), 10);
    expect(Math.abs((o.evidence["rf_per_period"] as number) - 0.000193631)).toBeLessThan(5e-10);
    expect(Math.abs(0.05 / 252 - 0.000198413)).toBeLessThan(5e-10);
    expect(o.evidence["rf_plausibly_annual"]).toBe(true); // 0.05 x 252 = 12.6 > 0.25
  });
});

describe("rf_convention: spec examples", () => {
  it("1. no reported_sharpe: PASS with one info listing the Sharpes; evidence keys", () => {
    const o = check(s(R), 0.05);
    expect(judged(o).map((f) => [f.severity, f.where])).toEqual([["info", "sharpe"]]);
    expect(judged(o)[0]!.message).toContain("annual_rf_geometric");
    expect(Object.keys(o.evidence)).toEqual([
      "sharpe_by_convention",
      "matched_convention",
      "rf_per_period",
      "matching_conventions",
      "unit_mix",
      "nearest_convention",
      "rf_plausibly_annual",
      "rf",
      "periods_per_year",
      "reported_sharpe",
      "tolerance",
    ]);
    expect(o.evidence["matched_convention"]).toBeNull();
    expect(o.evidence["matching_conventions"]).toEqual([]);
    expect(o.evidence["nearest_convention"]).toBeNull();
    expect(o.evidence["reported_sharpe"]).toBeNull();
    expect(o.evidence["rf"]).toBe(0.05);
    expect(o.evidence["periods_per_year"]).toBe(252);
    expect(o.evidence["tolerance"]).toBe(0.02);
  });

  it("2. reported 5.11 matches geometric and simple; matched annual_rf_geometric -> PASS", () => {
    const o = check(s(R), 0.05, 252, 5.11);
    expect(o.evidence["matching_conventions"]).toEqual(["annual_rf_geometric", "annual_rf_simple"]);
    expect(o.evidence["matched_convention"]).toBe("annual_rf_geometric");
    expect(o.evidence["nearest_convention"]).toBe("annual_rf_geometric");
    expect(sev(o, "error")).toEqual([]);
    expect(judged(o).map((f) => [f.severity, f.where])).toEqual([["info", "reported_sharpe"]]);
    expect(judged(o)[0]!.message).toContain("annual_rf_geometric");
  });

  it("3. reported -135.76 matches rf_as_per_period with an annual-looking rf -> FAIL", () => {
    const o = check(s(R), 0.05, 252, -135.76);
    expect(o.evidence["matched_convention"]).toBe("rf_as_per_period");
    expect(o.evidence["matching_conventions"]).toEqual(["rf_as_per_period"]);
    const errs = sev(o, "error");
    expect(errs.map((f) => f.where)).toEqual(["reported_sharpe"]);
    expect(errs[0]!.message).toContain("ANNUAL rate subtracted from every period");
    expect(errs[0]!.message).toContain("5.1092");
  });

  it("4. reported 3.0 matches none -> PASS with a warning; rf 5 -> FAIL 'did you mean 0.05?'", () => {
    const o = check(s(R), 0.05, 252, 3.0);
    expect(o.evidence["matched_convention"]).toBeNull();
    expect(o.evidence["matching_conventions"]).toEqual([]);
    expect(o.evidence["nearest_convention"]).toBe("annual_rf_simple"); // 5.0957 is nearest to 3.0
    expect(judged(o).map((f) => [f.severity, f.where])).toEqual([["warning", "reported_sharpe"]]);
    expect(judged(o)[0]!.message).toContain("matches none of the conventions");
    expect(judged(o)[0]!.message).toContain("annual_rf_simple");
    const pct = check(s(R), 5);
    const errs = sev(pct, "error");
    expect(errs.map((f) => f.where)).toEqual(["rf"]);
    expect(errs[0]!.message).toContain("looks like a percentage");
    expect(errs[0]!.message).toContain("did you mean 0.05?");
    // the percentage check does not stop the others
    expect(judged(pct).map((f) => f.where)).toEqual(["rf", "sharpe"]);
    expect(sev(check(s(R), 4.5), "error")[0]!.message).toContain("did you mean 0.045?");
    expect(sev(check(s(R), -7), "error")[0]!.message).toContain("did you mean -0.07?");
  });

  it(
    "5. 1008 draws of N(0.0005, 0.01), rf 0.05: the geometric Sharpe passes, " + "the per-period one (about -78) fails",
    () => {
      const rng = new Mt19937(42);
      const r: number[] = [];
      while (r.length < 1008) {
        const u1 = 1 - rng.nextFloat();
        const u2 = rng.nextFloat();
        const rad = Math.sqrt(-2 * Math.log(u1));
        r.push(0.0005 + 0.01 * rad * Math.cos(2 * Math.PI * u2), 0.0005 + 0.01 * rad * Math.sin(2 * Math.PI * u2));
      }
      const mu = r.reduce((a, x) => a + x, 0) / r.length;
      const sigma = Math.sqrt(r.reduce((a, x) => a + (x - mu) ** 2, 0) / (r.length - 1));
      const geo = ((mu - (1.05 ** (1 / 252) - 1)) / sigma) * Math.sqrt(252);
      const perPeriod = ((mu - 0.05) / sigma) * Math.sqrt(252);
      expect(perPeriod).toBeGreaterThan(-90);
      expect(perPeriod).toBeLessThan(-70);
      const pass = check(s(r), 0.05, 252, geo);
      expect(pass.evidence["matched_convention"]).toBe("annual_rf_geometric");
      expect(sev(pass, "error")).toEqual([]);
      const fail = check(s(r), 0.05, 252, perPeriod);
      expect(fail.evidence["matched_convention"]).toBe("rf_as_per_period");
      expect(sev(fail, "error").length).toBe(1);
    },
  );
});

describe("rf_convention: other findings", () => {
  it("a per-period-looking rf subtracted each period is an info, not an error", () => {
    const rf = 0.0001; // 0.0001 x 252 = 0.0252 <= 0.25
    const reported = S(rf);
    const o = check(s(R), rf, 252, reported);
    expect(o.evidence["rf_plausibly_annual"]).toBe(false);
    expect(o.evidence["matched_convention"]).toBe("rf_as_per_period");
    expect(judged(o).map((f) => [f.severity, f.where])).toEqual([["info", "reported_sharpe"]]);
  });

  it("no_rf match says the library ignored rf; tolerance is relative and absolute", () => {
    const o = check(s(R), 0.05, 252, 5.656854);
    expect(o.evidence["matched_convention"]).toBe("no_rf");
    expect(judged(o)[0]!.message).toContain("ignored rf");
    // tolerance 0: only an exact hit matches
    expect(check(s(R), 0.05, 252, 5.11, 0).evidence["matching_conventions"]).toEqual([]);
    // absolute floor: |S| small -> max(tol x |S|, tol) = tol
    const tiny = check(s([0.001, -0.001, 0.0005]), 0, 252, 4.0, 0.5);
    expect(tiny.evidence["matching_conventions"]).toEqual([]);
  });
});

describe("rf_convention: bad input", () => {
  it.each([
    ["fewer than 3 returns", () => check(s([0.01, 0.02]), 0.05), "returns"],
    ["a null return", () => check(s([0.01, NaN, 0.02]), 0.05), "returns/values/1"],
    ["a non-finite return", () => check(s([0.01, -Infinity, 0.02]), 0.05), "returns/values/1"],
    ["a return <= -1", () => check(s([0.01, -1, 0.02]), 0.05), "returns/values/1"],
    ["all returns equal", () => check(s([0.01, 0.01, 0.01]), 0.05), "returns"],
    ["rf null", () => check(s(R), null as unknown as number), "rf"],
    ["rf non-finite", () => check(s(R), Infinity), "rf"],
    ["periods_per_year fractional", () => check(s(R), 0.05, 12.5), "periods_per_year"],
    ["periods_per_year zero", () => check(s(R), 0.05, 0), "periods_per_year"],
    ["reported_sharpe non-finite", () => check(s(R), 0.05, 252, NaN), "reported_sharpe"],
    ["tolerance negative", () => check(s(R), 0.05, 252, 1, -0.1), "tolerance"],
    ["tolerance non-finite", () => check(s(R), 0.05, 252, 1, Infinity), "tolerance"],
  ])("%s", (_name, fn, field) => {
    expect(badField(fn)).toBe(field);
  });
});

describe("rf_convention: the convention table says which entry is wrong", () => {
  const listed = (o: Out) => judged(o).find((f) => f.message.startsWith("Sharpe by rf convention"))!.message;
  it("marks rf_as_per_period as the wrong convention when rf looks annual", () => {
    expect(listed(check(s(R), 0.05))).toContain(
      "rf_as_per_period -135.7645 (wrong convention here: it subtracts an annual rf every period)",
    );
  });
  it("does not mark it when rf looks per period", () => {
    expect(listed(check(s(R), 0.0001))).not.toContain("wrong convention");
  });
});
