import { describe, expect, it } from "vitest";
import { asciiJson, asciiText } from "../../src/lib/ascii_text.js";

describe("ascii_text", () => {
  it("escapes everything outside printable ASCII", () => {
    expect(asciiText("\u505c\u724c")).toBe("\\u505c\\u724c");
    expect(asciiText("a\tb\u00e9")).toBe("a\\u0009b\\u00e9");
    expect(asciiText("plain ASCII ~")).toBe("plain ASCII ~");
  });
  it("quotes values as compact JSON", () => {
    expect(asciiJson("\uFF0AST")).toBe('"\\uff0aST"');
    expect(asciiJson({ a: [1, "x"] })).toBe('{"a":[1,"x"]}');
    expect(asciiJson(undefined)).toBe("undefined");
    expect(asciiJson(NaN)).toBe("null (missing)");
    expect(asciiJson(-Infinity)).toBe("-Infinity");
    expect(asciiJson(() => 1)).toBe("function");
  });
});
