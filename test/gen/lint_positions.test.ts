// The full table's rule for positional arrays (docs/contract.md §1.3): prefixItems closed by
// `items: false` and bounded by minItems; nowhere else a boolean subschema; never in an output schema.
import { describe, expect, it } from "vitest";
import { lintSchema } from "../../scripts/gen/lint.js";
import type { Schema } from "../../scripts/gen/schema.js";

const input = (x: Schema): Schema => ({
  type: "object",
  properties: { x },
  required: ["x"],
  additionalProperties: false,
});
const PAIR: Schema = {
  type: "array",
  prefixItems: [{ type: "string" }, { type: "number" }],
  items: false,
  minItems: 2,
  maxItems: 2,
};

describe("positional arrays in the full table", () => {
  it("a closed, bounded prefixItems array is an input the table accepts", () => {
    expect(lintSchema(input(PAIR), "input")).toEqual([]);
  });

  it("without minItems it is refused", () => {
    const { minItems: _m, ...open } = PAIR;
    expect(lintSchema(input(open), "input")).toContain("/properties/x: prefixItems without items and minItems");
  });

  it("items: false anywhere but beside prefixItems is a boolean subschema", () => {
    expect(lintSchema(input({ type: "array", items: false }), "input")).toContain(
      "/properties/x/items: boolean subschema false",
    );
  });

  it("an output schema may not use prefixItems", () => {
    expect(lintSchema(input(PAIR), "output")).toContain("/properties/x: uses prefixItems");
  });
});
