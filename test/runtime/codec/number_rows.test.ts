// Proven number rows (codec/number_rows.ts): the JSON check's one-pass proof of a matrix of finite numbers
// must say exactly what the walk it replaces says (same bound, same errors), and fall back whenever it cannot.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inspectJson } from "../../../src/runtime/codec/caps.js";
import { PROVE_MIN_CELLS, columnsOf, proveNumberRows } from "../../../src/runtime/codec/number_rows.js";

/** `rows` rows of `width` cells, each from `cell(i, j)`. */
const matrix = (rows: number, width: number, cell: (i: number, j: number) => unknown): unknown[][] =>
  Array.from({ length: rows }, (_, i) => Array.from({ length: width }, (_, j) => cell(i, j)));

/** What the JSON check says of `args`, with and without proofs: its bound, or its error's message. */
function verdict(args: unknown, prove: boolean): number | string {
  try {
    return inspectJson(args, prove).bytesBound;
  } catch (e) {
    return (e as Error).message;
  }
}

describe("proven number rows", () => {
  it("prove finite-number matrices with the walk's byte bound, cells row after row and the common width", () => {
    // Doubles of every size, -0, and the numbers whose bound is 25 (in (-1e-5, -1e-6]) and their neighbours.
    const cell = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(-0, -1e-6, -1e-5, -9.99e-6, -1e-5 * (1 - 2 ** -52), -1e-6 * (1 + 2 ** -52), 5e-324),
      fc.double({ min: -2e-5, max: 0, noNaN: true }),
    );
    const rows = fc.array(fc.array(cell, { maxLength: 60, size: "max" }), { minLength: 1, maxLength: 80, size: "max" });
    fc.assert(
      fc.property(rows, (data) => {
        const args = { m: { columns: [], data } };
        const total = data.reduce((n, r) => n + r.length, 0);
        const summary = inspectJson(args, true);
        expect(summary.bytesBound).toBe(inspectJson(args).bytesBound);
        const proof = proveNumberRows(data);
        expect(summary.rows?.has(data)).toBe(total >= PROVE_MIN_CELLS);
        expect(proof !== null).toBe(total >= PROVE_MIN_CELLS);
        if (proof === null) return;
        expect([...proof.cells]).toEqual(data.flat());
        expect([...proof.lengths]).toEqual(data.map((r) => r.length));
        expect(proof.width).toBe(data.every((r) => r.length === data[0]!.length) ? data[0]!.length : -1);
      }),
      { numRuns: 100 },
    );
  });

  // 300 x 7: four whole tiles of 64 rows and a part tile; 150 x 130: two whole tiles of 64 columns and a part.
  it.each([
    [300, 7],
    [150, 130],
  ])("turn a proven %i x %i matrix into its columns, -0 kept", (n, k) => {
    const data = matrix(n, k, (i, j) => (i === 5 && j === 2 ? -0 : Math.sin(i * k + j)));
    const proof = proveNumberRows(data)!;
    expect(columnsOf(proof).map((c) => [...c])).toEqual(Array.from({ length: k }, (_, j) => data.map((r) => r[j])));
    expect(Object.is(columnsOf(proof)[2]![5], -0)).toBe(true);
  });

  const big = (cell: (i: number, j: number) => unknown) => matrix(100, 20, cell);
  const withToJson = big(() => 1);
  Object.defineProperty(withToJson[3], "toJSON", { value: () => [1] });
  const holey = big(() => 1);
  delete (holey[4] as unknown[])[2];
  const fallbacks: [string, unknown[]][] = [
    ["a null cell", big((i, j) => (i === 50 && j === 3 ? null : 1))],
    ["a NaN cell", big((i, j) => (i === 99 && j === 19 ? Number.NaN : 1))],
    ["an infinite cell", big((i, j) => (i === 0 && j === 0 ? -Infinity : 1))],
    ["a text cell", big((i, j) => (i === 10 && j === 1 ? "1" : 1))],
    ["rows of text", big(() => "a")],
    ["rows of objects", big(() => ({ a: 1 }))],
    ["a bigint cell", big((i, j) => (i === 10 && j === 1 ? 1n : 1))],
    ["a nested list", big((i, j) => (i === 7 && j === 0 ? [1] : 1))],
    ["a hole", holey],
    ["a row with toJSON", withToJson],
    ["a row that is an object", [...big(() => 1), { 0: 1 }]],
    ["a row that is a string", ["12", ...big(() => 1)]],
    ["too few cells", matrix(PROVE_MIN_CELLS - 1, 1, () => 1)],
  ];

  it.each(fallbacks)("fall back to the walk, with its verdict, for %s", (_, data) => {
    expect(proveNumberRows(data)).toBeNull();
    const args = { m: { columns: ["a"], data } };
    expect(verdict(args, true)).toEqual(verdict(args, false));
  });

  it("a cycle through a row is the walk's error", () => {
    const data: unknown[] = big(() => 1);
    (data[1] as unknown[])[0] = data;
    expect(proveNumberRows(data)).toBeNull();
    expect(verdict({ data }, true)).toBe(verdict({ data }, false));
    expect(verdict({ data }, true)).toMatch(/a cycle at data/);
  });
});
