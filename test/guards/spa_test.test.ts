import { describe, expect, it } from "vitest";
import { BadInputError, type Frame } from "../../src/contract/guard.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { makeFrame } from "../../src/lib/frame.js";
import { withRunContext, type ProgressEvent } from "../../src/lib/progress.js";
import { check } from "../../guards/spa_test.js";
import { progressInterval } from "../../guards/_spa_test_core.js";

type Ev = Record<string, any>;

/** spa_test.md example data: seed 12345, 5 floats per row, candidates a..d with `edges`. */
function specPanel(edges = [0, 0, 0, 0]): { bench: number[]; frame: Frame } {
  const g = new Mt19937(12345);
  const bench: number[] = [];
  const cols: number[][] = [[], [], [], []];
  for (let t = 0; t < 100; t++) {
    const u = [0, 1, 2, 3, 4].map(() => g.nextFloat());
    const b = 0.01 * (u[0]! - 0.5);
    bench.push(b);
    for (let j = 1; j <= 4; j++) cols[j - 1]!.push(b + 0.01 * (u[j]! - 0.5) + edges[j - 1]!);
  }
  return { bench, frame: makeFrame({ a: cols[0]!, b: cols[1]!, c: cols[2]!, d: cols[3]! }) };
}

function gauss(g: Mt19937): number {
  const u = 1 - g.nextFloat();
  const v = g.nextFloat();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The Python original's panel: common factor N(0.0002, 0.008), benchmark + N(0, 0.003), candidates + N(0, 0.006). */
function pythonPanel(seed: number, edge: number): { bench: number[]; models: Record<string, number[]> } {
  const g = new Mt19937(seed);
  const bench: number[] = [];
  const models: Record<string, number[]> = {};
  for (let k = 0; k < 10; k++) models[`strat_${String(k).padStart(2, "0")}`] = [];
  for (let t = 0; t < 750; t++) {
    const common = 0.0002 + 0.008 * gauss(g);
    bench.push(common + 0.003 * gauss(g));
    for (const [name, col] of Object.entries(models))
      col.push(common + 0.006 * gauss(g) + (name === "strat_04" ? edge : 0));
  }
  return { bench, models };
}

async function run(bench: number[], frame: Frame, ...rest: [number?, ("auto" | number)?, number?, number?]) {
  const out = await check({ values: bench }, frame, ...rest);
  return { ...out, ev: out.evidence as Ev, passed: !out.findings.some((f) => f.severity === "error") };
}

describe("spa_test spec examples", () => {
  it("data: the documented first values", () => {
    const { bench, frame } = specPanel();
    expect(bench.slice(0, 3)).toEqual([0.004296160866506398, -0.004602405035402626, 0.0009554470260627568]);
    expect(frame.columns.map((c) => frame.data[c]![0])).toEqual([
      0.008197707997169346, 0.0024599164701066918, 0.0006032338063232602, 0.0011353489896282556,
    ]);
  });

  it("1: no edge -> block 3, p {0.338, 0.404, 0.404}, FAIL", async () => {
    const { bench, frame } = specPanel();
    const r = await run(bench, frame, 500, "auto", 0);
    expect(r.ev.block_size).toBe(3);
    expect(r.ev.block_size_method).toBe("politis-white-2004-ppw-2009");
    const z = [1.09282, 0.064796, -0.239217, -0.610889];
    ["a", "b", "c", "d"].forEach((k, j) => expect(r.ev.studentized[k]).toBeCloseTo(z[j]!, 6));
    // omega_k = sqrt(n) dbar_k / z_k.
    const omega = [0.00274191, 0.00317093, 0.00312365, 0.00281228];
    ["a", "b", "c", "d"].forEach((k, j) =>
      expect((10 * r.ev.mean_excess[k]) / r.ev.studentized[k]).toBeCloseTo(omega[j]!, 8),
    );
    expect(r.ev.pvalues).toEqual({ lower: 0.338, consistent: 0.404, upper: 0.404 });
    expect(r.ev.best_model).toBe("a");
    expect(r.ev.naive_pvalue).toBeCloseTo(0.168275, 6);
    expect(r.ev.individual_pvalues).toEqual({ a: 0.144, b: 0.454, c: 1, d: 1 });
    expect(r.ev.better_models).toEqual([]);
    expect(r.ev.statistic).toBeCloseTo(1.09282, 6);
    expect(r.passed).toBe(false);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]!.where).toBe("spa");
    expect(r.findings[0]!.message).toContain("CANNOT REJECT H0");
  });

  it("2: edge 0.0008 on b -> p {0.018, 0.022, 0.022}, PASS", async () => {
    const { bench, frame } = specPanel([0, 0.0008, 0, 0]);
    const r = await run(bench, frame, 500, "auto", 0);
    expect(r.ev.block_size).toBe(3);
    expect(r.ev.studentized.b).toBeCloseTo(2.587713, 6);
    expect(r.ev.pvalues).toEqual({ lower: 0.018, consistent: 0.022, upper: 0.022 });
    expect(r.ev.best_model).toBe("b");
    expect(r.ev.naive_pvalue).toBeCloseTo(0.001539, 6);
    expect(r.ev.individual_pvalues.b).toBe(0.01);
    expect(r.ev.better_models).toEqual(["b"]);
    expect(r.passed).toBe(true);
    expect(r.findings[0]!.severity).toBe("info");
    expect(r.findings[0]!.message).toContain("REJECT H0");
    expect(r.findings[0]!.message).not.toContain("CANNOT");
  });

  it("3: the same data with block_size 1 (iid bootstrap)", async () => {
    const { bench, frame } = specPanel([0, 0.0008, 0, 0]);
    const r = await run(bench, frame, 500, 1, 0);
    expect(r.ev.block_size).toBe(1);
    expect(r.ev.block_size_method).toBe("caller");
    expect(r.ev.pvalues).toEqual({ lower: 0.002, consistent: 0.002, upper: 0.002 });
    expect(r.ev.studentized.b).toBeCloseTo(3.049779, 6);
  });

  it("4: the Python original's panel: no edge fails, +0.0012 on strat_04 passes, negated loses it", async () => {
    const noEdge = pythonPanel(7, 0);
    const a = await run(noEdge.bench, makeFrame(noEdge.models), 500);
    expect(a.ev.pvalues.consistent).toBeGreaterThan(0.05);
    expect(a.ev.naive_pvalue).toBeLessThan(a.ev.pvalues.consistent);
    expect(a.passed).toBe(false);

    const edge = pythonPanel(7, 0.0012);
    const b = await run(edge.bench, makeFrame(edge.models), 500);
    expect(b.ev.pvalues.consistent).toBeLessThan(0.05);
    expect(b.ev.best_model).toBe("strat_04");
    expect(b.ev.better_models[0]).toBe("strat_04");
    expect(b.passed).toBe(true);

    const negated = Object.fromEntries(Object.entries(edge.models).map(([k, v]) => [k, v.map((x) => -x)]));
    const c = await run(
      edge.bench.map((x) => -x),
      makeFrame(negated),
      500,
    );
    expect(c.ev.better_models).not.toContain("strat_04");
  });

  it("5: every candidate equal to the benchmark -> degenerate, T = 0, p = 1, FAIL with the warning", async () => {
    const { bench } = specPanel();
    const r = await run(bench, makeFrame({ x: bench, y: bench.slice() }), 200);
    expect(r.ev.statistic).toBe(0);
    expect(r.ev.pvalues).toEqual({ lower: 1, consistent: 1, upper: 1 });
    expect(r.ev.individual_pvalues).toEqual({ x: 1, y: 1 });
    expect(r.ev.naive_pvalue).toBeNull();
    expect(r.ev.block_size_method).toBe("fallback-n^(1/3)");
    expect(r.ev.block_size).toBe(5); // round_half_up(100^(1/3) = 4.64)
    expect(r.passed).toBe(false);
    expect(r.findings.map((f) => [f.severity, f.where])).toEqual([
      ["error", "spa"],
      ["warning", "spa"],
    ]);
    expect(r.findings[1]!.message).toContain("differential is constant");
    expect(r.findings[1]!.message).toContain('["x","y"]');
  });
});

