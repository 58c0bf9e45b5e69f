// input_sha256 of large arguments is computed on the hash thread; it must equal the hash of the
// canonicalize package's text, and the size bound that admits them must never be below the real size.
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import canonicalize from "canonicalize";
import {
  MAX_ARGUMENT_BYTES,
  MAX_POINTS,
  exactlyCloneable,
  inspectJson,
  sortedJson,
} from "../../src/runtime/codec/caps.js";
import { canonicalDigest } from "../../src/runtime/canonical_digest.js";
import { PACK_MIN_LENGTH, packNumberArrays, unpackRows } from "../../src/runtime/pool/packing.js";
import { OFF_THREAD_MIN_BYTES, inputHash } from "../../src/runtime/input_hash.js";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import { BadInputError } from "../../src/contract/guard.js";

afterAll(() => closePool());

const sha = (x: unknown) => createHash("sha256").update(canonicalize(x)!).digest("hex");
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    utf16,
    fc.array(tie("json")),
    fc.dictionary(utf16, tie("json")),
  ),
}));

/** Arguments over the off-thread threshold: long number columns, unsorted keys, non-ASCII text. */
function large(seed: number): Record<string, unknown> {
  const n = 60_000;
  const col = (k: number) => Array.from({ length: n }, (_, i) => Math.sin(i * k + seed) / 3 ** k);
  return {
    zeta: { values: col(1), name: "r\u00e9sum\u00e9 \ud83d\ude00", index: Array.from({ length: n }, (_, i) => i) },
    alpha: { columns: ["b", "a"], data: { b: col(2), a: col(3) } },
    rows: { columns: ["p", "q"], data: col(4).map((v, i) => [v, i % 3 === 0 ? -0 : i]) },
    mixed: [1, "two", null, true, { y: 1, x: [-0, 5e-324, 1e21] }],
  };
}

