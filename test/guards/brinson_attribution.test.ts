import { describe, expect, it } from "vitest";
import type { Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { check } from "../../guards/brinson_attribution.js";
import { badField } from "../helpers/bad_field.js";

type Out = ReturnType<typeof check>;
const SECTORS = ["Tech", "Energy", "Staples"];
const panelOf = (wp: number[], wb: number[], rp: number[], rb: number[], sectors = SECTORS): Frame =>
  makeFrame({ wp, wb, rp, rb }, sectors);
const demo = (wp = [0.5, 0.3, 0.2]) => panelOf(wp, [0.4, 0.3, 0.3], [0.12, -0.04, 0.03], [0.1, -0.02, 0.02]);
const period2 = () => panelOf([0.4, 0.3, 0.3], [0.4, 0.3, 0.3], [0.05, 0.01, -0.02], [0.04, 0.02, -0.01]);
const rows = (o: Out) =>
  o.evidence["sectors"] as {
    sector: string;
    wp: number;
    wb: number;
    rp: number;
    rb: number;
    allocation: number;
    selection: number;
    interaction: number;
  }[];
const col = (o: Out, k: "allocation" | "selection" | "interaction" | "wp" | "rp") => rows(o).map((r) => r[k]);
const num = (o: Out, k: string) => o.evidence[k] as number;
const errors = (o: Out) => o.findings.filter((f) => f.severity === "error");
function closeAll(got: number[], want: number[], digits: number) {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, digits));
}

const KEYS = [
  "sectors",
  "allocation_total",
  "selection_total",
  "interaction_total",
  "portfolio_return",
  "benchmark_return",
  "active_return",
  "residual",
  "method",
  "linking",
  "n_periods",
  "periods",
  "linking_coefficient",
  "naive_residual",
];

describe("brinson_attribution: example 1 (demo panel, arithmetic methods)", () => {
  it("fachler: effects per sector, totals, PASS with +140.0 bps", () => {
    const o = check(demo());
    closeAll(col(o, "allocation"), [0.006, 0, 0.002], 14);
    closeAll(col(o, "selection"), [0.008, -0.006, 0.003], 14);
    closeAll(col(o, "interaction"), [0.002, 0, -0.001], 14);
    expect(num(o, "allocation_total")).toBeCloseTo(0.008, 14);
    expect(num(o, "selection_total")).toBeCloseTo(0.005, 14);
    expect(num(o, "interaction_total")).toBeCloseTo(0.001, 14);
    expect(num(o, "portfolio_return")).toBeCloseTo(0.054, 14);
    expect(num(o, "benchmark_return")).toBeCloseTo(0.04, 14);
    expect(num(o, "active_return")).toBeCloseTo(0.014, 14);
    expect(Math.abs(num(o, "residual"))).toBeLessThan(1e-15);
    expect(errors(o)).toEqual([]);
    expect(o.findings).toHaveLength(1);
    expect(o.findings[0]!.where).toBe("reconciliation");
    expect(o.findings[0]!.message).toContain("single period: effects reconcile to active return");
    expect(o.findings[0]!.message).toContain("+140.0 bps");
    expect(Object.keys(o.evidence)).toEqual(KEYS);
    expect(o.evidence["method"]).toBe("fachler");
    expect(o.evidence["linking"]).toBe("none");
    expect(o.evidence["n_periods"]).toBe(1);
    expect(o.evidence["periods"]).toBeNull();
    expect(o.evidence["linking_coefficient"]).toBeNull();
    expect(o.evidence["naive_residual"]).toBeNull();
    expect(Object.keys(rows(o)[0]!)).toEqual([
      "sector",
      "wp",
      "wb",
      "rp",
      "rb",
      "allocation",
      "selection",
      "interaction",
    ]);
    expect(rows(o).map((r) => r.sector)).toEqual(SECTORS);
    expect(rows(o)[0]).toMatchObject({ wp: 0.5, wb: 0.4, rp: 0.12, rb: 0.1 });
  });

  it("effects sum to the active return (single period, every arithmetic method)", () => {
    for (const m of ["fachler", "bhb", "topdown"] as const) {
      const o = check(demo(), undefined, m);
      const total = num(o, "allocation_total") + num(o, "selection_total") + num(o, "interaction_total");
      expect(Math.abs(total - (0.054 - 0.04))).toBeLessThan(1e-15);
      expect(errors(o)).toEqual([]);
    }
  });

  it("bhb: allocation [0.010, 0, -0.002], total also 0.008", () => {
    const o = check(demo(), undefined, "bhb");
    closeAll(col(o, "allocation"), [0.01, 0, -0.002], 14);
    expect(num(o, "allocation_total")).toBeCloseTo(0.008, 14);
    closeAll(col(o, "selection"), [0.008, -0.006, 0.003], 14);
    expect(o.evidence["method"]).toBe("bhb");
  });

  it("topdown: allocation as Fachler, selection [0.010, -0.006, 0.002] (0.006), interaction 0", () => {
    const o = check(demo(), undefined, "topdown");
    closeAll(col(o, "allocation"), [0.006, 0, 0.002], 14);
    closeAll(col(o, "selection"), [0.01, -0.006, 0.002], 14);
    expect(num(o, "selection_total")).toBeCloseTo(0.006, 14);
    expect(col(o, "interaction")).toEqual([0, 0, 0]);
    expect(num(o, "interaction_total")).toBe(0);
  });

  it("method is case-insensitive", () => {
    const o = check(demo(), undefined, "BHB" as "bhb");
    expect(o.evidence["method"]).toBe("bhb");
    closeAll(col(o, "allocation"), [0.01, 0, -0.002], 14);
  });

  it("a 'sector' column labels the rows when there is no index", () => {
    const f = makeFrame({
      sector: SECTORS,
      wp: [0.5, 0.3, 0.2],
      wb: [0.4, 0.3, 0.3],
      rp: [0.12, -0.04, 0.03],
      rb: [0.1, -0.02, 0.02],
    });
    const o = check(f);
    expect(rows(o).map((r) => r.sector)).toEqual(SECTORS);
    expect(num(o, "allocation_total")).toBeCloseTo(0.008, 14);
  });
});

