import { describe, expect, it } from "vitest";
import { check, type Fold, type FoldConfig, type RunFold } from "../../guards/fold_leak_test.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badError as bad } from "../helpers/bad_field.js";

type Out = Awaited<ReturnType<typeof check>>;
const sev = (o: Out, v: string) => o.findings.filter((f) => f.severity === v);
type Hit = { name: string; kind: string; type: string; why: string };
const shared = (o: Out) => o.evidence["shared_state"] as Hit[];

/** 1200 fixed values, frozen. */
const DATA: readonly number[] = Object.freeze(Array.from({ length: 1200 }, (_v, i) => Math.sin(i * 0.1) + i / 1200));
/** [[0,200], [200,400], ..., [1000,1200]]. */
const FOLDS: readonly Fold[] = Array.from(
  { length: 6 },
  (_v, i) => Object.freeze([200 * i, 200 * (i + 1)]) as readonly number[],
);
const CONFIG = Object.freeze({ n_boot: 8 });

const span = (fold: Fold) => fold as readonly number[];
const nBoot = (config: FoldConfig | undefined) => (config as { n_boot: number }).n_boot;

/** Bootstrap mean of DATA[start:end] with draws from `rng`. */
function bootstrapMean(rng: Mt19937, start: number, end: number, nb: number): number {
  const m = end - start;
  let total = 0;
  for (let b = 0; b < nb; b++) {
    let s = 0;
    for (let k = 0; k < m; k++) s += DATA[start + rng.nextInt(m)]!;
    total += s / m;
  }
  return total / nb;
}

/** Clean: each fold seeds its own generator with its start. */
const cleanFold: RunFold = (fold, config) => {
  const [start, end] = span(fold);
  return bootstrapMean(new Mt19937(start!), start!, end!, nBoot(config));
};

