import { describe, expect, it } from "vitest";
import type { Frame, Series } from "../../src/contract/guard.js";
import { check, type SignalFn } from "../../guards/assert_causal.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { makeFrame } from "../../src/lib/frame.js";
import { badError as bad } from "../helpers/bad_field.js";

type Out = ReturnType<typeof check>;
const sev = (o: Out, v: string) => o.findings.filter((f) => f.severity === v);

/** Standard normal draws by Box-Muller over a seeded MT19937. */
function normals(n: number, seed: number): number[] {
  const rng = new Mt19937(seed);
  const out: number[] = [];
  while (out.length < n) {
    const u1 = 1 - rng.nextFloat();
    const u2 = rng.nextFloat();
    const r = Math.sqrt(-2 * Math.log(u1));
    out.push(r * Math.cos(2 * Math.PI * u2), r * Math.sin(2 * Math.PI * u2));
  }
  return out.slice(0, n);
}

/** The spec's OHLC frame: close = 100 exp(cumsum(N(0, 0.01))), open = previous close, high/low +-1%, volume 1e6. */
function ohlc(n: number, seed = 7): Frame {
  const z = normals(n, seed);
  const close: number[] = [];
  let logp = Math.log(100);
  for (let i = 0; i < n; i++) {
    logp += 0.01 * z[i]!;
    close.push(Math.exp(logp));
  }
  const open = close.map((_c, i) => (i === 0 ? 100 : close[i - 1]!));
  return makeFrame({
    open,
    high: close.map((c) => 1.01 * c),
    low: close.map((c) => 0.99 * c),
    close,
    volume: close.map(() => 1e6),
  });
}

const closeOf = (df: Frame) => df.data["close"] as number[];
const series = (values: number[]): Series => ({ values });

function rollingMean(x: number[], w: number): number[] {
  return x.map((_v, i) => {
    if (i < w - 1) return NaN;
    let s = 0;
    for (let j = i - w + 1; j <= i; j++) s += x[j]!;
    return s / w;
  });
}
/** pandas rolling(20, center=True).mean(): the window of t is rows t-10 .. t+9. */
function centredMean(x: number[], w: number): number[] {
  const before = Math.floor(w / 2);
  return x.map((_v, i) => {
    const lo = i - before;
    const hi = lo + w - 1;
    if (lo < 0 || hi >= x.length) return NaN;
    let s = 0;
    for (let j = lo; j <= hi; j++) s += x[j]!;
    return s / w;
  });
}

const shiftMinus1: SignalFn = (df) => series(closeOf(df).map((_c, i, a) => (i + 1 < a.length ? a[i + 1]! : NaN)));
const fullZ: SignalFn = (df) => {
  const c = closeOf(df);
  const m = c.reduce((a, x) => a + x, 0) / c.length;
  const sdv = Math.sqrt(c.reduce((a, x) => a + (x - m) ** 2, 0) / (c.length - 1));
  return series(c.map((x) => (x - m) / sdv));
};
const trailing20: SignalFn = (df) => series(rollingMean(closeOf(df), 20));
const expandingZ: SignalFn = (df) => {
  const c = closeOf(df);
  let s = 0;
  let s2 = 0;
  return series(
    c.map((x, i) => {
      s += x;
      s2 += x * x;
      const n = i + 1;
      if (n < 2) return NaN;
      const m = s / n;
      const v = (s2 - n * m * m) / (n - 1);
      return (x - m) / Math.sqrt(v);
    }),
  );
};
const centred20: SignalFn = (df) => series(centredMean(closeOf(df), 20));
const tinyLeak: SignalFn = (df) => {
  const c = closeOf(df);
  const last = c[c.length - 1]!;
  return series(rollingMean(c, 20).map((m) => m + 1e-12 * last));
};

const DF = ohlc(500);

