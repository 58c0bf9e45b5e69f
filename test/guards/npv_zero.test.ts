import { describe, expect, it } from "vitest";
import { check } from "../../guards/npv_zero.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

const errs = (o: ReturnType<typeof check>) => o.findings.filter((f) => f.severity === "error");
const num = (o: ReturnType<typeof check>, k: string) => o.evidence[k] as number;

describe("npv_zero: spec examples", () => {
  it("1. dates agree: t = 1, NPV 10.450584", () => {
    const o = check("2026-06-04", "2026-06-04", "2027-06-04");
    expect(errs(o)).toEqual([]);
    expect(o.findings).toEqual([{ severity: "info", message: "dates agree", where: "dates" }]);
    expect(num(o, "years_from_curve")).toBe(1);
    expect(num(o, "years_from_eval")).toBe(1);
    expect(Math.abs(num(o, "npv_as_priced") - 10.450584)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "npv_correct_anchor") - 10.450584)).toBeLessThan(5e-7);
    expect(num(o, "relative_error")).toBe(0);
    expect(Object.keys(o.evidence)).toEqual([
      "eval_date",
      "curve_ref",
      "expiry",
      "years_from_curve",
      "years_from_eval",
      "npv_as_priced",
      "npv_correct_anchor",
      "relative_error",
      "spot",
    ]);
    expect(o.evidence["spot"]).toBe(100);
  });

  it("2. curve 2026-09-04: 273/365 years, NPV 8.757762 vs 10.450584, 16.2% off", () => {
    const o = check("2026-06-04", "2026-09-04", "2027-06-04");
    expect(errs(o).map((f) => f.where)).toEqual(["curve_ref"]);
    expect(num(o, "years_from_curve")).toBeCloseTo(273 / 365, 15);
    expect(Math.abs(num(o, "years_from_curve") - 0.747945)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "npv_as_priced") - 8.757762)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "npv_correct_anchor") - 10.450584)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "relative_error") - 0.16198)).toBeLessThan(5e-6);
    expect(errs(o)[0]!.message).toContain("16.20% off");
  });

  it("3. expired and curve != eval: two errors, price 0, relative error null", () => {
    const o = check("2026-09-08", "2020-01-15", "2021-01-15");
    expect(errs(o).map((f) => f.where)).toEqual(["expiry", "curve_ref"]);
    expect(errs(o)[0]!.message).toContain("NPV() returns exactly 0.0");
    expect(num(o, "years_from_curve")).toBeCloseTo(366 / 365, 15);
    expect(Math.abs(num(o, "years_from_curve") - 1.00274)).toBeLessThan(5e-7);
    expect(o.evidence["npv_as_priced"]).toBe(0);
    expect(o.evidence["npv_correct_anchor"]).toBe(0);
    expect(o.evidence["relative_error"]).toBeNull();
  });
});

describe("npv_zero: hand-derived", () => {
  it("Black-Scholes at t = 1 computed independently", () => {
    // d1 = (0 + 0.07)/0.2 = 0.35, d2 = 0.15; Phi(0.35) = 0.636830651175619, Phi(0.15) = 0.5596176923702425 (via erfc)
    const hand = 100 * 0.636830651175619 - 100 * Math.exp(-0.05) * 0.5596176923702425;
    expect(num(check("2026-06-04", "2026-06-04", "2027-06-04"), "npv_as_priced")).toBeCloseTo(hand, 10);
  });

  it("expiry equal to the evaluation date is expired", () => {
    const o = check("2026-06-04", "2026-06-04", "2026-06-04");
    expect(errs(o).map((f) => f.where)).toEqual(["expiry"]);
    expect(o.evidence["npv_as_priced"]).toBe(0);
  });

  it("a curve dated after expiry gives a null price", () => {
    const o = check("2026-06-04", "2027-07-01", "2027-06-04");
    expect(o.evidence["npv_as_priced"]).toBeNull();
    expect(o.evidence["relative_error"]).toBeNull();
    expect(errs(o)[0]!.message).toContain("undefined");
  });

  it("spot changes the reference price; midnight date-times read as dates", () => {
    const o = check("2026-06-04T00:00:00", "2026-06-04", "2027-06-04", 120);
    expect(o.evidence["eval_date"]).toBe("2026-06-04");
    expect(num(o, "npv_as_priced")).toBeGreaterThan(20);
    expect(o.evidence["spot"]).toBe(120);
  });
});

describe("npv_zero: bad input", () => {
  it("dates and spot", () => {
    expect(badField(() => check(undefined as unknown as string, "2026-06-04", "2027-06-04"))).toMatch(/^eval_date \|/);
    expect(badField(() => check("2026-06-04", "2026-13-01", "2027-06-04"))).toMatch(/^curve_ref \|/);
    expect(badField(() => check("2026-06-04", "2026-06-04", "next year"))).toMatch(/^expiry \|/);
    expect(badField(() => check("2026-06-04T10:30:00", "2026-06-04", "2027-06-04"))).toMatch(/^eval_date \|/);
    expect(badField(() => check("2026-06-04", "2026-06-04", "2027-06-04", 0))).toMatch(/^spot \|/);
    expect(badField(() => check("2026-06-04", "2026-06-04", "2027-06-04", -5))).toMatch(/^spot \|/);
    expect(badField(() => check("2026-06-04", "2026-06-04", "2027-06-04", NaN))).toMatch(/^spot \|/);
    expect(badField(() => check("2026-06-04", "2026-06-04", "2027-06-04", Infinity))).toMatch(/^spot \|/);
  });
});