/** Independent Fisher-Yates with MT19937(seed), identity reversed (the spec's procedure). */
function expectedOrder(n: number, seed: number): number[] {
  const rng = new Mt19937(seed);
  const a = Array.from({ length: n }, (_v, i) => i);
  for (let i = n - 1; i >= 1; i--) {
    const m = i + 1;
    const lim = 4294967296 - (4294967296 % m);
    let x = rng.nextUint32();
    while (x >= lim) x = rng.nextUint32();
    const j = x % m;
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a.every((v, i) => v === i) ? a.reverse() : a;
}

describe("fold_leak_test: spec examples", () => {
  it("1. clean folds (own generator per fold): PASS, shared_state empty, evidence keys", async () => {
    const o = await check(cleanFold, FOLDS, CONFIG);
    expect(o.findings).toEqual([
      { severity: "info", message: "serial, shuffled-order and concurrent runs agree on all 6 folds", where: "reruns" },
    ]);
    expect(Object.keys(o.evidence)).toEqual([
      "shared_state",
      "n_folds",
      "seed",
      "workers",
      "tol",
      "order_shuffled",
      "first_mismatch",
      "results",
    ]);
    expect(shared(o)).toEqual([]);
    expect(o.evidence["n_folds"]).toBe(6);
    expect(o.evidence["seed"]).toBe(0);
    expect(o.evidence["workers"]).toBe(4);
    expect(o.evidence["tol"]).toBe(0);
    expect(o.evidence["first_mismatch"]).toBeNull();
    const results = o.evidence["results"] as number[];
    expect(results.length).toBe(6);
    expect(results[2]).toBe(bootstrapMean(new Mt19937(400), 400, 600, 8));
    expect(o.evidence["order_shuffled"]).toEqual(expectedOrder(6, 0));
  });

  it(
    "2. a shared generator: the shuffled run draws different numbers for fold 0 -> FAIL; the scan names " +
      "captured:shared_rng",
    async () => {
      const sharedRng = new Mt19937(123);
      const leaky: RunFold = (fold, config) => {
        const [start, end] = span(fold);
        return bootstrapMean(sharedRng, start!, end!, nBoot(config));
      };
      const o = await check(leaky, FOLDS, CONFIG);
      expect(sev(o, "error").map((f) => f.where)).toEqual(["reruns"]);
      expect(o.findings[0]!.message).toContain("FOLD LEAK: SHUFFLED-ORDER serial results differ");
      expect(o.findings[0]!.message).toContain("at fold 0");
      expect(o.evidence["first_mismatch"]).toEqual({ fold: 0, run: "shuffled" });
      expect(o.evidence["results"]).toBeNull();

      const declared = await check(leaky, FOLDS, CONFIG, { shared_rng: new Mt19937(5) });
      expect(shared(declared).map((h) => [h.name, h.kind, h.type])).toEqual([
        ["captured:shared_rng", "rng", "Mt19937"],
      ]);
      expect(declared.findings.map((f) => [f.severity, f.where])).toEqual([
        ["error", "scan"],
        ["error", "reruns"],
      ]);
      expect(declared.findings[0]!.message).toContain("shared random generator: draws depend on fold order");
      expect(declared.findings[1]!.message).toContain("captured:shared_rng (rng)");
    },
  );

  it("3. an accumulator the fold pushes to -> FAIL (shuffled order)", async () => {
    const seen: number[] = [];
    const accumulating: RunFold = (fold) => {
      seen.push(span(fold)[0]!);
      return seen.length;
    };
    const o = await check(accumulating, FOLDS, CONFIG, { seen });
    expect(o.evidence["first_mismatch"]).toEqual({ fold: 0, run: "shuffled" });
    expect(sev(o, "error")[0]!.message).toContain("FOLD LEAK: SHUFFLED-ORDER serial");
    expect(shared(o).map((h) => [h.name, h.kind])).toEqual([["captured:seen", "array"]]);
    expect(sev(o, "warning").map((f) => f.where)).toEqual(["scan"]);
  });

  it(
    "4. a scaler fitted on the full sample, only read: re-runs " + "agree, the scan reports ALREADY FITTED -> FAIL",
    async () => {
      class StandardScaler {
        mean_?: number;
        fit(xs: readonly number[]): this {
          this.mean_ = xs.reduce((a, x) => a + x, 0) / xs.length;
          return this;
        }
        transform(xs: readonly number[]): number[] {
          return xs.map((x) => x - this.mean_!);
        }
      }
      const scaler = new StandardScaler().fit(DATA);
      const usesScaler: RunFold = (fold) => {
        const [start, end] = span(fold);
        const z = scaler.transform(DATA.slice(start, end));
        return z.reduce((a, x) => a + x, 0) / z.length;
      };
      const o = await check(usesScaler, FOLDS, CONFIG, { scaler });
      expect(o.evidence["first_mismatch"]).toBeNull();
      expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
        ["error", "scan"],
        ["info", "reruns"],
      ]);
      expect(o.findings[0]!.message).toContain("ALREADY FITTED");
      expect(o.findings[0]!.message).toContain("a fitted model shared across folds (fitted outside the fold)");
      expect(shared(o)).toEqual([
        {
          name: "captured:scaler",
          kind: "estimator",
          type: "StandardScaler",
          why: expect.stringContaining("ALREADY FITTED"),
        },
      ]);
      // an unfitted estimator is only a warning
      const fresh = await check(usesScaler, FOLDS, CONFIG, { template: new StandardScaler() });
      expect(fresh.findings.map((f) => [f.severity, f.where])).toEqual([
        ["warning", "scan"],
        ["info", "reruns"],
      ]);
    },
  );
});

