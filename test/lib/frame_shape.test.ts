import { describe, expect, it } from "vitest";
import { makeFrame } from "../../src/lib/frame.js";
import { isFrame, isMissing, requireCompleteColumn, requireFrame } from "../../src/lib/frame_shape.js";
import { badField } from "../helpers/bad_field.js";

describe("frame_shape", () => {
  const f = makeFrame({ t: [1, NaN], s: ["a", null] });
  it("recognises frames", () => {
    expect(isFrame(f)).toBe(true);
    expect(isFrame([{ a: 1 }])).toBe(false);
    expect(isFrame({ values: [1] })).toBe(false);
    expect(isFrame(null)).toBe(false);
    expect(isFrame({ columns: ["a"], data: { a: [1] } })).toBe(false); // no nrows
    expect(isFrame({ columns: ["a"], data: null, nrows: 1 })).toBe(false);
    expect(isFrame({ columns: ["a"], data: { a: [1] }, nrows: 1 })).toBe(true);
    expect(requireFrame("left", f)).toBe(f);
    expect(badField(() => requireFrame("left", [1]))).toBe("left");
    expect(badField(() => requireFrame("left", { columns: ["a"], data: { a: [1] }, nrows: 2 }))).toBe("left");
  });
  it("missing cells and complete columns", () => {
    expect([null, undefined, NaN, 0, ""].map((c) => isMissing(c))).toEqual([true, true, true, false, false]);
    expect(badField(() => requireCompleteColumn("left", f, "t"))).toBe("left/records/1/t");
    expect(badField(() => requireCompleteColumn("left", f, "s"))).toBe("left/records/1/s");
    expect(badField(() => requireCompleteColumn("left", f, "x"))).toBe("left");
    expect(requireCompleteColumn("left", makeFrame({ t: [1, 2] }), "t")).toEqual([1, 2]);
  });
});