describe("spa_test by hand and conventions", () => {
  it("a number benchmark is that constant return on every row: 0 (cash) equals a column of zeros", async () => {
    const { bench, frame } = specPanel();
    const zeros = await check({ values: bench.map(() => 0) }, frame, 200);
    const cash = await check(0, frame, 200);
    expect(cash.evidence).toEqual(zeros.evidence);
    expect(cash.findings).toEqual(zeros.findings);
    const hurdle = await check(0.0001, frame, 200);
    expect(hurdle.evidence.mean_excess).toEqual(
      Object.fromEntries(Object.entries(zeros.evidence.mean_excess).map(([k, v]) => [k, expect.closeTo(v - 1e-4, 15)])),
    );
    await expect(check(-1, frame)).rejects.toThrow(/benchmark_returns: must be > -1, got -1/);
  });

  it("evidence keys are the spec's, in order", async () => {
    const { bench, frame } = specPanel();
    const r = await run(bench, frame, 50);
    expect(Object.keys(r.ev)).toEqual([
      "pvalues",
      "best_model",
      "n_models",
      "n_obs",
      "block_size",
      "block_size_method",
      "reps",
      "seed",
      "prng",
      "statistic",
      "naive_pvalue",
      "better_models",
      "individual_pvalues",
      "mean_excess",
      "studentized",
      "alpha",
    ]);
    expect(Object.keys(r.ev.pvalues)).toEqual(["lower", "consistent", "upper"]);
    expect(r.ev.prng).toBe("mt19937");
    expect([r.ev.n_models, r.ev.n_obs, r.ev.reps, r.ev.seed, r.ev.alpha]).toEqual([4, 100, 50, 0, 0.05]);
  });

  it("mean excess, z and naive p-value for a hand-sized case with an iid kernel", async () => {
    // d = model - bench = [0.01, 0.03, -0.01, 0.01, 0.02, 0, 0.01, 0.02, -0.02, 0.03].
    const bench = [0, 0.01, 0.02, -0.01, 0, 0.005, 0.01, -0.02, 0, 0.01];
    const d = [0.01, 0.03, -0.01, 0.01, 0.02, 0, 0.01, 0.02, -0.02, 0.03];
    const model = bench.map((b, t) => b + d[t]!);
    const r = await run(bench, makeFrame({ m: model }), 100, 1, 3);
    const n = 10;
    const dbar = d.reduce((s, x) => s + x, 0) / n;
    const gamma0 = d.reduce((s, x) => s + (x - dbar) ** 2, 0) / n; // q = 1: omega^2 = gamma(0)
    expect(r.ev.mean_excess.m).toBeCloseTo(0.01, 12);
    expect(r.ev.studentized.m).toBeCloseTo((Math.sqrt(n) * dbar) / Math.sqrt(gamma0), 10);
    const sd = Math.sqrt((gamma0 * n) / (n - 1));
    const t = dbar / (sd / Math.sqrt(n));
    expect(t).toBeCloseTo(1.9364917, 6);
    // 1 - F_t(1.93649; 9) = 0.0423926, by Simpson integration of the t(9) density.
    expect(r.ev.naive_pvalue).toBeCloseTo(0.0423926, 6);
    expect(r.ev.statistic).toBe(r.ev.studentized.m);
  });

  it("p-values are ordered lower <= consistent <= upper and reproducible per seed", async () => {
    const { bench, frame } = specPanel([0, 0.0004, -0.002, 0]);
    const a = await run(bench, frame, 300, "auto", 9);
    const b = await run(bench, frame, 300, "auto", 9);
    expect(a.ev).toEqual(b.ev);
    expect(a.ev.pvalues.lower).toBeLessThanOrEqual(a.ev.pvalues.consistent);
    expect(a.ev.pvalues.consistent).toBeLessThanOrEqual(a.ev.pvalues.upper);
    const c = await run(bench, frame, 300, "auto", 10);
    expect(c.ev.pvalues).not.toEqual(a.ev.pvalues);
  });

  it("better_models uses alpha and orders by z", async () => {
    const { bench, frame } = specPanel([0.001, 0.0015, 0, 0]);
    const r = await run(bench, frame, 500, "auto", 0, 0.2);
    expect(r.ev.better_models[0]).toBe("b");
    expect(r.ev.better_models).toContain("a");
    const zs = (r.ev.better_models as string[]).map((k) => r.ev.studentized[k]);
    expect([...zs].sort((x, y) => y - x)).toEqual(zs);
    for (const k of r.ev.better_models as string[]) expect(r.ev.individual_pvalues[k]).toBeLessThan(0.2);
  });
});

