// Pooled calls move the buffers of the runtime's own typed arrays to the worker instead of copying them.
import { describe, expect, it } from "vitest";
import { transferableBuffers } from "../../../src/runtime/pool/transfer.js";
import { PACK_MIN_LENGTH, packNumberArrays, unpackNumberArrays } from "../../../src/runtime/pool/packing.js";
import { cellsOf, rowsOf } from "../../../src/runtime/budget/measure.js";

describe("transferableBuffers", () => {
  it("finds the buffers of whole typed arrays in series and frame columns, each once", () => {
    const values = new Float64Array(4);
    const a = new Float64Array(3);
    const b = new Int32Array(3);
    const found = transferableBuffers({
      returns: { values, index: ["x"] },
      frame: { columns: ["a", "b", "c"], data: { a, b, c: a } },
      list: [{ v: b }],
      n: 3,
    });
    expect(new Set(found)).toEqual(new Set([values.buffer, a.buffer, b.buffer]));
    expect(found).toHaveLength(3);
  });
  it("leaves views into larger buffers, Node Buffers and empty arrays alone", () => {
    const big = new Float64Array(10);
    const found = transferableBuffers({
      part: { values: big.subarray(2, 5) },
      node: Buffer.from("abc"),
      empty: { values: new Float64Array(0) },
      plain: { values: [1, 2, 3] },
    });
    expect(found).toEqual([]);
  });
});

describe("cost estimates count typed arrays like arrays", () => {
  it("rows and cells of a typed-array series and frame", () => {
    expect(rowsOf({ values: new Float64Array(7) })).toBe(7);
    expect(cellsOf({ values: new Float64Array(7) })).toBe(7);
    expect(rowsOf({ columns: ["a", "b"], data: { a: new Float64Array(5), b: new Float64Array(5) } })).toBe(5);
    expect(cellsOf(new Float64Array(9))).toBe(9);
  });
});

describe("packNumberArrays / unpackNumberArrays", () => {
  const long = Array.from({ length: PACK_MIN_LENGTH }, (_, i) => (i % 7) - 3.5);
  long[1] = -0;
  long[2] = Number.NaN;
  long[3] = Number.POSITIVE_INFINITY;

  it("packs long all-number arrays of series values, frame columns and plain lists, and nothing else", () => {
    const withNull = [...long.slice(1), null];
    const inputs = {
      returns: { values: long, index: long.map(String) },
      frame: { columns: ["a", "b"], data: { a: long, b: withNull } },
      bps: long,
      short: long.slice(0, PACK_MIN_LENGTH - 1),
      n: 3,
    };
    const packed = packNumberArrays(inputs);
    expect(packed.paths).toEqual([["returns", "values"], ["frame", "data", "a"], ["bps"]]);
    expect(packed.buffers).toHaveLength(3);
    expect((packed.inputs.returns as { values: unknown }).values).toBeInstanceOf(Float64Array);
    expect((packed.inputs.frame as { data: { b: unknown } }).data.b).toBe(withNull);
    expect(packed.inputs.short).toBe(inputs.short);
    // The caller's objects are untouched: the packed ones are copies along the path only.
    expect(inputs.returns.values).toBe(long);
    expect(inputs.frame.data.a).toBe(long);
  });

  it("unpacks to arrays holding exactly the same numbers (-0, NaN and infinities included)", () => {
    const inputs = { returns: { values: long }, bps: long };
    const packed = packNumberArrays(inputs);
    const clone = structuredClone(packed.inputs, { transfer: packed.buffers });
    unpackNumberArrays(clone, packed.paths);
    expect(Array.isArray((clone.returns as { values: unknown }).values)).toBe(true);
    expect(clone).toEqual(inputs);
    expect(Object.is((clone.bps as number[])[1], -0)).toBe(true);
  });
});
