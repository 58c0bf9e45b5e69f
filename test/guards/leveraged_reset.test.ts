import { describe, expect, it } from "vitest";
import type { Series } from "../../src/contract/guard.js";
import { check } from "../../guards/leveraged_reset.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { phiInv } from "../../src/lib/normal.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

const s = (values: number[], index?: string[]): Series => (index ? { values, index } : { values });
const sev = (o: ReturnType<typeof check>, v: string) => o.findings.filter((f) => f.severity === v);
const ev = (o: ReturnType<typeof check>, k: string) => o.evidence[k] as number;

describe("leveraged_reset: spec examples", () => {
  it("1. r = [0.10, -0.10], L = 3: exact -0.09, R -0.01, L x R -0.03, analytic -0.086207", () => {
    const o = check(s([0.1, -0.1]), 3, -0.03);
    expect(ev(o, "exact_product_return")).toBeCloseTo(1.3 * 0.7 - 1, 12);
    expect(ev(o, "index_total_return")).toBeCloseTo(-0.01, 12);
    expect(ev(o, "lev_times_index")).toBeCloseTo(-0.03, 12);
    expect(ev(o, "analytic_approximation")).toBeCloseTo(0.99 ** 3 * Math.exp(-0.06) - 1, 12);
    expect(Math.abs(ev(o, "analytic_approximation") - -0.086207)).toBeLessThan(5e-7);
    expect(ev(o, "gap_vs_lev_times_index")).toBeCloseTo(-0.06, 12);
    expect(ev(o, "gap_vs_exact")).toBeCloseTo(0.06, 12);
    expect(sev(o, "error").map((f) => f.where)).toEqual(["modelled_return"]);
    expect(Object.keys(o.evidence)).toEqual([
      "exact_product_return",
      "index_total_return",
      "lev_times_index",
      "analytic_approximation",
      "gap_vs_lev_times_index",
      "n_days",
      "modelled_return",
      "gap_vs_exact",
      "wiped_out_day",
    ]);
    expect(o.evidence["n_days"]).toBe(2);
    expect(o.evidence["wiped_out_day"]).toBeNull();
    const pass = check(s([0.1, -0.1]), 3, -0.09);
    expect(sev(pass, "error")).toEqual([]);
    expect(pass.findings.map((f) => [f.severity, f.where])).toEqual([["info", "modelled_return"]]);
  });

  it("2. wealth factors for r = [0.01]: L = 3 -> 1.03, -1 -> 0.99, -3 -> 0.97", () => {
    expect(ev(check(s([0.01]), 3), "exact_product_return") + 1).toBeCloseTo(1.03, 14);
    expect(ev(check(s([0.01]), -1), "exact_product_return") + 1).toBeCloseTo(0.99, 14);
    expect(ev(check(s([0.01]), -3), "exact_product_return") + 1).toBeCloseTo(0.97, 14);
  });

  it("3. financing and expense over 252 zero-return days", () => {
    const zeros = s(new Array(252).fill(0));
    const fin = check(zeros, 3, undefined, 0.04);
    expect(ev(fin, "exact_product_return")).toBeCloseTo((1 - (2 * 0.04) / 252) ** 252 - 1, 12);
    expect(Math.abs(ev(fin, "exact_product_return") - -0.076895)).toBeLessThan(5e-7);
    const expense = check(zeros, 1, undefined, 0, 0.0082);
    expect(Math.abs(ev(expense, "exact_product_return") - -0.008167)).toBeLessThan(5e-7);
    expect(ev(check(zeros, 1, undefined, 0.04), "exact_product_return")).toBe(0);
    // inverse products pay no financing
    expect(ev(check(zeros, -1, undefined, 0.04), "exact_product_return")).toBe(0);
    expect(fin.findings.map((f) => [f.severity, f.where])).toEqual([["info", "reset"]]);
  });

  it("4. property: 252 N(0, 0.25/sqrt(252)) days at L = 3; exact passes, 3 x index fails", () => {
    const g = new Mt19937(20240601);
    const sigma = 0.25 / Math.sqrt(252);
    const rs = Array.from({ length: 252 }, () => sigma * phiInv((g.nextUint32() + 0.5) / 2 ** 32));
    let w = 1;
    let idx = 1;
    for (const r of rs) {
      w *= 1 + 3 * r;
      idx *= 1 + r;
    }
    const exactHand = w - 1;
    const pass = check(s(rs), 3, exactHand);
    expect(sev(pass, "error")).toEqual([]);
    expect(ev(pass, "exact_product_return")).toBeCloseTo(exactHand, 12);
    const fail = check(s(rs), 3, 3 * (idx - 1));
    expect(sev(fail, "error")).toHaveLength(1);
    expect(Math.abs(ev(fail, "gap_vs_exact"))).toBeGreaterThan(1e-4);
  });
});