describe("spa_test statistical properties (small sizes)", () => {
  it("k identical noise models reject at roughly the nominal rate, far below the naive t-test", async () => {
    let spa = 0;
    let naive = 0;
    const seeds = 40;
    for (let s = 0; s < seeds; s++) {
      const g = new Mt19937(500 + s);
      const bench = Array.from({ length: 300 }, () => 0.01 * gauss(g));
      const cols: Record<string, number[]> = {};
      for (let k = 0; k < 4; k++) cols[`m${k}`] = bench.map((b) => b + 0.01 * gauss(g));
      const r = await run(bench, makeFrame(cols), 199, 1, s, 0.1);
      if (r.ev.pvalues.consistent < 0.1) spa++;
      if (r.ev.naive_pvalue < 0.1) naive++;
    }
    // Nominal 0.1 of 40 = 4 (binomial sd 1.9).
    expect(spa).toBeGreaterThanOrEqual(1);
    expect(spa).toBeLessThanOrEqual(9);
    expect(naive).toBeGreaterThan(spa);
  });

  it("one clearly superior model gives p < 0.05", async () => {
    const g = new Mt19937(77);
    const bench = Array.from({ length: 400 }, () => 0.01 * gauss(g));
    const cols: Record<string, number[]> = {};
    for (let k = 0; k < 6; k++) cols[`m${k}`] = bench.map((b) => b + 0.01 * gauss(g) + (k === 3 ? 0.002 : 0));
    const r = await run(bench, makeFrame(cols), 500);
    expect(r.ev.pvalues.consistent).toBeLessThan(0.05);
    expect(r.ev.best_model).toBe("m3");
    expect(r.ev.better_models).toEqual(["m3"]);
  });
});

