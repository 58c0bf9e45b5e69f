import { describe, expect, it } from "vitest";
import type { Series } from "../../src/contract/guard.js";
import { check, type IndicatorFn } from "../../guards/warmup_probe.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badError as bad } from "../helpers/bad_field.js";

type Out = Awaited<ReturnType<typeof check>>;
type Res = { warmup_bars: number | null; max_probe: number; err_at_zero_bars: number | null };
const res = (o: Out, label: string) => (o.evidence["results"] as Record<string, Res>)[label]!;
const sev = (o: Out, v: string) => o.findings.filter((f) => f.severity === v);

/** x_t = 100 exp(0.01 sin(0.37 t) + 0.0002 t), t = 0..1499. */
const X = Array.from({ length: 1500 }, (_v, t) => 100 * Math.exp(0.01 * Math.sin(0.37 * t) + 0.0002 * t));

/** EMA seeded from the first value: ema_0 = x_0, ema_t = a x_t + (1 - a) ema_{t-1}, a = 2/(span + 1). */
function emaOf(span: number): IndicatorFn {
  const a = 2 / (span + 1);
  return function ema(c: number[]) {
    const out: number[] = [];
    let e = c[0]!;
    for (let i = 0; i < c.length; i++) {
      e = i === 0 ? c[0]! : a * c[i]! + (1 - a) * e;
      out.push(e);
    }
    return out;
  };
}
/** Simple moving average, null for the first w - 1 values: a finite memory, so no warm-up beyond w - 1. */
function smaOf(w: number): IndicatorFn {
  return function sma(c: number[]) {
    return c.map((_v, i) => {
      if (i < w - 1) return null;
      let s = 0;
      for (let j = i - w + 1; j <= i; j++) s += c[j]!;
      return s / w;
    });
  };
}
/** Wilder RSI seeded from the first change: avg_t = avg_{t-1} + (x - avg_{t-1}) / n. */
function wilderRsi(n: number): IndicatorFn {
  return function rsi(c: number[]) {
    const out: (number | null)[] = [null];
    let up = 0;
    let down = 0;
    for (let i = 1; i < c.length; i++) {
      const d = c[i]! - c[i - 1]!;
      const g = Math.max(d, 0);
      const l = Math.max(-d, 0);
      if (i === 1) {
        up = g;
        down = l;
      } else {
        up += (g - up) / n;
        down += (l - down) / n;
      }
      out.push(down === 0 ? 100 : 100 - 100 / (1 + up / down));
    }
    return out;
  };
}
function randomWalk(n: number, seed: number): number[] {
  const rng = new Mt19937(seed);
  const out: number[] = [];
  let logp = Math.log(100);
  while (out.length < n) {
    const u1 = 1 - rng.nextFloat();
    const u2 = rng.nextFloat();
    logp += 0.01 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    out.push(Math.exp(logp));
  }
  return out;
}

