// Pooled calls move the buffers of the runtime's own typed arrays to the worker instead of copying them.
import { describe, expect, it } from "vitest";
import { transferableBuffers } from "../../../src/runtime/pool/transfer.js";
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
