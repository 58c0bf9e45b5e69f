import { describe, expect, it } from "vitest";
import type { Frame, Series } from "../../src/contract/guard.js";
import { check } from "../../guards/cost_curve.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badField } from "../helpers/bad_field.js";

const s = (values: number[], index?: string[]): Series => (index ? { values, index } : { values });
type Out = ReturnType<typeof check>;
const sev = (o: Out, v: string) => o.findings.filter((f) => f.severity === v);
const curve = (o: Out) => o.evidence["curve"] as Frame;
const col = (o: Out, name: string) => curve(o).data[name] as (number | string | null)[];
/** Curve row at `bps`, as a record. */
function rowAt(o: Out, bps: number): Record<string, unknown> {
  const f = curve(o);
  const i = (f.data["bps"] as number[]).indexOf(bps);
  expect(i).toBeGreaterThanOrEqual(0);
  return Object.fromEntries(f.columns.map((c) => [c, f.data[c]![i]]));
}
const prod1p = (xs: number[]) => xs.reduce((w, x) => w * (1 + x), 1);

describe("cost_curve: evidence contract", () => {
  it("has the spec's evidence keys in order and a Frame curve with the spec's columns", () => {
    const o = check(s([0.004, -0.002, 0.003, 0.001]), s([0.2, 0.1, 0.3, 0.2]));
    expect(Object.keys(o.evidence)).toEqual([
      "curve",
      "breakeven_bps",
      "cost_bps",
      "sharpe_gross",
      "sharpe_at_cost",
      "avg_turnover",
      "n_periods",
      "hurdle_ann_return",
      "table",
      "verdict_thresholds",
      "sharpe_gross_lo",
      "autocorrelations",
      "breakeven_definition",
    ]);
    expect(curve(o).columns).toEqual(["bps", "total_return", "ann_return", "sharpe", "max_drawdown", "verdict"]);
    expect(curve(o).nrows).toBe(5);
    expect(col(o, "bps")).toEqual([0, 5, 10, 20, 50]);
    expect(o.evidence["n_periods"]).toBe(4);
    expect(o.evidence["avg_turnover"]).toBeCloseTo(0.2, 15);
    expect(o.evidence["hurdle_ann_return"]).toBe(0);
    expect(o.evidence["cost_bps"]).toBe(10);
    expect(typeof o.evidence["table"]).toBe("string");
    expect(o.evidence["table"] as string).toContain("breakeven");
  });

  it("curve levels are sorted(unique(bps + [0, cost_bps]))", () => {
    const o = check(s([0.01, -0.002, 0.003]), 0.1, [50, 5, 5, 20], 12.5);
    expect(col(o, "bps")).toEqual([0, 5, 12.5, 20, 50]);
    expect(col(check(s([0.01, 0.0]), 0.1, [], 0), "bps")).toEqual([0]);
  });
});

