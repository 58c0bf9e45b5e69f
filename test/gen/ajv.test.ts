// schemaProblem: one shared Ajv instance lints every schema, so each schema is judged on its own.
import { describe, expect, it } from "vitest";
import { schemaProblem } from "../../scripts/gen/ajv.js";
import type { Schema } from "../../scripts/gen/schema.js";

const cases: readonly { name: string; given: Schema; want: string | null }[] = [
  { name: "a valid schema", given: { type: "object", properties: { x: { type: "number" } } }, want: null },
  { name: "a meta-schema failure", given: { type: 5 } as unknown as Schema, want: "fails the 2020-12 meta-schema" },
  { name: "an unknown keyword in strict mode", given: { type: "number", maxDigits: 3 }, want: "strict mode" },
];

describe("schemaProblem", () => {
  for (const c of cases)
    it(`reports ${c.name}`, () => {
      const got = schemaProblem(c.given);
      if (c.want === null) expect(got).toBeNull();
      else expect(got).toContain(c.want);
    });

  it("judges each schema on its own: a bad one leaves no trace, and a reused $id is not a conflict", () => {
    expect(schemaProblem({ type: "number", maxDigits: 3 })).toContain("strict mode");
    expect(schemaProblem({ type: "number" })).toBeNull();
    expect(schemaProblem({ $id: "same", type: "string" })).toBeNull();
    expect(schemaProblem({ $id: "same", type: "number" })).toBeNull();
    expect(schemaProblem({ $id: "same", type: "number", maxDigits: 3 })).toContain("strict mode");
  });
});