describe("warmup_probe: spec examples on the hand-derived closes", () => {
  it("1. SMA(20): errors are Infinity up to probe 18 and ~0 from 19 -> warm-up 19 at every tol", async () => {
    for (const tol of [1e-6, 1e-9, 1e-12]) {
      const o = await check(smaOf(20), X, tol);
      expect(res(o, "sma").warmup_bars).toBe(19);
      expect(res(o, "sma").err_at_zero_bars).toBe(Infinity);
      expect(res(o, "sma").max_probe).toBe(745); // max(1, floor((1500 - 10) / 2))
      expect(sev(o, "error")).toEqual([]);
    }
  });

  it("2. EMA(20), max_probe 500: 87 / 162 / 231 bars at 1e-6 / 1e-9 / 1e-12; cold start 0.0070429", async () => {
    const expected: [number, number][] = [
      [1e-6, 87],
      [1e-9, 162],
      [1e-12, 231],
    ];
    for (const [tol, bars] of expected) {
      const o = await check(emaOf(20), X, tol, 500);
      expect(res(o, "ema").warmup_bars).toBe(bars);
      expect(Math.abs(res(o, "ema").err_at_zero_bars! - 0.0070429)).toBeLessThan(5e-8);
    }
    const pass = await check(emaOf(20), X, 1e-9, 500, 10, 1, 600);
    expect(pass.findings.map((f) => [f.severity, f.where])).toEqual([["info", "ema"]]);
    const fail = await check(emaOf(20), X, 1e-9, 500, 10, 1, 20);
    expect(sev(fail, "error").map((f) => f.where)).toEqual(["ema"]);
    expect(fail.findings[0]!.message).toContain(
      "needs 162 bars of history to converge to tol but live fetches 20; the live value is a different indicator",
    );
    expect(Object.keys(fail.evidence)).toEqual(["results", "tol", "history", "n_bars", "n_eval", "step"]);
    expect(fail.evidence["history"]).toBe(20);
    expect(fail.evidence["n_bars"]).toBe(1500);
    expect(fail.evidence["n_eval"]).toBe(10);
    expect(fail.evidence["step"]).toBe(1);
    expect(fail.evidence["tol"]).toBe(1e-9);
  });

  it("2b. the cold-start error is computed independently", async () => {
    const ema = emaOf(20);
    const ref = (ema(X) as number[]).slice(-10);
    const cold = (ema(X.slice(-10)) as number[]).slice(-10);
    const scale = Math.max(...ref.map(Math.abs));
    const err0 = Math.max(...cold.map((v, i) => Math.abs(v - ref[i]!) / scale));
    const o = await check(ema, X, 1e-9, 5);
    expect(res(o, "ema").err_at_zero_bars).toBeCloseTo(err0, 15);
  });

  it("3. EMA(50) with max_probe 30 does not converge -> -1 -> FAIL, cold start off by 0.0048407", async () => {
    const o = await check(emaOf(50), X, 1e-9, 30);
    expect(res(o, "ema").warmup_bars).toBe(-1);
    expect(Math.abs(res(o, "ema").err_at_zero_bars! - 0.0048407)).toBeLessThan(5e-8);
    expect(sev(o, "error").length).toBe(1);
    expect(o.findings[0]!.message).toContain(
      "still not converged to tol after 30 bars; a cold start is off by 0.00484073 relative",
    );
    expect(o.evidence["history"]).toBeNull();
  });

  it(
    "4. random-walk properties: SMA within 20 at 1e-12; EMA(20) 200-300 at 1e-12, fewer at 1e-6; Wilder RSI " +
      "slower per unit period",
    async () => {
      const rw = randomWalk(1500, 11);
      const sma = await check(smaOf(20), rw, 1e-12);
      expect(res(sma, "sma").warmup_bars!).toBeLessThanOrEqual(20);
      const exact = res(await check(emaOf(20), rw, 1e-12, 600), "ema").warmup_bars!;
      expect(exact).toBeGreaterThanOrEqual(200);
      expect(exact).toBeLessThanOrEqual(300);
      const loose = res(await check(emaOf(20), rw, 1e-6, 600), "ema").warmup_bars!;
      expect(loose).toBeGreaterThan(0);
      expect(loose).toBeLessThan(exact);
      const rsi = res(await check(wilderRsi(14), rw, 1e-9, 700), "rsi").warmup_bars!;
      const ema9 = res(await check(emaOf(20), rw, 1e-9, 700), "ema").warmup_bars!;
      expect(rsi).toBeGreaterThan(0);
      expect(rsi / 14).toBeGreaterThan(ema9 / 20);
    },
  );
});

