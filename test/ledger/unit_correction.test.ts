// The corrected series of a percent-flagged trial: decimals of up to 15 significant digits sent x 100 come
// back to the very doubles, so the mistaken call and its corrected retry fingerprint alike.
import { describe, expect, it } from "vitest";
import { fingerprint } from "../../src/ledger/trial.js";
import { CORRECTED_DIGITS, correctedValues, flaggedMistake } from "../../src/ledger/unit_correction.js";
import { NormalStream } from "../../src/lib/random.js";

/** `n` decimals of 1 to 15 significant digits over magnitudes 1e-7 to 1, either sign, seeded. */
function decimals(n: number, seed: number): number[] {
  const g = new NormalStream(seed);
  return Array.from({ length: n }, () => {
    const digits = 1 + Math.floor(g.uniform() * CORRECTED_DIGITS);
    const magnitude = 10 ** -Math.floor(g.uniform() * 8);
    const sign = g.uniform() < 0.5 ? -1 : 1;
    return Number((sign * g.uniform() * magnitude).toPrecision(digits));
  });
}

describe("correctedValues", () => {
  it("turns x 100 (computed, or typed as text) back into the decimals sent, bit for bit", () => {
    const xs = decimals(200_000, 7);
    const computed = correctedValues(
      "percent",
      xs.map((x) => x * 100),
    );
    const typed = correctedValues(
      "percent",
      xs.map((x) => Number(`${(x * 100).toPrecision(17)}`)),
    );
    const mismatches = xs.filter((x, i) => !Object.is(computed[i], x) || !Object.is(typed[i], x));
    expect(mismatches).toEqual([]);
    expect(
      fingerprint(
        correctedValues(
          "percent",
          xs.map((x) => x * 100),
        ),
      ),
    ).toBe(fingerprint(xs));
  });

  it("keeps a missing value missing, and turns -0 into 0 as the fingerprint does", () => {
    expect([...correctedValues("percent", [Number.NaN, -0, 150, Number.POSITIVE_INFINITY])]).toEqual([
      Number.NaN,
      0,
      1.5,
      Number.POSITIVE_INFINITY,
    ]);
  });
});

describe("flaggedMistake", () => {
  const percent = { severity: "error" as const, message: "returns look like percent: median ...", where: "returns" };
  it("reads the guard's error-level percent finding on that input only", () => {
    expect(flaggedMistake([percent], "returns")).toBe("percent");
    expect(flaggedMistake([percent], "model_returns")).toBe(null);
    expect(flaggedMistake([{ ...percent, severity: "warning" }], "returns")).toBe(null);
    expect(flaggedMistake([{ ...percent, message: "returns are short" }], "returns")).toBe(null);
  });
});