describe("cost_curve: spec examples", () => {
  it("1. net returns r - turnover x c / 10000 (checked through total_return)", () => {
    const a = check(s([0.01, -0.02]), 0.5, [10]);
    expect(rowAt(a, 10)["total_return"] as number).toBeCloseTo(1.0095 * 0.9795 - 1, 14);
    const b = check(s([0.01, -0.02]), s([1.0, 0.0]), [20]);
    expect(rowAt(b, 20)["total_return"] as number).toBeCloseTo(1.008 * 0.98 - 1, 14);
    // Sharpe at 20 bps from the hand-derived net returns [0.008, -0.02].
    const net = [0.008, -0.02];
    const m = (net[0]! + net[1]!) / 2;
    const sdv = Math.sqrt(((net[0]! - m) ** 2 + (net[1]! - m) ** 2) / 1);
    expect(rowAt(b, 20)["sharpe"] as number).toBeCloseTo((m / sdv) * Math.sqrt(252), 10);
  });

  it("2. constant r = 0.001, turnover 0.5, 500 periods: breakeven 20 bps, totals at 10 bps, null Sharpe", () => {
    const r = s(new Array(500).fill(0.001));
    const o = check(r, 0.5);
    expect(Math.abs((o.evidence["breakeven_bps"] as number) - 20)).toBeLessThan(1e-3);
    expect(Math.abs((o.evidence["breakeven_bps"] as number) - 20.0000158)).toBeLessThan(1e-6);
    const at10 = rowAt(o, 10);
    expect(Math.abs((at10["total_return"] as number) - 0.283945)).toBeLessThan(5e-7);
    expect(Math.abs((at10["ann_return"] as number) - 0.134246)).toBeLessThan(5e-7);
    expect(at10["total_return"] as number).toBeCloseTo(1.0005 ** 500 - 1, 10);
    expect(at10["sharpe"]).toBeNull();
    expect(at10["verdict"]).toBe("undefined");
    expect(o.evidence["sharpe_gross"]).toBeNull();
    expect(o.evidence["sharpe_at_cost"]).toBeNull();
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([["info", "breakeven"]]);
    const fail = check(r, 0.5, [0, 5, 10, 20, 50], 25);
    expect(sev(fail, "error").map((f) => f.where)).toEqual(["breakeven"]);
    expect(sev(fail, "error")[0]!.message).toContain("breakeven");
    expect(sev(fail, "error")[0]!.message).toContain("20.00");
    expect(sev(fail, "error")[0]!.message).toContain("25");
  });

  it("3. hand-derived four periods: root 74.908533 bps, gross Sharpe 9.0; PASS at 10, FAIL at 80", () => {
    const r = [0.004, -0.002, 0.003, 0.001];
    const to = [0.2, 0.1, 0.3, 0.2];
    // Independent root of prod(1 + r_t - to_t c / 1e4) = 1 by Newton's method.
    let c = 50;
    for (let it = 0; it < 50; it++) {
      const nets = r.map((x, t) => x - (to[t]! * c) / 1e4);
      const f = prod1p(nets) - 1;
      const df = nets.reduce((acc, _x, t) => acc + (-to[t]! / 1e4) * prod1p(nets.filter((_y, u) => u !== t)), 0);
      c -= f / df;
    }
    expect(Math.abs(c - 74.908533)).toBeLessThan(1e-6);
    const o = check(s(r), s(to));
    expect(Math.abs((o.evidence["breakeven_bps"] as number) - c)).toBeLessThan(5e-5);
    const m = 0.0015;
    const sdv = Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / 3);
    expect(Math.abs(sdv - 0.0026458)).toBeLessThan(1e-7);
    expect(o.evidence["sharpe_gross"] as number).toBeCloseTo((m / sdv) * Math.sqrt(252), 10);
    expect(Math.abs((o.evidence["sharpe_gross"] as number) - 9.0)).toBeLessThan(1e-3);
    expect(rowAt(o, 0)["verdict"]).toBe("tradeable");
    expect(sev(o, "error")).toEqual([]);
    // Four periods pass the cost test but are flagged as too short to judge (issue #16).
    expect(o.findings.map((f) => f.severity)).toEqual(["warning", "info"]);
    expect(sev(o, "warning")[0]!.message).toBe(
      "returns: 4 observation(s) are too short to judge a net Sharpe or an annual return; this guard needs at least 30",
    );
    const fail = check(s(r), s(to), [0, 5, 10, 20, 50], 80);
    expect(sev(fail, "error").length).toBe(1);
    expect(sev(fail, "error")[0]!.message).toContain("74.91");
  });

  it("3b. the breakeven does not depend on periods_per_year when the hurdle is 0", () => {
    const r = s([0.004, -0.002, 0.003, 0.001]);
    const to = s([0.2, 0.1, 0.3, 0.2]);
    const a = check(r, to, [0], 10, undefined, 252).evidence["breakeven_bps"] as number;
    const b = check(r, to, [0], 10, undefined, 12).evidence["breakeven_bps"] as number;
    expect(Math.abs(a - b)).toBeLessThan(2e-4);
  });

  it("4. zero turnover with a positive edge gives Infinity and passes; a negative gross edge gives 0 and fails", () => {
    const o = check(s([0.01, -0.005, 0.002]), 0);
    expect(o.evidence["breakeven_bps"]).toBe(Infinity);
    expect(sev(o, "error")).toEqual([]);
    expect(o.evidence["avg_turnover"]).toBe(0);
    const neg = check(s([-0.01, 0.005, 0.002]), 0.3);
    expect(neg.evidence["breakeven_bps"]).toBe(0);
    expect(sev(neg, "error").map((f) => f.where)).toEqual(["breakeven"]);
    const negZero = check(s([-0.01, 0.005, 0.002]), 0, [0], 0);
    expect(negZero.evidence["breakeven_bps"]).toBe(0);
    expect(sev(negZero, "error").length).toBe(1);
  });

  it("5. drawdown counts the starting capital as the first peak", () => {
    const a = check(s([-0.5, 0.1]), 0);
    expect(col(a, "max_drawdown")).toEqual([-0.5, -0.5, -0.5, -0.5, -0.5]);
    const b = check(s([0.1, -0.5, 0.2]), 0);
    for (const x of col(b, "max_drawdown")) expect(x as number).toBeCloseTo(-0.5, 14);
    const c = check(s([0.01, 0.02]), 0);
    expect(col(c, "max_drawdown")).toEqual([0, 0, 0, 0, 0]);
  });

  it("6. bad input: 10 returns with a 7-value turnover; empty returns", () => {
    expect(badField(() => check(s(new Array(10).fill(0)), s(new Array(7).fill(0.1))))).toBe("turnover");
    expect(badField(() => check(s([]), 0.1))).toBe("returns");
  });
});