describe("brinson_attribution: example 2 (geometric, Bacon)", () => {
  it("allocation, selection, active; (1+A)(1+S)-1 = active", () => {
    const o = check(demo(), undefined, "geometric");
    // Hand-derived: Rs = 0.5*0.10 + 0.3*(-0.02) + 0.2*0.02 = 0.048.
    closeAll(col(o, "allocation"), [0.1 * (1.1 / 1.04 - 1), 0, -0.1 * (1.02 / 1.04 - 1)], 14);
    closeAll(col(o, "allocation"), [0.0057692, 0, 0.0019231], 7);
    closeAll(col(o, "selection"), [0.009542, -0.0057252, 0.0019084], 7);
    expect(num(o, "allocation_total")).toBeCloseTo(1.048 / 1.04 - 1, 14);
    expect(num(o, "selection_total")).toBeCloseTo(1.054 / 1.048 - 1, 14);
    expect(num(o, "active_return")).toBeCloseTo(1.054 / 1.04 - 1, 14);
    expect(Math.abs(num(o, "active_return") - 0.0134615)).toBeLessThan(5e-8);
    expect(num(o, "interaction_total")).toBe(0);
    expect(Math.abs(num(o, "residual"))).toBeLessThan(1e-15);
    expect(errors(o)).toEqual([]);
    expect(o.findings[0]!.message).toContain("+134.6 bps");
  });
});

describe("brinson_attribution: example 3 (weights do not sum to 1)", () => {
  it("Staples wp = 0.14 -> FAIL on weights and on reconciliation (fachler)", () => {
    const o = check(demo([0.5, 0.3, 0.14]));
    const errs = errors(o);
    expect(errs).toHaveLength(2);
    expect(errs[0]!.message).toContain("weights do not sum to 1");
    expect(errs[0]!.message).toContain("0.94");
    expect(errs[0]!.message).toContain("cash");
    expect(errs[0]!.where).toBe("reconciliation");
    expect(errs[1]!.message).toContain("residual");
    // Residual = -Rb * sum(dw) = -(0.04)(-0.06) ... with Rp = 0.0528: sum effects - active.
    const rp = 0.5 * 0.12 + 0.3 * -0.04 + 0.14 * 0.03;
    expect(num(o, "portfolio_return")).toBeCloseTo(rp, 14);
    expect(num(o, "residual")).toBeCloseTo(-0.04 * (0.94 - 1), 14);
    expect(o.findings.some((f) => f.severity === "info")).toBe(false);
    expect(Object.keys(o.evidence)).toEqual(KEYS);
  });
  it("BHB with bad weights still fails on weights; weight_tol is honoured", () => {
    const o = check(demo([0.5, 0.3, 0.14]), undefined, "bhb");
    expect(errors(o)[0]!.message).toContain("weights do not sum to 1");
    const loose = check(demo([0.5, 0.3, 0.2 + 5e-9]), undefined, "fachler", 1e-6);
    expect(errors(loose)).toEqual([]);
    const tight = check(demo([0.5, 0.3, 0.2 + 5e-9]), undefined, "fachler", 1e-6, 1e-9);
    expect(errors(tight).map((f) => f.message.includes("weights do not sum to 1"))).toEqual([true]);
  });
});

