// Trial fingerprints and statistics, and the moments of the maximum of K standard normals.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  COPY_MAX,
  FINGERPRINT_CHUNK,
  fingerprint,
  pacedFingerprint,
  pacedTrialStats,
  periodsFromIndex,
  trialStats,
} from "../../src/ledger/trial.js";
import { maxNormalMoments } from "../../src/lib/max_normal.js";
import { kurtosisRaw, mean, sd, skewness } from "../../src/lib/stats.js";

const xs = [0.01, -0.02, 0.015, 0.003, -0.007, 0.02, -0.001, 0.004];

describe("fingerprint", () => {
  it("is the same for the same numbers and index, whatever their array type", () => {
    expect(fingerprint(Float64Array.from(xs), ["a", "b"].concat(xs.slice(2).map(String)))).toBe(
      fingerprint(xs, ["a", "b"].concat(xs.slice(2).map(String))),
    );
    expect(fingerprint([0, Number.NaN], undefined)).toBe(fingerprint([-0, Number.NaN], undefined));
  });
  it("reads a Float64Array with -0 or a NaN of another bit pattern as its canonical numbers", () => {
    const odd = new Float64Array([0.01, -0, 0.02, 0]);
    const payload = new DataView(odd.buffer);
    payload.setUint32(24, 0x7ff80000, true);
    payload.setUint32(28, 0x7ff80001, true); // a quiet NaN, not the canonical one
    expect(Number.isNaN(odd[3])).toBe(true);
    expect(fingerprint(odd, undefined)).toBe(fingerprint([0.01, 0, 0.02, Number.NaN], undefined));
    expect(fingerprint(odd.subarray(0, 3), ["a", "b", "c"])).toBe(fingerprint([0.01, 0, 0.02], ["a", "b", "c"]));
    const clean = Float64Array.from(xs);
    expect(fingerprint(clean.subarray(2), undefined)).toBe(fingerprint(xs.slice(2), undefined));
  });
  it("differs when one value, one label, or the presence of an index differs", () => {
    const base = fingerprint(xs, undefined);
    expect(fingerprint([...xs.slice(0, -1), 0.0041], undefined)).not.toBe(base);
    const idx = xs.map((_, i) => `2024-01-0${i + 1}`);
    expect(fingerprint(xs, idx)).not.toBe(base);
    expect(
      fingerprint(
        xs,
        idx.map((l, i) => (i === 3 ? "2024-01-09" : l)),
      ),
    ).not.toBe(fingerprint(xs, idx));
    expect(
      fingerprint(
        xs,
        idx.map((_, i) => i),
      ),
    ).not.toBe(fingerprint(xs, idx.map(String)));
  });
});

/** The fingerprint's byte layout written out: header, the doubles (-0 as 0), then "\0" + kind + text per label. */
function layout(values: readonly number[], index: readonly (string | number)[]): string {
  const h = createHash("sha256").update(`fin-skills-trial-v1\n${values.length}\n`);
  h.update(new Uint8Array(Float64Array.from(values, (v) => (v === 0 ? 0 : v)).buffer));
  h.update("\nindex");
  h.update(index.map((l) => `\0${typeof l === "number" ? "n" : "s"}${l}`).join(""));
  return h.digest("hex");
}

describe("paced", () => {
  const n = 100_000;
  const long = Array.from({ length: n }, (_, i) => Math.sin(i) * 0.01);
  const labels = Array.from({ length: n }, (_, i) => new Date(Date.UTC(1800, 0, 1 + i)).toISOString().slice(0, 10));
  it("pauses between chunks of values and of labels, and gives the unpaced fingerprint and statistics", async () => {
    let pauses = 0;
    const pause = () => {
      pauses++;
      return pauses % 2 === 0 ? new Promise<void>((r) => setImmediate(r)) : undefined;
    };
    expect(await pacedFingerprint(long, labels, pause)).toBe(fingerprint(long, labels));
    expect(pauses).toBe(2 * Math.ceil(n / FINGERPRINT_CHUNK));
    expect(await pacedTrialStats(long, labels, 252, pause)).toEqual(trialStats(long, labels, 252));
  });
  it("two paced fingerprints side by side share nothing (each chunk is hashed before its pause)", async () => {
    const other = long.map((x) => -x);
    const turn = () => new Promise<void>((r) => setImmediate(r));
    const both = await Promise.all([pacedFingerprint(long, labels, turn), pacedFingerprint(other, labels, turn)]);
    expect(both).toEqual([fingerprint(long, labels), fingerprint(other, labels)]);
  });
});

