// numericCells accepts exactly the finite numbers (and NaN where missing values are allowed), in any array.
import { describe, expect, it } from "vitest";
import { numericCells } from "../../src/lib/frame.js";
import type { Cell } from "../../src/contract/guard.js";

const CELLS: unknown[] = [0, -0, 1.5, -2e-300, 1e308, Infinity, -Infinity, NaN, "1", "", null, undefined, true, {}];

describe("numericCells", () => {
  for (const allowMissing of [false, true]) {
    it(`passes a cell exactly when it is a finite number${allowMissing ? " or NaN" : ""}, packed or holey`, () => {
      for (const c of CELLS) {
        const want = typeof c === "number" && (Number.isFinite(c) || (allowMissing && Number.isNaN(c)));
        const holey = new Array<unknown>(3);
        holey[0] = 0.5;
        holey[1] = c;
        holey[2] = 0.25;
        for (const cells of [[0.5, c, 0.25], holey]) {
          const call = () => numericCells("f", "x", cells as Cell[], allowMissing);
          if (want) expect(call()).toBe(cells);
          else expect(call).toThrow(/column 'x' must hold finite numbers, row 1 has/);
        }
      }
    });
  }

  it("a hole is a missing cell: refused, row named", () => {
    const cells = new Array<number>(3);
    cells[0] = 1;
    cells[2] = 2;
    expect(() => numericCells("f", "x", cells)).toThrow("row 1 has null");
  });
});
