import { describe, expect, it } from "vitest";
import type { Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { phiInv } from "../../src/lib/normal.js";
import { withRunContext } from "../../src/lib/progress.js";
import { check } from "../../guards/weight_traps.js";
import { HRP_UNITS_PER_DISTANCE } from "../../src/lib/hrp.js";
import { badField } from "../helpers/bad_field.js";

type Out = Awaited<ReturnType<typeof check>>;
const A = [0.01, -0.02, 0.015, -0.005, 0.02, -0.01];
const B = [0.012, -0.018, 0.01, -0.002, 0.018, -0.012];
const C = [-0.005, 0.01, -0.002, 0.004, -0.01, 0.006];
const sev = (o: Out, s: string) => o.findings.filter((f) => f.severity === s);
const weights = (o: Out) => o.evidence["hrp_weights"] as Record<string, number>;
/** Pearson correlation, computed independently of the guard's library. */
function pearson(x: number[], y: number[]): number {
  const mx = x.reduce((a, b) => a + b) / x.length;
  const my = y.reduce((a, b) => a + b) / y.length;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  x.forEach((xi, i) => {
    sxy += (xi - mx) * (y[i]! - my);
    sxx += (xi - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}
const dist = (x: number[], y: number[]) => Math.sqrt((1 - pearson(x, y)) / 2);

describe("weight_traps: example 1 (three return columns)", () => {
  it("PASS; distances, order [C, A, B] and weights as derived", async () => {
    expect(Math.abs(dist(A, B) - 0.094348)).toBeLessThan(5e-7);
    expect(Math.abs(dist(A, C) - 0.990534)).toBeLessThan(5e-7);
    expect(Math.abs(dist(B, C) - 0.994215)).toBeLessThan(5e-7);
    const o = await check(makeFrame({ A, B, C }));
    expect(sev(o, "error")).toEqual([]);
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([["info", "asset_returns"]]);
    expect(o.evidence["hrp_order"]).toEqual(["C", "A", "B"]);
    const w = weights(o);
    expect(Object.keys(w)).toEqual(["A", "B", "C"]);
    expect(Math.abs(w["A"]! - 0.091514)).toBeLessThan(5e-7);
    expect(Math.abs(w["B"]! - 0.109651)).toBeLessThan(5e-7);
    expect(Math.abs(w["C"]! - 0.798835)).toBeLessThan(5e-7);
    expect(o.evidence["n_negative"]).toBe(9);
    expect(o.evidence["frac_negative"]).toBeCloseTo(9 / 18, 15);
    expect(o.evidence["min_value"]).toBe(-0.02);
    expect(o.evidence["n_missing"]).toBe(0);
    expect(o.evidence["columns_without_negatives"]).toEqual([]);
    expect(o.evidence["linkage_method"]).toBe("single");
    expect(Object.keys(o.evidence)).toEqual([
      "n_negative",
      "frac_negative",
      "min_value",
      "n_missing",
      "columns_without_negatives",
      "hrp_weights",
      "hrp_order",
      "linkage_method",
    ]);
  });
  it("the same order and weights for single, complete, average and ward", async () => {
    const ref = weights(await check(makeFrame({ A, B, C })));
    for (const m of ["complete", "average", "ward"] as const) {
      const o = await check(makeFrame({ A, B, C }), m);
      expect(o.evidence["hrp_order"]).toEqual(["C", "A", "B"]);
      for (const k of ["A", "B", "C"]) expect(weights(o)[k]).toBeCloseTo(ref[k]!, 14);
      expect(o.evidence["linkage_method"]).toBe(m);
    }
  });
});

describe("weight_traps: example 2 (two assets, inverse variance)", () => {
  it("variances 0.000533 and 0.000133 -> weights A 0.2, B 0.8", async () => {
    const o = await check(makeFrame({ A: [0.02, -0.02, 0.02, -0.02], B: [0.01, -0.01, 0.01, -0.01] }));
    expect(sev(o, "error")).toEqual([]);
    // Hand: var A = 4 * 0.0004 / 3, var B = 4 * 0.0001 / 3; inverse-variance shares 1:4.
    expect(weights(o)["A"]).toBeCloseTo(0.2, 14);
    expect(weights(o)["B"]).toBeCloseTo(0.8, 14);
    expect(o.evidence["hrp_order"]).toEqual(["A", "B"]);
  });
});

describe("weight_traps: example 3 (one-factor returns vs the same cumulated into prices)", () => {
  const names = ["N1", "N2", "N3", "N4", "N5", "N6"];
  const start = [620, 95, 48, 8, 41, 310];
  function oneFactor(): number[][] {
    const rng = new Mt19937(42);
    const z = () => phiInv(Math.min(Math.max(rng.nextFloat(), 1e-12), 1 - 1e-12));
    const beta = [1.2, 0.8, 1.0, 1.5, 0.6, 0.9];
    const cols: number[][] = names.map(() => []);
    for (let t = 0; t < 756; t++) {
      const f = 0.0004 + 0.01 * z();
      names.forEach((_, j) => cols[j]!.push(beta[j]! * f + 0.012 * z()));
    }
    return cols;
  }
  it("returns PASS; prices FAIL with the PRICE-matrix message", async () => {
    const cols = oneFactor();
    const returns = await check(makeFrame(Object.fromEntries(names.map((n, j) => [n, cols[j]!]))));
    expect(sev(returns, "error")).toEqual([]);
    expect(returns.evidence["columns_without_negatives"]).toEqual([]);
    const prices = cols.map((c, j) => {
      let p = start[j]!;
      return c.map((r) => (p *= 1 + r));
    });
    const o = await check(makeFrame(Object.fromEntries(names.map((n, j) => [n, prices[j]!]))));
    expect(sev(o, "error")).toHaveLength(1);
    expect(sev(o, "error")[0]!.where).toBe("asset_returns");
    expect(sev(o, "error")[0]!.message).toContain("no negative value anywhere: this is a PRICE matrix");
    expect(o.evidence["n_negative"]).toBe(0);
    expect(o.evidence["frac_negative"]).toBe(0);
    expect(o.evidence["columns_without_negatives"]).toEqual(names);
    expect((o.evidence["min_value"] as number) > 0).toBe(true);
    // Weights are still reported (for comparison), and sum to 1.
    const w = weights(o);
    expect(Object.values(w).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe("weight_traps: example 4 (one price column among returns)", () => {
  it("PASS with a warning naming B", async () => {
    const o = await check(makeFrame({ A, B: [100, 101, 102, 101.5, 103, 102], C }));
    expect(sev(o, "error")).toEqual([]);
    const warns = sev(o, "warning");
    expect(warns).toHaveLength(1);
    expect(warns[0]!.where).toBe("columns");
    expect(warns[0]!.message).toContain('"B"');
    expect(o.evidence["columns_without_negatives"]).toEqual(["B"]);
  });
});

describe("weight_traps: nulls and HRP not computable", () => {
  it("null cells are counted and excluded from HRP", async () => {
    const o = await check(makeFrame({ A: [NaN, ...A], B: [0.01, ...B], C: [null, ...C] }));
    expect(o.evidence["n_missing"]).toBe(2);
    expect(o.evidence["frac_negative"]).toBeCloseTo(9 / 21, 15);
    expect(weights(o)["C"]).toBeCloseTo(weights(await check(makeFrame({ A, B, C })))["C"]!, 14);
  });
  it("fewer than 3 complete rows -> null HRP with a warning", async () => {
    const o = await check(makeFrame({ A: [0.01, -0.01, NaN], B: [0.02, -0.01, 0.01] }));
    expect(o.evidence["hrp_weights"]).toBeNull();
    expect(o.evidence["hrp_order"]).toBeNull();
    expect(sev(o, "warning").map((f) => f.where)).toEqual(["hrp"]);
  });
  it("a constant column -> null HRP with a warning, plus the no-negatives warning", async () => {
    const o = await check(makeFrame({ A: [0.01, -0.01, 0.02], B: [0.0, 0.0, 0.0] }));
    expect(o.evidence["hrp_weights"]).toBeNull();
    expect(sev(o, "warning").map((f) => f.where)).toEqual(["columns", "hrp"]);
    expect(sev(o, "warning")[1]!.message).toContain("constant");
  });
});

describe("weight_traps: bad input", () => {
  it("not a frame, fewer than 2 columns or 3 rows", async () => {
    expect(await badField(() => check([1, 2, 3] as unknown as Frame))).toBe("asset_returns");
    expect(await badField(() => check(makeFrame({ A })))).toBe("asset_returns");
    expect(await badField(() => check(makeFrame({ A: [0.1, -0.1], B: [0.1, -0.1] })))).toBe("asset_returns");
  });
  it("a non-numeric cell or an infinite value", async () => {
    expect(await badField(() => check(makeFrame({ A, B: [0.1, "x", 0, 0, 0, 0] })))).toBe("asset_returns/records/1/B");
    expect(await badField(() => check(makeFrame({ A, B: [0.1, 0, -Infinity, 0, 0, 0] })))).toBe(
      "asset_returns/records/2/B",
    );
    expect(await badField(() => check(makeFrame({ A: [true, 0, 0, 0, 0, 0], B })))).toBe("asset_returns/records/0/A");
  });
  it("linkage_method not one of the seven", async () => {
    expect(await badField(() => check(makeFrame({ A, B, C }), "Single" as "single"))).toBe("linkage_method");
    expect(await badField(() => check(makeFrame({ A, B, C }), "mean" as "single"))).toBe("linkage_method");
  });
});

describe("weight_traps: async contract", () => {
  it("honours cancellation through step()", async () => {
    const ac = new AbortController();
    ac.abort(new Error("cancelled by caller"));
    const run = withRunContext({ signal: ac.signal }, () => check(makeFrame({ A, B, C })));
    await expect(run).rejects.toThrow("cancelled by caller");
  });
  const wide = () => {
    const rng = new Mt19937(3);
    return makeFrame(
      Object.fromEntries(
        Array.from({ length: 120 }, (_, j) => [`X${j}`, Array.from({ length: 300 }, () => rng.nextFloat() - 0.5)]),
      ),
    );
  };
  it("reports progress while clustering a wide frame, up to the work it prices", async () => {
    const seen: [number, number | undefined][] = [];
    const o = await withRunContext({ onProgress: (p) => seen.push([p.progress, p.total]) }, () =>
      check(wide(), "average"),
    );
    const [k, t] = [120, 300];
    const total = (k * (k - 1) * (t + HRP_UNITS_PER_DISTANCE)) / 2 + k * t * Math.log2(k);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toEqual([total, total]);
    expect(Object.values(o.evidence["hrp_weights"] as Record<string, number>).reduce((a, b) => a + b, 0)).toBeCloseTo(
      1,
      12,
    );
  });
  it("a call cancelled mid-way stops at the next check, having done a fraction of the work", async () => {
    const ac = new AbortController();
    const seen: number[] = [];
    const run = withRunContext(
      {
        signal: ac.signal,
        onProgress: (p) => {
          seen.push(p.progress);
          ac.abort(new Error("cancelled mid-way"));
        },
      },
      () => check(wide()),
    );
    await expect(run).rejects.toThrow("cancelled mid-way");
    // One progress report, then the next check (UNITS_PER_STEP later) threw: about 1/5 of the spanning tree.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeLessThan((120 * 119 * (300 + HRP_UNITS_PER_DISTANCE)) / 2 / 2);
  });
});
