// `@trial` in guard source: a Series, a Frame, or a union with one Series (or Frame) member is a trial input;
// a guard without periods_per_year names its fixed frequency on the tag (`@trial 252`), and a number beside a
// periods_per_year input, or one that is not a positive integer, is a problem naming the input.
import { describe, expect, it } from "vitest";
import { trialInputs, trialKind } from "../../scripts/gen/trials.js";
import { FRAME_REF, SERIES_REF, type Schema } from "../../scripts/gen/schema.js";
import type { DocEntry } from "../../scripts/gen/jsdoc.js";

const entry = (name: string, value = ""): [string, DocEntry] => [
  name,
  { names: [name], text: "", tags: [{ tag: "trial", value, line: 1 }], line: 1 },
];
const series = { name: "returns", kind: "series" as const, default: undefined };
const periods = { name: "periods_per_year", kind: "other" as const, default: 12 };
const union = {
  name: "benchmark",
  kind: "other" as const,
  default: undefined,
  fragment: { anyOf: [{ $ref: SERIES_REF }, { type: "number" }] } as Schema,
};

describe("@trial tags", () => {
  it("reads a union's one Series or Frame member as its trial kind", () => {
    expect(trialKind("other", union.fragment)).toBe("series");
    expect(trialKind("other", { anyOf: [{ $ref: FRAME_REF }, { type: "array" }] })).toBe("frame");
    expect(trialKind("other", { anyOf: [{ $ref: SERIES_REF }, { $ref: FRAME_REF }] })).toBe("other");
    expect(trialKind("other", { type: "number" })).toBe("other");
  });

  it("annualises at periods_per_year's default, or at the tag's fixed frequency without that input", () => {
    const withPeriods = trialInputs([series, union, periods], new Map([entry("returns"), entry("benchmark")]));
    expect(withPeriods).toEqual({
      trials: [
        { input: "returns", kind: "series", periods: "periods_per_year", periodsDefault: 12 },
        { input: "benchmark", kind: "series", periods: "periods_per_year", periodsDefault: 12 },
      ],
      problems: [],
    });
    expect(trialInputs([series], new Map([entry("returns", "252")])).trials).toEqual([
      { input: "returns", kind: "series", periods: null, periodsDefault: 252 },
    ]);
    expect(trialInputs([series], new Map([entry("returns")])).trials[0]!.periodsDefault).toBeNull();
  });

  it("names a misplaced or malformed frequency, and a tag on an input that carries no returns", () => {
    const beside = trialInputs([series, periods], new Map([entry("returns", "252")]));
    expect(beside.problems).toEqual([
      {
        input: "returns",
        message: "@trial 252: the guard's periods_per_year input annualises its trials; drop the number",
      },
    ]);
    const bad = trialInputs([series], new Map([entry("returns", "daily")]));
    expect(bad.problems[0]!.message).toBe("@trial takes the periods per year as a positive integer, got 'daily'");
    const scalar = trialInputs([{ name: "lev", kind: "other", default: undefined }], new Map([entry("lev")]));
    expect(scalar.problems[0]!.message).toContain("'lev' is not one");
  });
});
