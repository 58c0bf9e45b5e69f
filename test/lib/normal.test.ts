// The distribution functions written in src/lib (replacing @stdlib): published values and closed forms.
import { describe, expect, it } from "vitest";
import { phi, phiInv, studentTCdf } from "../../src/lib/normal.js";

const close = (got: number, want: number, rel: number) =>
  expect(Math.abs(got - want) / Math.abs(want), `${got} vs ${want}`).toBeLessThanOrEqual(rel);

describe("standard normal CDF", () => {
  // Published values of Phi (Abramowitz & Stegun table 26.1 digits, extended to 16 digits).
  const cases: [number, number][] = [
    [0, 0.5],
    [1, 0.8413447460685429],
    [1.96, 0.9750021048517795],
    [-1.96, 0.024997895148220435],
    [-5, 2.866515718791939e-7],
    [-10, 7.619853024160525e-24],
    [-20, 2.753624118606234e-89],
    [-37.5, 4.605353009581955e-308],
  ];
  it.each(cases)("Phi(%d)", (x, want) => close(phi(x), want, 2e-14));
  it("edges", () => {
    expect(phi(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(phi(Number.POSITIVE_INFINITY)).toBe(1);
    expect(phi(Number.NaN)).toBeNaN();
    expect(phi(-40)).toBe(0);
  });
  it("is symmetric: Phi(x) + Phi(-x) = 1", () => {
    for (let x = 0; x < 8; x += 0.173) expect(phi(x) + phi(-x)).toBeCloseTo(1, 15);
  });
});

describe("standard normal quantile", () => {
  const cases: [number, number][] = [
    [0.975, 1.959963984540054],
    [0.95, 1.6448536269514726],
    [0.99, 2.326347874040841],
    [0.3, -0.5244005127080408],
    [1e-10, -6.361340902404056],
  ];
  it.each(cases)("PhiInv(%d)", (p, want) => close(phiInv(p), want, 1e-14));
  it("inverts Phi from 1e-300 to 1 - 1e-16", () => {
    for (let e = -300; e <= -1; e += 0.7) close(phi(phiInv(10 ** e)), 10 ** e, 2e-13);
    for (let p = 0.01; p < 1; p += 0.0173) close(phi(phiInv(p)), p, 1e-14);
  });
  it("edges", () => {
    expect(phiInv(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(phiInv(1)).toBe(Number.POSITIVE_INFINITY);
    expect(phiInv(0.5)).toBe(0);
    expect(phiInv(-0.1)).toBeNaN();
    expect(phiInv(1.1)).toBeNaN();
  });
});

describe("Student t CDF", () => {
  it("nu = 1 is the Cauchy CDF, 1/2 + atan(x)/pi", () => {
    for (let x = -50; x <= 50; x += 0.37) close(studentTCdf(x, 1), 0.5 + Math.atan(x) / Math.PI, 1e-13);
  });
  it("nu = 2 has the closed form 1/2 + x / (2 sqrt(2 + x^2))", () => {
    for (let x = -3; x <= 30; x += 0.29) close(studentTCdf(x, 2), 0.5 + x / (2 * Math.sqrt(2 + x * x)), 1e-13);
  });
  it("nu = 3 has the closed form 1/2 + (atan(u) + u / (1 + u^2)) / pi, u = x / sqrt(3)", () => {
    for (let x = -4; x <= 4; x += 0.31) {
      const u = x / Math.sqrt(3);
      close(studentTCdf(x, 3), 0.5 + (Math.atan(u) + u / (1 + u * u)) / Math.PI, 1e-13);
    }
  });
  // Published two-sided critical values t_{p, nu} (the familiar table's entries, to 16 digits).
  const critical: [number, number, number][] = [
    [2.228138851986273, 10, 0.975],
    [2.042272456301238, 30, 0.975],
    [4.032142983557536, 5, 0.995],
    [1.6448536269514726, Number.POSITIVE_INFINITY, 0.95],
  ];
  it.each(critical)("t = %d with nu = %d is the %d quantile", (t, nu, p) => {
    expect(Math.abs(studentTCdf(t, nu) - p)).toBeLessThan(2e-14);
    expect(Math.abs(studentTCdf(-t, nu) - (1 - p))).toBeLessThan(2e-14);
  });
  it("tends to the normal CDF as nu grows: Phi(x) - (x^3 + x) phi(x) / (4 nu) + O(1/nu^2)", () => {
    for (const x of [-3, -1, 0.5, 2]) {
      const nu = 1e6;
      const density = Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
      close(studentTCdf(x, nu), phi(x) - ((x ** 3 + x) / (4 * nu)) * density, 1e-9);
    }
  });
  it("edges", () => {
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(studentTCdf(Number.POSITIVE_INFINITY, 3)).toBe(1);
    expect(studentTCdf(Number.NEGATIVE_INFINITY, 3)).toBe(0);
    expect(studentTCdf(1, 0)).toBeNaN();
    expect(studentTCdf(Number.NaN, 3)).toBeNaN();
  });
});