describe("assert_causal: spec examples on a 500-row OHLC frame", () => {
  it("the fixture: close > 0, open = previous close, 500 rows", () => {
    expect(DF.nrows).toBe(500);
    expect(closeOf(DF).every((c) => c > 0)).toBe(true);
    expect((DF.data["open"] as number[])[10]).toBe(closeOf(DF)[9]);
  });

  it("1. close.shift(-1) at k = 200 fails with exactly '1 cells before index 200'", () => {
    const o = check(shiftMinus1, DF, 200);
    expect(sev(o, "error").length).toBe(1);
    expect(o.findings[0]!.message).toContain("1 cells before index 200");
    expect(o.findings[0]!.message).toMatch(
      new RegExp(
        "^LOOK-AHEAD in shiftMinus1: 1 cells before index 200 changed when only rows >= 200 were perturbed " +
          "\\(max \\|delta\\| = ",
      ),
    );
    expect(o.findings[0]!.where).toBe("shiftMinus1");
    expect(o.evidence["n_changed"]).toBe(1);
    // only row 199 moves, by close[200] (doubled minus original)
    expect(o.evidence["max_abs_delta"] as number).toBeCloseTo(closeOf(DF)[200]!, 9);
    expect(Object.keys(o.evidence)).toEqual(["k", "n_rows", "tol", "n_changed", "max_abs_delta", "table"]);
    expect(o.evidence["k"]).toBe(200);
    expect(o.evidence["n_rows"]).toBe(500);
    expect(o.evidence["tol"]).toBe(1e-9);
    expect(o.evidence["table"]).toBeNull();
  });

  it("2. a full-sample z-score fails with '200 cells before index 200'", () => {
    const o = check(fullZ, DF, 200);
    expect(sev(o, "error")[0]!.message).toContain("200 cells before index 200");
    expect(o.evidence["n_changed"]).toBe(200);
  });

  it("3. trailing rolling mean and expanding z-score pass; a centred rolling mean fails", () => {
    for (const f of [trailing20, expandingZ]) {
      const o = check(f, DF, 200);
      expect(sev(o, "error")).toEqual([]);
      expect(o.findings.map((x) => x.severity)).toEqual(["info"]);
      expect(o.evidence["n_changed"]).toBe(0);
      expect(o.evidence["max_abs_delta"]).toBe(0);
    }
    const c = check(centred20, DF, 200);
    expect(sev(c, "error").length).toBe(1);
    expect(c.evidence["n_changed"]).toBe(9); // window of t is t-10..t+9: rows 191..199 reach row 200
  });

  it("4. rolling mean + 1e-12 x close[last]: PASS at tol 1e-9, FAIL at tol 1e-12", () => {
    const last = closeOf(DF)[499]!;
    const loose = check(tinyLeak, DF, 200, 1e-9);
    expect(sev(loose, "error")).toEqual([]);
    // the leak moves every defined row by 1e-12 x close[last], up to rounding of values near 100 (ulp ~1.4e-14)
    expect(Math.abs((loose.evidence["max_abs_delta"] as number) - 1e-12 * last)).toBeLessThan(1e-13);
    const strict = check(tinyLeak, DF, 200, 1e-12);
    expect(sev(strict, "error").length).toBe(1);
    expect(strict.evidence["n_changed"]).toBe(200 - 19); // the first 19 rows are missing in both runs
  });

  it("5. bad input: k = 500 on a 50-row frame; df a string", () => {
    expect(bad(() => check(trailing20, ohlc(50), 500)).field).toBe("k");
    expect(bad(() => check(trailing20, "bars" as unknown as Frame)).field).toBe("df");
  });
});

describe("assert_causal: defaults, labels and frames", () => {
  it("k defaults to floor(n/2) and the label to the function's name, then 'fn', or name", () => {
    const o = check(shiftMinus1, ohlc(51));
    expect(o.evidence["k"]).toBe(25);
    expect(o.findings[0]!.message).toContain("1 cells before index 25");
    const anon = check([(df: Frame) => series(closeOf(df))][0]!, DF);
    expect(anon.findings[0]!.where).toBe("fn");
    expect(check(shiftMinus1, DF, 100, 1e-9, "tomorrow").findings[0]!.where).toBe("tomorrow");
  });

  it("frame outputs are compared cell by cell; non-numeric columns are not perturbed", () => {
    const labels = closeOf(DF).map((_c, i) => (i % 2 === 0 ? "even" : "odd"));
    const df = makeFrame({ close: closeOf(DF), tag: labels });
    const twoCols: SignalFn = (d) =>
      makeFrame({
        lag: closeOf(d).map((_c, i, a) => (i > 0 ? a[i - 1]! : NaN)),
        lead: closeOf(d).map((_c, i, a) => (i + 1 < a.length ? a[i + 1]! : NaN)),
        tag: [...(d.data["tag"] as string[])],
      });
    const o = check(twoCols, df, 300);
    expect(o.evidence["n_changed"]).toBe(1);
    const tagOnly: SignalFn = (d) =>
      makeFrame({ tag: (d.data["tag"] as string[]).map((t, i, a) => (i + 1 < a.length ? a[i + 1]! : t)) });
    expect(check(tagOnly, df, 300).evidence["n_changed"]).toBe(0);
  });

  it("does not mutate the caller's frame", () => {
    const before = [...closeOf(DF)];
    const mutating: SignalFn = (d) => {
      (d.data["close"] as number[])[0] = -1;
      return series(rollingMean(closeOf(d), 5));
    };
    check(mutating, DF, 200);
    expect(closeOf(DF)).toEqual(before);
  });
});

