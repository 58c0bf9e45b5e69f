// The argument hash's canonical text (sorted-key native JSON) against the canonicalize package.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import canonicalize from "canonicalize";
import { canonicalText } from "../../src/runtime/canonical.js";
import { jcsSha256, loadTable } from "../../src/runtime/table.js";
import { createHash } from "node:crypto";

/** Any string, lone surrogates included (the full UTF-16 code-unit range). */
const anyString = fc.string({ unit: "binary" });
const utf16String = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const key = fc.oneof(anyString, utf16String, fc.constantFrom("__proto__", "constructor", "0", "10", "9", "", "a", "B"));
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(-0, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 0.1 + 0.2, 123456789012345680000),
);
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    number,
    anyString,
    utf16String,
    fc.array(tie("json")),
    fc.dictionary(key, tie("json")),
  ),
}));

function outcome(f: () => string | undefined): { text?: string; error?: boolean } {
  try {
    return { text: f() };
  } catch {
    return { error: true };
  }
}

describe("canonical text = RFC 8785 (canonicalize package)", () => {
  it("is byte-identical for every JSON value, and refuses exactly what canonicalize refuses", () => {
    fc.assert(
      fc.property(json, (x) => {
        expect(outcome(() => canonicalText(x))).toEqual(outcome(() => canonicalize(x)));
      }),
      { numRuns: 3000 },
    );
  });
  it("agrees on the tool table (the served tools_sha256)", () => {
    const { tools, manifest } = loadTable();
    expect(canonicalText(tools)).toBe(canonicalize(tools));
    expect(jcsSha256(tools)).toBe(manifest.tools_sha256);
    expect(jcsSha256(tools)).toBe(
      createHash("sha256")
        .update(canonicalize(tools) ?? "")
        .digest("hex"),
    );
  });
  it("refuses a lone surrogate but not an escaped backslash before 'ud800'", () => {
    expect(() => canonicalText({ a: "x\ud800" })).toThrow(/Lone surrogate/);
    expect(() => canonicalText(["\udc00y"])).toThrow(/Lone surrogate/);
    expect(canonicalText({ b: "\\ud800", a: "\ud83d\ude00" })).toBe(canonicalize({ b: "\\ud800", a: "\ud83d\ude00" }));
  });
  it("orders members by UTF-16 code units at every depth", () => {
    expect(canonicalText({ b: [{ z: 1, y: { d: 1, c: 2 } }], a: 1, "\u00e9": 0, E: 0 })).toBe(
      '{"E":0,"a":1,"b":[{"y":{"c":2,"d":1},"z":1}],"\u00e9":0}',
    );
  });
});