describe("cost_curve: method details", () => {
  it("ruin: a net return <= -100% sets total, ann and drawdown to -1", () => {
    const o = check(s([0.01, -0.5, 0.02]), 1, [0, 5000, 6000]);
    const ruined = rowAt(o, 6000);
    expect(ruined["total_return"]).toBe(-1);
    expect(ruined["ann_return"]).toBe(-1);
    expect(ruined["max_drawdown"]).toBe(-1);
    expect(rowAt(o, 5000)["max_drawdown"]).toBe(-1); // -0.5 - 0.5 = -1.0 exactly
    // bracket hi = 10000 x min (1 + r) / to = 5000 for the -0.5 period; the root is below it
    expect(o.evidence["breakeven_bps"] as number).toBeLessThan(5000);
  });

  it("verdict thresholds and the thin-edge warning", () => {
    // Mean 0.0002 / sd ~0.01 per period: annualised Sharpe ~0.3 at 0 bps, edge survives 10 bps at zero turnover.
    const r: number[] = [];
    for (let t = 0; t < 100; t++) r.push(t % 2 === 0 ? 0.0102 : -0.0098);
    const m = r.reduce((a, x) => a + x, 0) / r.length;
    const sdv = Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / (r.length - 1));
    const expected = (m / sdv) * Math.sqrt(252);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(0.5);
    const o = check(s(r), 0);
    expect(o.evidence["sharpe_at_cost"] as number).toBeCloseTo(expected, 10);
    expect(rowAt(o, 10)["verdict"]).toBe("marginal");
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "breakeven"],
      ["warning", "sharpe"],
    ]);
    const dead = check(s([-0.01, 0.005, -0.002]), 0);
    expect(rowAt(dead, 0)["verdict"]).toBe("DEAD");
  });

  it("a numeric benchmark is the hurdle itself; a series benchmark its geometric annualised return", () => {
    const r = s(new Array(500).fill(0.001));
    const num = check(r, 0.5, [0], 10, 0.05);
    expect(num.evidence["hurdle_ann_return"]).toBe(0.05);
    // Root of (1 + 0.001 - 0.5c/1e4)^252 - 1 = 0.05, i.e. net per period = 1.05^(1/252) - 1.
    const cStar = ((0.001 - (1.05 ** (1 / 252) - 1)) * 1e4) / 0.5;
    expect(Math.abs((num.evidence["breakeven_bps"] as number) - cStar)).toBeLessThan(1e-4);
    const bench = s(new Array(500).fill(0.0002));
    const ser = check(r, 0.5, [0], 10, bench);
    expect(ser.evidence["hurdle_ann_return"] as number).toBeCloseTo(1.0002 ** 252 - 1, 12);
    const cSer = ((0.001 - 0.0002) * 1e4) / 0.5;
    expect(Math.abs((ser.evidence["breakeven_bps"] as number) - cSer)).toBeLessThan(1e-4);
  });

  it("the fixture [0.01, -0.0099] x 100 at turnover 2.0 fails at 10 bps", () => {
    const r: number[] = [];
    for (let i = 0; i < 100; i++) r.push(0.01, -0.0099);
    const o = check(s(r), 2.0, [0, 5, 10, 20, 50], 10);
    expect(sev(o, "error").length).toBe(1);
    expect(o.findings[0]!.message).toContain("breakeven");
  });
});