describe("assert_causal: mapping mode", () => {
  it("checks each entry in key order with a table; a raising entry is a warning", () => {
    const o = check(
      {
        trailing: trailing20,
        lead: shiftMinus1,
        broken: () => {
          throw new Error("boom");
        },
        wrong: () => 3 as unknown as Series,
      },
      DF,
      200,
      1e-9,
    );
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "trailing"],
      ["error", "lead"],
      ["warning", "broken"],
      ["warning", "wrong"],
    ]);
    expect(o.findings[1]!.message).toContain("LOOK-AHEAD in lead: 1 cells before index 200");
    expect(o.findings[2]!.message).toContain("indicator raised, not a leakage result");
    expect(o.findings[2]!.message).toContain("boom");
    const t = o.evidence["table"] as Frame;
    expect(t.columns).toEqual(["indicator", "causal", "n_changed", "error"]);
    expect(t.data["indicator"]).toEqual(["trailing", "lead", "broken", "wrong"]);
    expect(t.data["causal"]).toEqual([true, false, null, null]);
    expect(t.data["n_changed"]).toEqual([0, 1, null, null]);
    expect(t.data["error"]![2]).toBe("boom");
    expect(o.evidence["n_changed"]).toBeNull();
    expect(o.evidence["max_abs_delta"]).toBeNull();
  });

  it("applies tol to every entry", () => {
    const o = check({ tiny: tinyLeak }, DF, 200, 1e-12);
    expect(sev(o, "error").map((f) => f.where)).toEqual(["tiny"]);
    expect(sev(check({ tiny: tinyLeak }, DF, 200, 1e-9), "error")).toEqual([]);
  });
});

describe("assert_causal: bad input", () => {
  it.each([
    ["fn not a function", () => check(5 as unknown as SignalFn, DF), "fn"],
    ["fn an empty object", () => check({}, DF), "fn"],
    ["fn entry not a function", () => check({ a: trailing20, b: 1 as unknown as SignalFn }, DF), "fn/b"],
    ["df fewer than 4 rows", () => check(trailing20, ohlc(3)), "df"],
    ["df not a frame", () => check(trailing20, { values: [1, 2, 3, 4] } as unknown as Frame), "df"],
    ["k not an integer", () => check(trailing20, DF, 2.5), "k"],
    ["k < 1", () => check(trailing20, DF, 0), "k"],
    ["k >= n", () => check(trailing20, DF, 500), "k"],
    ["tol negative", () => check(trailing20, DF, 200, -1), "tol"],
    ["tol non-finite", () => check(trailing20, DF, 200, Infinity), "tol"],
    ["name not a string", () => check(trailing20, DF, 200, 1e-9, 3 as unknown as string), "name"],
    [
      "single fn throws",
      () =>
        check(() => {
          throw new Error("kaput");
        }, DF),
      "fn",
    ],
    [
      "single fn shape differs",
      () => check((d) => series(closeOf(d).slice(0, closeOf(d)[499] === closeOf(DF)[499] ? 500 : 499)), DF),
      "fn",
    ],
    ["single fn fewer than k rows", () => check((d) => series(closeOf(d).slice(0, 10)), DF, 200), "fn"],
  ])("%s", (_name, fn, field) => {
    expect(bad(fn).field).toBe(field);
  });

  it("a single function that throws is bad input carrying the thrown message", () => {
    expect(
      bad(() =>
        check(function leaky() {
          throw new Error("kaput");
        }, DF),
      ).message,
    ).toContain("kaput");
  });
});
