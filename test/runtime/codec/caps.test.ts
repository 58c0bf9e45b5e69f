import { describe, expect, it } from "vitest";
import {
  MAX_ARGUMENT_BYTES,
  MAX_EVIDENCE_CHARS,
  MAX_EVIDENCE_ITEMS,
  MAX_EVIDENCE_ROWS,
  MAX_POINTS,
  MAX_SKILL_CHARS,
  argumentsBytes,
  checkArgumentsSize,
} from "../../../src/runtime/codec/index.js";
import { badInput } from "./helpers.js";

describe("caps (§3.7)", () => {
  it("the constants", () => {
    expect([
      MAX_ARGUMENT_BYTES,
      MAX_POINTS,
      MAX_EVIDENCE_ROWS,
      MAX_EVIDENCE_ITEMS,
      MAX_EVIDENCE_CHARS,
      MAX_SKILL_CHARS,
    ]).toEqual([26_000_000, 1_000_000, 50, 500, 4000, 200_000]);
  });

  it("27,000 strings of 1,000 characters exceed MAX_ARGUMENT_BYTES", () => {
    const args = { labels: Array.from({ length: 27_000 }, () => "a".repeat(1000)) };
    const e = badInput(() => checkArgumentsSize(args));
    expect(e.code).toBe("too_large");
    expect(e.field).toBe("");
    const n = Buffer.byteLength(JSON.stringify(args));
    expect(e.message).toBe(
      `arguments are ${n} bytes as JSON; the limit is 26000000 (MAX_ARGUMENT_BYTES). Send a shorter window`,
    );
    expect(e.message).toContain("MAX_ARGUMENT_BYTES");
  });

  it("13,100,000 copies of \u00e9 are under the cap in characters and over it in UTF-8 bytes", () => {
    const text = "\u00e9".repeat(13_100_000);
    const args = { note: text };
    expect(JSON.stringify(args).length).toBeLessThan(MAX_ARGUMENT_BYTES);
    const e = badInput(() => checkArgumentsSize(args));
    expect(e.message).toContain(`arguments are ${26_200_000 + '{"note":""}'.length} bytes`);
  });

  it("counts escapes and exact bytes; the cap itself is allowed", () => {
    expect(argumentsBytes({ a: 'x"\n\u0001\u00e9\u{1F600}' })).toBe(
      Buffer.byteLength(JSON.stringify({ a: 'x"\n\u0001\u00e9\u{1F600}' })),
    );
    const pad = MAX_ARGUMENT_BYTES - '{"a":""}'.length;
    expect(() => checkArgumentsSize({ a: "x".repeat(pad) })).not.toThrow();
    expect(badInput(() => checkArgumentsSize({ a: "x".repeat(pad + 1) })).message).toContain(
      "arguments are 26000001 bytes",
    );
  });

  it.each([
    [
      "a cycle",
      () => {
        const a: Record<string, unknown> = {};
        a["self"] = a;
        return { a };
      },
      "a cycle at a/self",
    ],
    ["a function", () => ({ f: () => 1 }), "a function at f"],
    ["undefined in an array", () => ({ xs: [1, undefined] }), "undefined at xs/1"],
    ["a bigint", () => ({ n: 1n }), "a bigint at n"],
    ["NaN", () => ({ returns: { values: [1, NaN] } }), "NaN at returns/values/1"],
    ["Infinity", () => ({ x: Infinity }), "Infinity at x"],
    ["-Infinity in an array", () => ({ x: [-Infinity] }), "-Infinity at x/0"],
    ["a symbol", () => ({ s: Symbol("x") }), "a symbol at s"],
    ["a Map", () => ({ m: new Map() }), "a Map at m"],
    ["a typed array", () => ({ t: new Float64Array(2) }), "a typed array at t"],
    ["a key with a slash", () => ({ "a/b": NaN }), "NaN at a~1b"],
  ])("%s is not JSON", (_, make, detail) => {
    const e = badInput(() => checkArgumentsSize(make()));
    expect(e.code).toBe("not_json");
    expect(e.field).toBe("");
    expect(e.message).toBe(`arguments are not JSON: ${detail}`);
  });

  it("JSON-able in-process values pass: Dates, toJSON, undefined members, shared references", () => {
    const shared = { a: 1 };
    expect(() =>
      checkArgumentsSize({ d: new Date(0), j: { toJSON: () => "x" }, u: undefined, s1: shared, s2: shared }),
    ).not.toThrow();
    expect(argumentsBytes({ d: new Date(0) })).toBe(Buffer.byteLength(JSON.stringify({ d: new Date(0) })));
  });

  it("deep nesting is not JSON instead of a crash", () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const e = badInput(() => checkArgumentsSize({ deep }));
    expect(e.code).toBe("not_json");
  });

  it("accepts 1,000,000 numbers under the byte cap (speed is measured by npm run bench)", () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => Math.round(Math.sin(i) * 1e3) / 1e4);
    expect(() => checkArgumentsSize({ returns: { values } })).not.toThrow();
  });
});
