import { describe, expect, it } from "vitest";
import { check } from "../../guards/greeks_convention.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

const sev = (o: ReturnType<typeof check>, s: string) => o.findings.filter((f) => f.severity === s);

// py_vollib call, S = K = 100, T = 1, r = 5%, q = 0, sigma = 20%
const vollibCall = {
  price: 10.45058357,
  delta: 0.63683065,
  gamma: 0.01876202,
  vega: 0.37524035,
  theta: -0.01757268,
  rho: 0.53232482,
};

describe("greeks_convention: spec examples", () => {
  it("1. vollib call passes; absolute vega, theta, rho", () => {
    const o = check(vollibCall, "c", 1.0, "vollib");
    expect(sev(o, "error")).toEqual([]);
    expect(Object.keys(o.evidence)).toEqual(["hard", "soft", "option_type", "convention", "absolute", "report"]);
    const abs = o.evidence["absolute"] as Record<string, number>;
    expect(abs["vega"]).toBe(37.524035);
    expect(abs["theta"]).toBeCloseTo(-0.01757268 * 365, 12);
    expect(abs["theta"]).toBe(-6.4140282);
    expect(abs["rho"]).toBe(53.232482);
    expect(abs["price"]).toBe(10.45058357);
    expect(abs["delta"]).toBe(0.63683065);
    expect(abs["gamma"]).toBe(0.01876202);
    expect(o.evidence["option_type"]).toBe("call");
    expect(o.evidence["convention"]).toBe("vollib");
    expect(o.evidence["report"]).toContain("theta -6.4140282 per year (library -0.01757268 per calendar day)");
    expect(o.findings).toEqual([{ severity: "info", message: "long call sign invariants hold", where: "sign" }]);
  });

  it("2. positive theta fails with one error", () => {
    const o = check({ ...vollibCall, theta: 0.01757268 }, "c", 1.0, "vollib");
    expect(sev(o, "error").map((f) => f.where)).toEqual(["sign"]);
    expect(o.evidence["hard"]).toEqual(["theta 0.01757268 violates theta < 0 for a long call"]);
  });

  it("3. delta 0.3 at moneyness 1.2 passes with one ITM call warning", () => {
    const o = check({ ...vollibCall, delta: 0.3 }, "c", 1.2, "vollib");
    expect(sev(o, "error")).toEqual([]);
    expect(sev(o, "warning").map((f) => [f.message, f.where])).toEqual([
      ["ITM call (S/K 1.20) with delta 0.30 < 0.5", "moneyness"],
    ]);
    expect(o.evidence["soft"]).toEqual(["ITM call (S/K 1.20) with delta 0.30 < 0.5"]);
  });

  it("4. put with delta 0.2 fails", () => {
    const o = check({ delta: 0.2, gamma: 0.01 }, "put");
    expect(o.evidence["hard"]).toEqual(["delta 0.2 violates -1 <= delta <= 0 for a long put"]);
    expect(o.evidence["option_type"]).toBe("put");
    expect(o.evidence["convention"]).toBeNull();
    expect(o.evidence["absolute"]).toBeNull();
    expect(o.evidence["report"]).toBeNull();
  });
});

describe("greeks_convention: invariants and units", () => {
  it("zero theta fails (strict); boundaries of delta pass", () => {
    expect(check({ theta: 0 }, "call").evidence["hard"]).toEqual(["theta 0 violates theta < 0 for a long call"]);
    expect(sev(check({ delta: 1 }, "c"), "error")).toEqual([]);
    expect(sev(check({ delta: 0 }, "c"), "error")).toEqual([]);
    expect(sev(check({ delta: -1 }, "p"), "error")).toEqual([]);
    expect(sev(check({ delta: 1.01 }, "c"), "error")).toHaveLength(1);
  });

  it("several violations on a short-position-signed put, in a fixed order", () => {
    const o = check({ Rho: 0.4, THETA: 0.01, vega: -0.3, gamma: -0.02, delta: 0.4 }, "P");
    expect((o.evidence["hard"] as string[]).map((m) => m.split(" ")[0])).toEqual([
      "delta",
      "gamma",
      "vega",
      "theta",
      "rho",
    ]);
    expect(sev(o, "info")).toEqual([]);
  });

  it("soft checks: OTM call with high delta, ITM put with weak delta, no OTM put check", () => {
    expect(check({ delta: 0.7 }, "c", 0.9).evidence["soft"]).toEqual(["OTM call (S/K 0.90) with delta 0.70 > 0.5"]);
    expect(check({ delta: -0.2 }, "p", 0.8).evidence["soft"]).toEqual(["ITM put (S/K 0.80) with delta -0.20 > -0.5"]);
    expect(check({ delta: -0.9 }, "p", 1.3).evidence["soft"]).toEqual([]);
    expect(check({ delta: 0.3 }, "c", 1.04).evidence["soft"]).toEqual([]);
  });

  it("trading-day theta and absolute conventions; case-insensitive keys, other keys carried", () => {
    const o = check({ Theta: -0.02, Vega: 0.4, vanna: 0.1 }, "call", undefined, "  Per_Point_Per_Trading_Day ");
    expect(o.evidence["convention"]).toBe("per_point_per_trading_day");
    // hand: -0.02 x 252 = -5.04, 0.4 x 100 = 40
    expect(o.evidence["absolute"]).toEqual({ theta: -5.04, vega: 40, vanna: 0.1 });
    const q = check({ theta: -6.4, vega: 37.5 }, "c", undefined, "quantlib");
    expect(q.evidence["absolute"]).toEqual({ theta: -6.4, vega: 37.5 });
  });
});

describe("greeks_convention: bad input", () => {
  it("greeks", () => {
    expect(badField(() => check([] as unknown as Record<string, number>, "c"))).toMatch(/^greeks \|/);
    expect(badField(() => check("x" as unknown as Record<string, number>, "c"))).toMatch(/^greeks \|/);
    expect(badField(() => check({}, "c"))).toMatch(/^greeks \| .*empty/);
    expect(badField(() => check({ delta: NaN }, "c"))).toMatch(/^greeks\/delta \|/);
    expect(badField(() => check({ delta: Infinity }, "c"))).toMatch(/^greeks\/delta \|/);
    expect(badField(() => check({ delta: "0.5" as unknown as number }, "c"))).toMatch(/^greeks\/delta \|/);
    expect(badField(() => check({ delta: 0.5, Delta: 0.5 }, "c"))).toMatch(/^greeks\/Delta \| .*lower-casing/);
  });
  it("flag, moneyness, convention", () => {
    expect(badField(() => check({ delta: 0.5 }, "x"))).toMatch(/^flag \|/);
    expect(badField(() => check({ delta: 0.5 }, ""))).toMatch(/^flag \|/);
    expect(badField(() => check({ delta: 0.5 }, " call"))).toMatch(/^flag \|/);
    expect(badField(() => check({ delta: 0.5 }, 1 as unknown as string))).toMatch(/^flag \|/);
    expect(badField(() => check({ delta: 0.5 }, "c", 0))).toMatch(/^moneyness \|/);
    expect(badField(() => check({ delta: 0.5 }, "c", -1))).toMatch(/^moneyness \|/);
    expect(badField(() => check({ delta: 0.5 }, "c", NaN))).toMatch(/^moneyness \|/);
    expect(badField(() => check({ delta: 0.5 }, "c", undefined, "bloomberg"))).toMatch(
      /^convention \| .*absolute, quantlib, financepy, vollib, per_point_per_day, per_point_per_trading_day/,
    );
  });
});