describe("fingerprint layout", () => {
  it("hashes the labels as the layout says: long indexes, non-ASCII, lone surrogates and numbers", () => {
    const n = 40_000;
    const values = Array.from({ length: n }, (_, i) => Math.sin(i) * 0.01);
    const index = Array.from({ length: n }, (_, i) =>
      i % 5 === 0 ? i * 1.5 : i % 7 === 0 ? `r\u00e9sum\u00e9 \ud83d\ude00 ${i}` : i % 11 === 0 ? "\ud800" : `d${i}`,
    );
    expect(fingerprint(values, index)).toBe(layout(values, index));
    expect(fingerprint(xs, ["x".repeat(200_000)])).toBe(layout(xs, ["x".repeat(200_000)]));
    // Text-only indexes, in one chunk and across chunks (the joined path), one with an empty label.
    const dates = Array.from({ length: n }, (_, i) => (i === 7 ? "" : `2024-01-${i} \u00e9`));
    expect(fingerprint(values, dates)).toBe(layout(values, dates));
    expect(fingerprint(values.slice(0, 500), dates.slice(0, 500))).toBe(
      layout(values.slice(0, 500), dates.slice(0, 500)),
    );
  });
});

describe("trialStats", () => {
  it("matches the library's moments and annualises the Sharpe by sqrt(P)", () => {
    const s = trialStats(xs, undefined, 252)!;
    expect(s.nObs).toBe(xs.length);
    expect(s.mean).toBeCloseTo(mean(xs), 15);
    expect(s.sd).toBeCloseTo(sd(xs), 15);
    expect(s.skew).toBeCloseTo(skewness(xs), 12);
    expect(s.kurtosis).toBeCloseTo(kurtosisRaw(xs), 12);
    expect(s.sharpeAnnual).toBeCloseTo((mean(xs) / sd(xs)) * Math.sqrt(252), 12);
  });
  it("skips missing values, and is null without spread or with fewer than 2 values", () => {
    expect(trialStats([...xs, Number.NaN], undefined, 12)!.nObs).toBe(xs.length);
    expect(trialStats([0.01, 0.01, 0.01], undefined, 252)).toBe(null);
    expect(trialStats([0.01], undefined, 252)).toBe(null);
    expect(trialStats(xs, undefined, null)!.sharpeAnnual).toBe(null);
  });
  it.each([
    ["copied", 0],
    ["read in place", COPY_MAX + 1],
  ])("gives the same bits for a plain array (%s) and a Float64Array of it, NaN, -0 and infinities included", (_, n) => {
    const long = Array.from({ length: n }, (_, i) => xs[i % xs.length]! * (1 + i * 1e-9));
    const odd = [...xs.slice(0, 40), Number.NaN, -0, Number.POSITIVE_INFINITY, ...xs.slice(40), ...long];
    const dates = odd.map((_, i) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    const plain = trialStats(odd, dates, 252);
    expect(plain).not.toBe(null);
    expect(trialStats(Float64Array.from(odd), dates, 252)).toEqual(plain);
    expect(plain!.fingerprint).toBe(fingerprint(odd, dates));
    expect(trialStats([0.5, ...odd.slice(1)], dates, 252)!.fingerprint).not.toBe(plain!.fingerprint);
  });
});

describe("periodsFromIndex", () => {
  const day = (d: number) => new Date(Date.UTC(2024, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
  it("reads daily, weekly and monthly spacing from ISO dates", () => {
    const business = Array.from({ length: 300 }, (_, i) => day(Math.floor(i / 5) * 7 + (i % 5)));
    expect(periodsFromIndex(business)).toBe(252);
    expect(periodsFromIndex(Array.from({ length: 60 }, (_, i) => day(7 * i)))).toBe(52);
    expect(
      periodsFromIndex(
        Array.from(
          { length: 36 },
          (_, i) => `20${10 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}-01`,
        ),
      ),
    ).toBe(12);
  });
  it("is null for plain labels or no index", () => {
    expect(periodsFromIndex(["a", "b", "c", "d"])).toBe(null);
    expect(periodsFromIndex(undefined)).toBe(null);
  });
});

describe("maxNormalMoments", () => {
  it("gives 0 and 1 for one trial, and the closed forms for two (1/sqrt(pi), 1 - 1/pi)", () => {
    expect(maxNormalMoments(1).mean).toBeCloseTo(0, 12);
    expect(maxNormalMoments(1).variance).toBeCloseTo(1, 12);
    expect(maxNormalMoments(2).mean).toBeCloseTo(1 / Math.sqrt(Math.PI), 10);
    expect(maxNormalMoments(2).variance).toBeCloseTo(1 - 1 / Math.PI, 10);
  });
  it("narrows as K grows (0.228 for 40 trials)", () => {
    expect(maxNormalMoments(40).variance).toBeCloseTo(0.228, 3);
    expect(maxNormalMoments(1000).variance).toBeLessThan(maxNormalMoments(40).variance);
  });
});