describe("fold_leak_test: concurrency, tolerance and the scan", () => {
  it("a fold that keeps per-call state in a shared slot across an await leaks only when run concurrently", async () => {
    const slot = { current: 0 };
    const racy: RunFold = async (fold) => {
      slot.current = span(fold)[0]!;
      await new Promise((r) => setTimeout(r, 1));
      return slot.current;
    };
    const o = await check(racy, FOLDS, CONFIG);
    expect(o.evidence["first_mismatch"]).toEqual({ fold: 0, run: "concurrent" });
    expect(sev(o, "error")[0]!.message).toContain("FOLD LEAK: CONCURRENT results differ");
    const serialOnly = await check(racy, FOLDS, CONFIG, undefined, 0, 1);
    expect(serialOnly.evidence["first_mismatch"]).toBeNull();
  });

  it("numbers compare within tol + tol x |b|; NaN equals NaN; nested objects and arrays compare deeply", async () => {
    let calls = 0;
    const drifting: RunFold = (fold) => ({
      mean: span(fold)[0]! + (calls++ >= 6 ? 1e-10 : 0),
      gaps: [NaN, 1],
      tag: "x",
    });
    const strict = await check(drifting, FOLDS);
    expect(strict.evidence["first_mismatch"]).toEqual({ fold: 0, run: "shuffled" });
    calls = 0;
    const loose = await check(drifting, FOLDS, undefined, undefined, 1e-9);
    expect(loose.evidence["first_mismatch"]).toBeNull();
    expect((loose.evidence["results"] as { gaps: number[] }[])[0]!.gaps[0]).toBeNaN();
  });

  it("a call that throws only in a re-run is a mismatch for that fold", async () => {
    let n = 0;
    const flaky: RunFold = (fold) => {
      if (n++ === 6) throw new Error("cache miss");
      return span(fold)[0]!;
    };
    const order = expectedOrder(6, 0);
    const o = await check(flaky, FOLDS);
    expect(o.evidence["first_mismatch"]).toEqual({ fold: order[0], run: "shuffled" });
    expect(sev(o, "error")[0]!.message).toContain("cache miss");
  });

  it("scans config and its members one level deep, skipping frozen values", async () => {
    const weights = new Float64Array(3);
    const config = { weights, history: [1, 2], lookup: new Map(), frozenList: Object.freeze([1]), n: 3 };
    const o = await check(cleanFold, FOLDS, { ...config, n_boot: 2 });
    expect(shared(o).map((h) => [h.name, h.kind, h.type])).toEqual([
      ["config", "container", "Object"],
      ["config.weights", "array", "Float64Array"],
      ["config.history", "array", "Array"],
      ["config.lookup", "container", "Map"],
    ]);
    expect(o.findings.filter((f) => f.where === "scan").every((f) => f.severity === "warning")).toBe(true);
    const bars = { values: [1, 2, 3] };
    const series = await check(cleanFold, FOLDS, CONFIG, { bars, names: ["a"] });
    expect(shared(series).map((h) => [h.name, h.kind])).toEqual([
      ["captured:bars", "frame"],
      ["captured:bars.values", "array"],
      ["captured:names", "container"],
    ]);
  });

  it("the shuffled order follows the seed; the identity permutation is reversed", async () => {
    for (const seed of [0, 1, 7, 4294967295]) {
      const o = await check(cleanFold, FOLDS, CONFIG, undefined, 0, 4, seed);
      expect(o.evidence["order_shuffled"]).toEqual(expectedOrder(6, seed));
      expect(o.evidence["order_shuffled"]).not.toEqual([0, 1, 2, 3, 4, 5]);
    }
    // with two folds one seed of two gives the identity swap: either way the order is [1, 0]
    for (const seed of [0, 1, 2, 3])
      expect(
        (await check(cleanFold, FOLDS.slice(0, 2), CONFIG, undefined, 0, 4, seed)).evidence["order_shuffled"],
      ).toEqual([1, 0]);
  });
});

describe("fold_leak_test: bad input", () => {
  it.each([
    ["run_fold not a function", () => check(3 as unknown as RunFold, FOLDS), "run_fold"],
    ["folds not an array", () => check(cleanFold, 5 as unknown as Fold[]), "folds"],
    ["folds with one fold", () => check(cleanFold, FOLDS.slice(0, 1), CONFIG), "folds"],
    [
      "captured not a plain object",
      () => check(cleanFold, FOLDS, CONFIG, [1] as unknown as Record<string, never>),
      "captured",
    ],
    [
      "captured a class instance",
      () => check(cleanFold, FOLDS, CONFIG, new Map() as unknown as Record<string, never>),
      "captured",
    ],
    ["tol negative", () => check(cleanFold, FOLDS, CONFIG, undefined, -1), "tol"],
    ["tol non-finite", () => check(cleanFold, FOLDS, CONFIG, undefined, NaN), "tol"],
    ["workers zero", () => check(cleanFold, FOLDS, CONFIG, undefined, 0, 0), "workers"],
    ["workers fractional", () => check(cleanFold, FOLDS, CONFIG, undefined, 0, 1.5), "workers"],
    ["seed negative", () => check(cleanFold, FOLDS, CONFIG, undefined, 0, 4, -1), "seed"],
    ["seed too large", () => check(cleanFold, FOLDS, CONFIG, undefined, 0, 4, 4294967296), "seed"],
    [
      "run_fold throws in the serial run",
      () =>
        check(
          () => {
            throw new Error("no data for fold");
          },
          FOLDS,
          CONFIG,
        ),
      "run_fold",
    ],
  ])("%s", async (_name, fn, field) => {
    expect((await bad(fn)).field).toBe(field);
  });

  it("a serial-run throw names the fold and the message", async () => {
    const e = await bad(() =>
      check(
        (fold) => {
          if (span(fold)[0] === 400) throw new Error("bad slice");
          return 1;
        },
        FOLDS,
        CONFIG,
      ),
    );
    expect(e.message).toContain("fold 2");
    expect(e.message).toContain("bad slice");
  });
});