describe("brinson_attribution: example 4 (two periods, Carino)", () => {
  it("fachler: k, K, linked totals, naive_residual; PASS", () => {
    const o = check(undefined, [demo(), period2()]);
    const Rp = 1.054 * 1.017 - 1;
    const Rb = 1.04 * 1.019 - 1;
    expect(num(o, "portfolio_return")).toBeCloseTo(Rp, 14);
    expect(Math.abs(num(o, "portfolio_return") - 0.071918)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "benchmark_return") - 0.05976)).toBeLessThan(5e-7);
    expect(num(o, "active_return")).toBeCloseTo(Rp - Rb, 14);
    expect(Math.abs(num(o, "active_return") - 0.012158)).toBeLessThan(5e-7);
    const periods = o.evidence["periods"] as {
      period: number;
      k: number;
      portfolio_return: number;
      active_return: number;
      allocation: number;
    }[];
    expect(periods.map((p) => p.period)).toEqual([0, 1]);
    expect(Object.keys(periods[0]!)).toEqual([
      "period",
      "portfolio_return",
      "benchmark_return",
      "active_return",
      "allocation",
      "selection",
      "interaction",
      "k",
    ]);
    expect(Math.abs(periods[0]!.k - 0.955124)).toBeLessThan(5e-7);
    expect(Math.abs(periods[1]!.k - 0.982319)).toBeLessThan(5e-7);
    expect(periods[1]!.portfolio_return).toBeCloseTo(0.017, 14);
    const K = (Math.log(1 + Rp) - Math.log(1 + Rb)) / (Rp - Rb);
    expect(num(o, "linking_coefficient")).toBeCloseTo(K, 14);
    expect(Math.abs(K - 0.938238)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "allocation_total") - 0.008144)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "selection_total") - 0.002996)).toBeLessThan(5e-7);
    expect(Math.abs(num(o, "interaction_total") - 0.001018)).toBeLessThan(5e-7);
    // Independent: linked allocation = sum_t A_t k_t / K (period 2's allocation is 0).
    const k1 = (Math.log(1.054) - Math.log(1.04)) / 0.014;
    expect(num(o, "allocation_total")).toBeCloseTo((0.008 * k1) / K, 14);
    const linkedSum = num(o, "allocation_total") + num(o, "selection_total") + num(o, "interaction_total");
    expect(Math.abs(linkedSum - (Rp - Rb))).toBeLessThan(1e-15);
    expect(Math.abs(num(o, "residual"))).toBeLessThan(1e-15);
    expect(num(o, "naive_residual")).toBeCloseTo(0.012 - (Rp - Rb), 14);
    expect(Math.abs(num(o, "naive_residual") - -0.000158)).toBeLessThan(5e-7);
    expect(o.evidence["linking"]).toBe("carino");
    expect(o.evidence["n_periods"]).toBe(2);
    expect(errors(o)).toEqual([]);
    expect(o.findings[0]!.message).toContain("2 periods, Carino-linked");
    expect(o.findings[0]!.message).toContain("+121.6 bps");
    expect(Object.keys(o.evidence)).toEqual(KEYS);
  });

  it("multi-period sector rows: mean weights, compounded returns, linked effects summing to the totals", () => {
    const o = check(undefined, [demo(), period2()]);
    closeAll(col(o, "wp"), [0.45, 0.3, 0.25], 14);
    closeAll(col(o, "rp"), [1.12 * 1.05 - 1, 0.96 * 1.01 - 1, 1.03 * 0.98 - 1], 14);
    const sumCol = (k: "allocation" | "selection" | "interaction") => col(o, k).reduce((a, b) => a + b, 0);
    expect(sumCol("allocation")).toBeCloseTo(num(o, "allocation_total"), 15);
    expect(sumCol("selection")).toBeCloseTo(num(o, "selection_total"), 15);
  });

  it("sectors are matched by label when later panels list them in another order", () => {
    const p2 = panelOf(
      [0.3, 0.3, 0.4],
      [0.3, 0.3, 0.4],
      [-0.02, 0.01, 0.05],
      [-0.01, 0.02, 0.04],
      ["Staples", "Energy", "Tech"],
    );
    const a = check(undefined, [demo(), period2()]);
    const b = check(undefined, [demo(), p2]);
    expect(b.evidence["sectors"]).toEqual(a.evidence["sectors"]);
    expect(num(b, "allocation_total")).toBe(num(a, "allocation_total"));
  });

  it("linked multi-period effects sum to the compounded active return for bhb and topdown too", () => {
    for (const m of ["bhb", "topdown"] as const) {
      const o = check(undefined, [demo(), period2(), demo()], m);
      const Rp = 1.054 * 1.017 * 1.054 - 1;
      const Rb = 1.04 * 1.019 * 1.04 - 1;
      const linkedSum = num(o, "allocation_total") + num(o, "selection_total") + num(o, "interaction_total");
      expect(Math.abs(linkedSum - (Rp - Rb))).toBeLessThan(1e-14);
      expect(errors(o)).toEqual([]);
      expect(o.findings[0]!.message).toContain("3 periods, Carino-linked");
    }
  });

  it("geometric over two periods: compounded totals and log-linked rows", () => {
    const o = check(undefined, [demo(), period2()], "geometric");
    const Rp = 1.054 * 1.017 - 1;
    const Rb = 1.04 * 1.019 - 1;
    const active = (1 + Rp) / (1 + Rb) - 1;
    expect(num(o, "active_return")).toBeCloseTo(active, 14);
    // Period 2: wp = wb so allocation 0; Rs2 = Rb2 = 0.019, selection total 1.017/1.019 - 1.
    expect(num(o, "allocation_total")).toBeCloseTo((1.048 / 1.04) * 1 - 1, 14);
    expect(num(o, "selection_total")).toBeCloseTo((1.054 / 1.048) * (1.017 / 1.019) - 1, 14);
    expect((1 + num(o, "allocation_total")) * (1 + num(o, "selection_total")) - 1).toBeCloseTo(active, 14);
    const sumSel = col(o, "selection").reduce((a, b) => a + b, 0);
    expect(sumSel).toBeCloseTo(num(o, "selection_total"), 15);
    expect(o.evidence["linking"]).toBe("geometric-compounding");
    expect(o.evidence["linking_coefficient"]).toBeNull();
    expect(o.evidence["naive_residual"]).toBeNull();
    expect((o.evidence["periods"] as { k: number | null }[]).map((p) => p.k)).toEqual([null, null]);
    expect(o.findings[0]!.message).toContain("2 periods, geometrically compounded");
  });

  it("a weight failure in period 1 names the period and still yields linked evidence", () => {
    const o = check(undefined, [
      demo(),
      panelOf([0.4, 0.3, 0.2], [0.4, 0.3, 0.3], [0.05, 0.01, -0.02], [0.04, 0.02, -0.01]),
    ]);
    const errs = errors(o);
    expect(errs[0]!.message).toContain("weights do not sum to 1");
    expect(errs[0]!.message).toContain("period 1");
    expect(errs).toHaveLength(2);
    expect(o.evidence["linking"]).toBe("carino");
    expect(typeof num(o, "linking_coefficient")).toBe("number");
  });
});