describe("warmup_probe: a leaky and a clean indicator told apart", () => {
  it("with history 25, SMA(20) passes and EMA(20) fails in one mapping call", async () => {
    const o = await check({ clean: smaOf(20), recursive: emaOf(20) }, X, 1e-9, 300, 10, 1, 25);
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "clean"],
      ["error", "recursive"],
    ]);
    expect(o.findings[0]!.message).toContain("fits within the 25 bars");
    expect(res(o, "clean").warmup_bars).toBe(19);
    expect(res(o, "recursive").warmup_bars).toBe(162);
  });

  it("step spaces the probes: the warm-up is the probe after the last one over tol", async () => {
    const ema = emaOf(20);
    const ref = (ema(X) as number[]).slice(-10);
    const scale = Math.max(...ref.map(Math.abs));
    const errAt = (p: number) =>
      Math.max(
        ...(ema(X.slice(X.length - 10 - p)) as number[]).slice(-10).map((v, i) => Math.abs(v - ref[i]!) / scale),
      );
    const probes = Array.from({ length: 21 }, (_v, i) => 25 * i); // 0, 25, ..., 500
    const over = probes.filter((p) => errAt(p) > 1e-9);
    const expected = probes[probes.indexOf(over[over.length - 1]!) + 1]!;
    expect(expected).toBeLessThanOrEqual(175); // step 1 converges for good at 162
    const o = await check(ema, X, 1e-9, 500, 10, 25);
    expect(res(o, "ema").warmup_bars).toBe(expected);
    expect(o.evidence["step"]).toBe(25);
  });

  it("an object entry that throws or returns the wrong length is a warning with null results", async () => {
    const o = await check(
      {
        ok: smaOf(5),
        boom: () => {
          throw new Error("no data");
        },
        short: (c: number[]) => c.slice(1),
      },
      X.slice(0, 100),
    );
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "ok"],
      ["warning", "boom"],
      ["warning", "short"],
    ]);
    expect(o.findings[1]!.message).toContain("indicator raised, not a warm-up result: ");
    expect(o.findings[1]!.message).toContain("no data");
    expect(res(o, "boom")).toEqual({ warmup_bars: null, max_probe: 45, err_at_zero_bars: null });
  });

  it("a converging indicator with no over-tol probe needs 0 bars; the closes may be a series", async () => {
    const identity: IndicatorFn = function identity(c) {
      return [...c];
    };
    const o = await check(identity, { values: X.slice(0, 50), index: undefined } as Series);
    expect(res(o, "identity").warmup_bars).toBe(0);
    expect(res(o, "identity").err_at_zero_bars).toBe(0);
    const anon = await check([(c: number[]) => c][0]!, X.slice(0, 50));
    expect(Object.keys(anon.evidence["results"] as object)).toEqual(["indicator"]);
  });
});

describe("warmup_probe: bad input", () => {
  const sma5 = smaOf(5);
  const xs = X.slice(0, 100);
  it.each([
    ["indicator not a function", () => check(3 as unknown as IndicatorFn, xs), "indicator"],
    ["indicator an empty object", () => check({}, xs), "indicator"],
    ["indicator entry not a function", () => check({ a: sma5, b: "x" as unknown as IndicatorFn }, xs), "indicator/b"],
    ["closes empty", () => check(sma5, []), "closes"],
    ["closes not numbers", () => check(sma5, "abc" as unknown as number[]), "closes"],
    ["closes with a null", () => check(sma5, [1, 2, NaN, 4]), "closes/2"],
    ["closes series with Infinity", () => check(sma5, { values: [1, Infinity, 3] }), "closes/values/1"],
    ["tol zero", () => check(sma5, xs, 0), "tol"],
    ["tol non-finite", () => check(sma5, xs, Infinity), "tol"],
    ["n_eval zero", () => check(sma5, xs, 1e-9, undefined, 0), "n_eval"],
    ["n_eval fractional", () => check(sma5, xs, 1e-9, undefined, 2.5), "n_eval"],
    ["n_eval too long for the default probe", () => check(sma5, xs, 1e-9, undefined, 100), "n_eval"],
    ["step zero", () => check(sma5, xs, 1e-9, undefined, 10, 0), "step"],
    ["max_probe negative", () => check(sma5, xs, 1e-9, -1), "max_probe"],
    ["max_probe + n_eval > n", () => check(sma5, xs, 1e-9, 91), "max_probe"],
    ["history zero", () => check(sma5, xs, 1e-9, 10, 10, 1, 0), "history"],
    [
      "single indicator throws",
      () =>
        check(() => {
          throw new Error("x");
        }, xs),
      "indicator",
    ],
    ["single indicator wrong length", () => check((c: number[]) => c.slice(2), xs), "indicator"],
    [
      "single indicator non-finite on the full history",
      () => check((c: number[]) => c.map(() => NaN), xs),
      "indicator",
    ],
  ])("%s", async (_name, fn, field) => {
    expect((await bad(fn as () => Promise<unknown>)).field).toBe(field);
  });
});