describe("spa_test progress and cancellation", () => {
  it("reports increasing progress in replications, ending at reps, at most about 100 times", async () => {
    const { bench, frame } = specPanel();
    const events: ProgressEvent[] = [];
    await withRunContext({ onProgress: (p) => events.push(p) }, () => check({ values: bench }, frame, 1000));
    expect(events.length).toBeGreaterThan(1);
    expect(events.length).toBeLessThanOrEqual(101);
    for (let i = 1; i < events.length; i++) expect(events[i]!.progress).toBeGreaterThan(events[i - 1]!.progress);
    expect(events.at(-1)).toEqual({ progress: 1000, total: 1000 });
  });

  it("steps every few dozen reps, more often only when a rep is heavy", () => {
    expect(progressInterval(1000, 2520, 100)).toBe(25);
    expect(progressInterval(10000, 100, 4)).toBe(100);
    expect(progressInterval(100000, 2520, 100)).toBe(99);
  });

  it("keeps a column named __proto__ as data", async () => {
    const { bench, frame } = specPanel();
    // JSON.parse makes "__proto__" an own key, as the payload decoder would.
    const data = JSON.parse(
      JSON.stringify({ x: frame.data.a, b: frame.data.b }).replace('"x"', '"__proto__"'),
    ) as Record<string, number[]>;
    const r = await run(bench, { columns: ["__proto__", "b"], data, nrows: 100 }, 20);
    expect(Object.keys(r.ev.mean_excess)).toEqual(["__proto__", "b"]);
  });

  it("rejects when the call is cancelled, and progress never changes the result", async () => {
    const { bench, frame } = specPanel();
    const ac = new AbortController();
    const promise = withRunContext({ signal: ac.signal, onProgress: () => ac.abort(new Error("cancelled")) }, () =>
      check({ values: bench }, frame, 1000),
    );
    await expect(promise).rejects.toThrow("cancelled");
    const quiet = await check({ values: bench }, frame, 300);
    const watched = await withRunContext({ onProgress: () => undefined }, () => check({ values: bench }, frame, 300));
    expect(watched).toEqual(quiet);
  });
});