describe("brinson_attribution: example 5 (Fachler vs BHB sign, equal returns)", () => {
  const p = () => panelOf([0.6, 0.4], [0.5, 0.5], [0.02, 0.1], [0.02, 0.1], ["S1", "S2"]);
  it("sector 1: BHB allocation +0.002, Fachler -0.004", () => {
    expect(col(check(p(), undefined, "bhb"), "allocation")[0]).toBeCloseTo(0.002, 15);
    expect(col(check(p(), undefined, "fachler"), "allocation")[0]).toBeCloseTo(-0.004, 15);
  });
  it("Carino with equal period returns 0.10 gives k = 1/1.10", () => {
    const eq = () => panelOf([0.5, 0.5], [0.5, 0.5], [0.1, 0.1], [0.1, 0.1], ["S1", "S2"]);
    const o = check(undefined, [eq(), eq()]);
    const periods = o.evidence["periods"] as { k: number }[];
    expect(periods[0]!.k).toBeCloseTo(1 / 1.1, 15);
    expect(periods[1]!.k).toBeCloseTo(1 / 1.1, 15);
    expect(num(o, "linking_coefficient")).toBeCloseTo(1 / 1.21, 15);
    expect(num(o, "active_return")).toBe(0);
    expect(errors(o)).toEqual([]);
  });
});