describe("cost_curve: bad input", () => {
  const dates = ["2024-01-02", "2024-01-03", "2024-01-04"];
  it.each([
    ["returns null value", () => check(s([0.01, NaN]), 0.1), "returns/values/1"],
    ["returns Infinity", () => check(s([0.01, Infinity]), 0.1), "returns/values/1"],
    ["returns <= -1", () => check(s([0.01, -1]), 0.1), "returns/values/1"],
    ["returns not a series", () => check("x" as unknown as Series, 0.1), "returns"],
    ["turnover negative", () => check(s([0.01, 0.02]), -0.1), "turnover"],
    ["turnover NaN number", () => check(s([0.01, 0.02]), NaN), "turnover"],
    ["turnover series null", () => check(s([0.01, 0.02]), s([0.1, NaN])), "turnover/values/1"],
    ["turnover series Infinity", () => check(s([0.01, 0.02]), s([0.1, Infinity])), "turnover/values/1"],
    ["turnover series negative", () => check(s([0.01, 0.02]), s([0.1, -0.2])), "turnover/values/1"],
    [
      "turnover labels differ",
      () => check(s([0.01, 0.02, 0.0], dates), s([0.1, 0.1, 0.1], ["2024-01-02", "2024-01-03", "2024-01-05"])),
      "turnover",
    ],
    ["turnover null", () => check(s([0.01, 0.02]), null as unknown as number), "turnover"],
    ["bps not an array", () => check(s([0.01]), 0.1, 5 as unknown as number[]), "bps"],
    ["bps negative", () => check(s([0.01]), 0.1, [0, -5]), "bps/1"],
    ["bps non-finite", () => check(s([0.01]), 0.1, [0, Infinity]), "bps/1"],
    ["cost_bps null", () => check(s([0.01]), 0.1, [0], null as unknown as number), "cost_bps"],
    ["cost_bps non-finite", () => check(s([0.01]), 0.1, [0], Infinity), "cost_bps"],
    ["cost_bps negative", () => check(s([0.01]), 0.1, [0], -1), "cost_bps"],
    ["benchmark number non-finite", () => check(s([0.01]), 0.1, [0], 10, Infinity), "benchmark"],
    ["benchmark number <= -1", () => check(s([0.01]), 0.1, [0], 10, -1), "benchmark"],
    ["benchmark series misaligned", () => check(s([0.01, 0.02]), 0.1, [0], 10, s([0.01])), "benchmark"],
    [
      "benchmark series labels differ",
      () =>
        check(
          s([0.01, 0.02, 0.0], dates),
          0.1,
          [0],
          10,
          s([0.0, 0.0, 0.0], ["2024-01-02", "2024-01-03", "2024-01-08"]),
        ),
      "benchmark",
    ],
    ["benchmark series value <= -1", () => check(s([0.01, 0.02]), 0.1, [0], 10, s([0.01, -1.5])), "benchmark/values/1"],
    ["periods_per_year fractional", () => check(s([0.01]), 0.1, [0], 10, undefined, 2.5), "periods_per_year"],
    ["periods_per_year zero", () => check(s([0.01]), 0.1, [0], 10, undefined, 0), "periods_per_year"],
  ])("%s", (_name, fn, field) => {
    expect(badField(fn)).toBe(field);
  });
});

describe("cost_curve: breakeven bisection always terminates", () => {
  it("a tiny positive turnover gives a huge finite breakeven instead of looping on float spacing", () => {
    const o = check({ values: [0.01, 0.02, -0.005] }, 1e-11);
    const be = o.evidence["breakeven_bps"] as number;
    expect(Number.isFinite(be)).toBe(true);
    expect(be).toBeGreaterThan(1e12);
    expect(o.findings.some((f) => f.severity === "error")).toBe(false);
  });
});

describe("cost_curve: Lo (2002) autocorrelation-adjusted Sharpe", () => {
  it(
    "smoothed returns: the Lo Sharpe is eta(q) x per-period Sharpe from the reported autocorrelations, with a " +
      "warning",
    () => {
      const r = Array.from({ length: 300 }, (_, i) => 0.0008 + 0.01 * Math.sin(i / 6));
      const o = check(s(r), 0.05, [0, 5], 5);
      const rhos = o.evidence["autocorrelations"] as number[];
      expect(rhos).toHaveLength(6);
      let sum = 252;
      rhos.forEach((rho, i) => {
        sum += 2 * (252 - (i + 1)) * rho;
      });
      const perPeriod = (o.evidence["sharpe_gross"] as number) / Math.sqrt(252);
      expect(o.evidence["sharpe_gross_lo"] as number).toBeCloseTo((perPeriod * 252) / Math.sqrt(sum), 10);
      const w = o.findings.filter((f) => f.message.includes("Lo's (2002)"));
      expect(w.map((f) => f.severity)).toEqual(["warning"]);
      expect(w[0]!.message).toMatch(
        /^returns are autocorrelated \(lag-1 0\.9\d\d\): Lo's \(2002\) annualised gross Sharpe is /,
      );
    },
  );
  it("independent returns: no Lo warning, the two Sharpes close", () => {
    const g = new Mt19937(11);
    const r = Array.from({ length: 500 }, () => 0.0005 + 0.01 * (g.nextFloat() - 0.5));
    const o = check(s(r), 0.05, [0, 5], 5);
    expect(o.findings.some((f) => f.message.includes("Lo's (2002)"))).toBe(false);
    expect(
      Math.abs((o.evidence["sharpe_gross_lo"] as number) / (o.evidence["sharpe_gross"] as number) - 1),
    ).toBeLessThan(0.1);
  });
});