describe("leveraged_reset: wipe-out and tolerance", () => {
  it("a daily factor <= 0 wipes the product out: W = 0 from that day, with a warning", () => {
    const o = check(s([0.05, -0.4, 0.5], ["2024-01-02", "2024-01-03", "2024-01-04"]), 3);
    expect(ev(o, "exact_product_return")).toBe(-1);
    expect(o.evidence["wiped_out_day"]).toBe(1);
    const w = sev(o, "warning");
    expect(w.map((f) => f.where)).toEqual(["reset"]);
    expect(w[0]!.message).toContain("2024-01-03");
    // exactly zero factor also wipes out: 1 + (-1)(1.0) is not allowed (r > -1), but 1 + 2 x (-0.5) = 0
    expect(check(s([-0.5]), 2).evidence["wiped_out_day"]).toBe(0);
  });

  it("return_tol bounds the allowed gap", () => {
    // exact = 1.3 x 0.7 - 1 = -0.09; modelled -0.0895 is 0.0005 off
    expect(sev(check(s([0.1, -0.1]), 3, -0.0895), "error")).toHaveLength(1);
    expect(sev(check(s([0.1, -0.1]), 3, -0.0895, 0, 0, 0.001), "error")).toEqual([]);
  });
});

describe("leveraged_reset: bad input", () => {
  it("index_returns", () => {
    expect(badField(() => check(s([]), 3))).toMatch(/^index_returns \| .*empty/);
    expect(badField(() => check(s([0.01, NaN]), 3))).toMatch(/^index_returns\/values\/1 \|/);
    expect(badField(() => check(s([0.01, Infinity]), 3))).toMatch(/^index_returns\/values\/1 \|/);
    expect(badField(() => check(s([-1]), 3))).toMatch(/^index_returns\/values\/0 \| .*> -1/);
    expect(badField(() => check(s([-1.5]), 3))).toMatch(/^index_returns\/values\/0 \|/);
  });
  it("lev and the optional numbers", () => {
    expect(badField(() => check(s([0.01]), NaN))).toMatch(/^lev \|/);
    expect(badField(() => check(s([0.01]), Infinity))).toMatch(/^lev \|/);
    expect(badField(() => check(s([0.01]), 0))).toMatch(/^lev \| .*not be 0/);
    expect(badField(() => check(s([0.01]), 3, Infinity))).toMatch(/^modelled_return \|/);
    expect(badField(() => check(s([0.01]), 3, NaN))).toMatch(/^modelled_return \|/);
    expect(badField(() => check(s([0.01]), 3, -1.2))).toMatch(/^modelled_return \|/);
    expect(badField(() => check(s([0.01]), 3, undefined, NaN))).toMatch(/^financing \|/);
    expect(badField(() => check(s([0.01]), 3, undefined, 0, -0.01))).toMatch(/^expense \|/);
    expect(badField(() => check(s([0.01]), 3, undefined, 0, Infinity))).toMatch(/^expense \|/);
    expect(badField(() => check(s([0.01]), 3, undefined, 0, 0, -1e-9))).toMatch(/^return_tol \|/);
    expect(badField(() => check(s([0.01]), 3, undefined, 0, 0, NaN))).toMatch(/^return_tol \|/);
    // negative financing is allowed
    expect(check(s([0]), 3, undefined, -0.01).evidence["exact_product_return"]).toBeGreaterThan(0);
  });
});