describe("spa_test bad input", () => {
  const { bench, frame } = specPanel();
  const dated = (n: number, from = 1) =>
    Array.from({ length: n }, (_, i) => `2024-01-${String(i + from).padStart(2, "0")}`);
  async function field(p: Promise<unknown>): Promise<string> {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(BadInputError);
      return (e as BadInputError).field;
    }
    throw new Error("expected bad input");
  }
  const withCell = (v: number) => makeFrame({ a: frame.data.a!.map((x, t) => (t === 4 ? v : x)) as number[] });
  it.each([
    ["benchmark_returns", () => check(undefined as never, frame)],
    ["benchmark_returns", () => check({ values: bench.slice(0, 9) }, makeFrame({ a: bench.slice(0, 9) }))],
    ["benchmark_returns/values/3", () => check({ values: bench.map((x, t) => (t === 3 ? NaN : x)) }, frame)],
    ["benchmark_returns/values/3", () => check({ values: bench.map((x, t) => (t === 3 ? Infinity : x)) }, frame)],
    ["model_returns", () => check({ values: bench }, bench as never)],
    [
      "model_returns",
      () =>
        check(
          { values: bench },
          makeFrame(
            {},
            bench.map((_, i) => i),
          ),
        ),
    ],
    ["model_returns/columns", () => check({ values: bench }, { columns: ["a", "a"], data: { a: bench }, nrows: 100 })],
    ["model_returns/records/4/a", () => check({ values: bench }, withCell(NaN))],
    ["model_returns/records/4/a", () => check({ values: bench }, withCell(-Infinity))],
    ["model_returns", () => check({ values: bench }, makeFrame({ a: bench.slice(1) }))],
    [
      "model_returns/index/5",
      () =>
        check(
          { values: bench.slice(0, 20), index: dated(20) },
          makeFrame(
            { a: bench.slice(0, 20) },
            dated(20).map((d, i) => (i === 5 ? "2024-02-01" : d)),
          ),
        ),
    ],
    ["reps", () => check({ values: bench }, frame, 0)],
    ["reps", () => check({ values: bench }, frame, 100001)],
    ["reps", () => check({ values: bench }, frame, 10.5)],
    ["block_size", () => check({ values: bench }, frame, 100, 0.5)],
    ["block_size", () => check({ values: bench }, frame, 100, 101)],
    ["block_size", () => check({ values: bench }, frame, 100, "big" as never)],
    ["seed", () => check({ values: bench }, frame, 100, "auto", -1)],
    ["seed", () => check({ values: bench }, frame, 100, "auto", 2 ** 32)],
    ["seed", () => check({ values: bench }, frame, 100, "auto", 1.5)],
    ["alpha", () => check({ values: bench }, frame, 100, "auto", 0, 0)],
    ["alpha", () => check({ values: bench }, frame, 100, "auto", 0, 1)],
  ])("%s", async (name, fn) => {
    expect(await field(fn())).toBe(name);
  });
  it("accepts matching dated labels and the largest seed", async () => {
    const r = await check(
      { values: bench.slice(0, 20), index: dated(20) },
      makeFrame({ a: bench.slice(0, 20) }, dated(20)),
      20,
      20,
      2 ** 32 - 1,
    );
    expect((r.evidence as Ev).seed).toBe(4294967295);
  });
});
