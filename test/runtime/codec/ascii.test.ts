import { describe, expect, it } from "vitest";
import { asciiOnly } from "../../../src/runtime/codec/index.js";

describe("asciiOnly (§3.8)", () => {
  it.each([
    ["plain text", "plain text"],
    ["\u2018a\u2019 \u201cb\u201d", "'a' \"b\""],
    ["a\u2013b\u2014c \u22121", "a-b-c -1"],
    ["wait\u2026", "wait..."],
    ["2\u00d73", "2x3"],
    ["x \u2264 1 \u2265 0", "x <= 1 >= 0"],
    ["a \u2192 b", "a -> b"],
    ["\u00b11", "+/-1"],
    ["10\u00a0bps", "10 bps"],
    ["\u03b1 and \u03b2 and \u0394", "alpha and beta and Delta"],
    ["caf\u00e9 na\u00efve \u00c5ngstr\u00f6m", "cafe naive Angstrom"],
    ["\uff21\uff22", "AB"],
    ["\u4e2d\u6587 \u{1F600}", "?? ?"],
  ])("%j -> %j", (input, expected) => {
    expect(asciiOnly(input)).toBe(expected);
  });

  it("always gives ASCII", () => {
    const all = Array.from({ length: 0x3000 }, (_, i) => String.fromCodePoint(i)).join("");
    expect(asciiOnly(all)).toMatch(/^[\x00-\x7f]*$/);
  });
});