describe("brinson_attribution: bad input", () => {
  const P = () => demo();
  it("neither or both of panel and panels; panels empty or not frames", () => {
    expect(badField(() => check())).toBe("");
    expect(badField(() => check(P(), [P()]))).toBe("panels");
    expect(badField(() => check(undefined, []))).toBe("panels");
    expect(badField(() => check(undefined, P() as unknown as Frame[]))).toBe("panels");
    expect(badField(() => check(undefined, [P(), [1, 2] as unknown as Frame]))).toBe("panels/1");
    expect(badField(() => check({ values: [1] } as unknown as Frame))).toBe("panel");
  });
  it("a missing column; no sector labels; duplicate sectors", () => {
    expect(badField(() => check(makeFrame({ wp: [1], wb: [1], rp: [0] }, ["A"])))).toBe("panel");
    expect(badField(() => check(makeFrame({ wp: [1], wb: [1], rp: [0], rb: [0] })))).toBe("panel");
    expect(badField(() => check(panelOf([0.5, 0.5], [0.5, 0.5], [0, 0], [0, 0], ["A", "A"])))).toBe("panel/index/1");
    const dupCol = makeFrame({ sector: ["A", "A"], wp: [0.5, 0.5], wb: [0.5, 0.5], rp: [0, 0], rb: [0, 0] });
    expect(badField(() => check(dupCol))).toBe("panel/records/1/sector");
  });
  it("a null (NaN is not zero), a non-finite value, a sector return < -1", () => {
    const nul = panelOf([0.5, 0.3, 0.2], [0.4, 0.3, 0.3], [0.12, NaN, 0.03], [0.1, -0.02, 0.02]);
    expect(badField(() => check(nul))).toBe("panel/records/1/rp");
    try {
      check(nul);
    } catch (e) {
      expect((e as Error).message).toContain("NaN is not zero");
    }
    expect(badField(() => check(panelOf([0.5, 0.3, Infinity], [0.4, 0.3, 0.3], [0, 0, 0], [0, 0, 0])))).toBe(
      "panel/records/2/wp",
    );
    expect(badField(() => check(panelOf([0.5, 0.3, 0.2], [0.4, 0.3, 0.3], [0, 0, 0], [0, -1.5, 0])))).toBe(
      "panel/records/1/rb",
    );
    expect(
      badField(() => check(undefined, [P(), panelOf([0.5, 0.3, 0.2], [0.4, NaN, 0.3], [0, 0, 0], [0, 0, 0])])),
    ).toBe("panels/1/records/1/wb");
  });
  it("a panel whose sector set differs from panels[0] names both panels and the sector", () => {
    const other = panelOf([0.5, 0.3, 0.2], [0.4, 0.3, 0.3], [0, 0, 0], [0, 0, 0], ["Tech", "Energy", "Cash"]);
    expect(badField(() => check(undefined, [P(), other]))).toBe("panels/1");
    try {
      check(undefined, [P(), other]);
    } catch (e) {
      expect((e as Error).message).toContain("panels/0");
      expect((e as Error).message).toContain('"Staples"');
    }
    const fewer = panelOf([0.5, 0.5], [0.5, 0.5], [0, 0], [0, 0], ["Tech", "Energy"]);
    expect(badField(() => check(undefined, [P(), fewer]))).toBe("panels/1");
  });
  it("a period total <= -1 when linking or using the geometric method", () => {
    const wiped = panelOf([0.5, 0.5], [0.5, 0.5], [-1, -1], [0, 0], ["A", "B"]);
    const ok = panelOf([0.5, 0.5], [0.5, 0.5], [0, 0], [0, 0], ["A", "B"]);
    expect(badField(() => check(undefined, [ok, wiped]))).toBe("panels/1");
    const benchWiped = panelOf([0.5, 0.5], [0.5, 0.5], [0, 0], [-1, -1], ["A", "B"]);
    expect(badField(() => check(benchWiped, undefined, "geometric"))).toBe("panel");
    // A single arithmetic period needs no logarithm: Rb = -1 is allowed there.
    expect(errors(check(benchWiped))).toEqual([]);
  });
  it("unknown method; tol or weight_tol negative or non-finite", () => {
    expect(badField(() => check(P(), undefined, "carino" as "bhb"))).toBe("method");
    expect(badField(() => check(P(), undefined, "fachler", -1e-12))).toBe("tol");
    expect(badField(() => check(P(), undefined, "fachler", NaN))).toBe("tol");
    expect(badField(() => check(P(), undefined, "fachler", 1e-10, -1))).toBe("weight_tol");
    expect(badField(() => check(P(), undefined, "fachler", 1e-10, Infinity))).toBe("weight_tol");
  });
});