describe("the input hash", () => {
  it("bounds the canonical text's UTF-8 size from above, for any JSON value", () => {
    fc.assert(
      fc.property(json, (x) => {
        const text = sortedJson(x);
        expect(inspectJson(x).bytesBound).toBeGreaterThanOrEqual(Buffer.byteLength(text, "utf8"));
      }),
      { numRuns: 500 },
    );
  });

  it("the piecewise digest equals the SHA-256 and size of canonicalize's text, for any plain JSON value", () => {
    const numbers = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: PACK_MIN_LENGTH });
    fc.assert(
      fc.property(json, numbers, (x, column) => {
        fc.pre(exactlyCloneable(inspectJson(x)));
        const text = canonicalize(x)!;
        expect(canonicalDigest(x)).toEqual({ sha256: sha(x), bytes: Buffer.byteLength(text, "utf8") });
        const withColumn = { x, column, nested: { column } };
        expect(canonicalDigest(packNumberArrays(withColumn).inputs).sha256).toBe(sha(withColumn));
      }),
      { numRuns: 200 },
    );
  });

  it("packs a matrix sent as rows into one moved buffer for the hash thread, digest unchanged once unpacked", () => {
    const cell = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(-0));
    const rows = fc.array(fc.array(cell, { maxLength: 40 }), { minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(rows, (data) => {
        const args = { model_returns: { columns: ["a"], data }, labels: [["x", 1]] };
        const packed = packNumberArrays(args, { rows: true });
        const cells = data.reduce((n, r) => n + r.length, 0);
        const sent = (packed.inputs.model_returns as { data: unknown }).data;
        expect(sent instanceof Float64Array).toBe(cells >= PACK_MIN_LENGTH);
        expect(packed.rows.length).toBe(cells >= PACK_MIN_LENGTH ? 1 : 0);
        expect(packed.inputs.labels).toBe(args.labels);
        expect(packNumberArrays(args).rows).toEqual([]);
        const received = structuredClone(packed.inputs);
        unpackRows(received, packed.rows);
        expect(canonicalDigest(received).sha256).toBe(sha(args));
      }),
      { numRuns: 300 },
    );
  });

  it("writes plain ASCII string arrays byte by byte, same digest; quotes, backslashes and others fall back", () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0x1f, max: 0x7f }).map((c) => String.fromCharCode(c)) });
    const strings = fc.array(fc.oneof(ascii, fc.constantFrom("2024-01-02", "\u00e9", "")), { maxLength: 2_100 });
    fc.assert(
      fc.property(strings, (index) => {
        const x = { index, values: index.map((_, i) => i * 0.5) };
        expect(canonicalDigest(x)).toEqual({ sha256: sha(x), bytes: Buffer.byteLength(canonicalize(x)!, "utf8") });
      }),
      { numRuns: 300 },
    );
  });

  it("the piecewise digest holds for pieces longer than its scratch buffer, empty arrays and typed arrays", () => {
    const long = "\u00e9\ud83d\ude00".repeat(40_000);
    const x = { a: [long, 1, "b", null, true, long], b: [], c: [[], [long]] };
    expect(canonicalDigest(x)).toEqual({ sha256: sha(x), bytes: Buffer.byteLength(canonicalize(x)!, "utf8") });
    const column = Array.from({ length: 5_000 }, (_, i) => Math.sin(i) * 1e-3);
    expect(canonicalDigest({ column: Float64Array.from(column) }).sha256).toBe(sha({ column }));
  });

  it("off the calling thread, equals the SHA-256 of the canonicalize package's text", async () => {
    for (const seed of [0, 1]) {
      const args = large(seed);
      expect(inspectJson(args).bytesBound).toBeGreaterThanOrEqual(OFF_THREAD_MIN_BYTES);
      expect(await inputHash(args)).toBe(sha(args));
    }
  });

  it("a tool call over the threshold reports that hash, and leaves the caller's arrays intact", async () => {
    const returns = Array.from({ length: 200_000 }, (_, i) => Math.sin(i) * 0.01 + 0.0003);
    const args = { turnover: 0.5, returns };
    const r = (await callToolUntyped("check_cost_curve", args)) as { provenance: { input_sha256: string } };
    expect(r.provenance.input_sha256).toBe(sha(args));
    expect(returns).toHaveLength(200_000);
    expect(returns[7]).toBe(Math.sin(7) * 0.01 + 0.0003);
  });

  it("bounds a full-precision MAX_POINTS series under the cap: its hash runs beside the guard, not before", () => {
    const values = Array.from({ length: MAX_POINTS }, (_, i) => (Math.sin(i * 1.7) - 0.5) * 0.0123456789);
    const args = { returns: values, turnover: 0.5 };
    expect(inspectJson(args).bytesBound).toBeLessThanOrEqual(MAX_ARGUMENT_BYTES);
    expect(inspectJson(args).bytesBound).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(args), "utf8"));
  });

  it("refuses a lone surrogate in large arguments before any work, as for small ones", () => {
    const args = { ...large(0), note: "x\ud800" };
    expect(() => inputHash(args)).toThrow(BadInputError);
    expect(() => inputHash(args)).toThrow(/lone surrogates/);
  });

  it("measures exactly when the bound is over the cap: admitted when the text fits, refused when not", async () => {
    // 1,100,000 numbers of 2 characters: the bound (25 each, comma included) is over the cap, the text (2) is not.
    const small = Array.from({ length: 1_100_000 }, (_, i) => i % 10);
    const fits = { values: small };
    expect(inspectJson(fits).bytesBound).toBeGreaterThan(MAX_ARGUMENT_BYTES);
    expect(await inputHash(fits)).toBe(sha(fits));
    // About 23 characters a number: the text is over the cap too.
    const over = { values: Array.from({ length: 1_200_000 }, (_, i) => -Math.abs(Math.sin(i + 1)) * 1e-100) };
    expect(() => inputHash(over)).toThrow(/the limit is 26000000 \(MAX_ARGUMENT_BYTES\)/);
  });
});
