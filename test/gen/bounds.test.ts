// The bounds guards state in prose are keywords in generated/tools.json, and a value just outside
// one is rejected by the runtime's schema check with a message that names the field.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeAjv } from "../../scripts/gen/ajv.js";
import { schemaError } from "../../src/runtime/schema_errors.js";
import { ROOT } from "./helpers.js";

type Prop = Record<string, unknown>;
const tools = JSON.parse(readFileSync(path.join(ROOT, "generated/tools.json"), "utf8")).tools as {
  name: string;
  guard?: string;
  input_schema: { properties: Record<string, Prop> };
}[];

/** Values just outside each bound keyword of a numeric property. */
function outside(p: Prop): number[] {
  const out: number[] = [];
  const step = p.type === "integer" ? 1 : 1e-6;
  if (typeof p.minimum === "number") out.push(p.minimum - step);
  if (typeof p.exclusiveMinimum === "number") out.push(p.exclusiveMinimum);
  if (typeof p.maximum === "number") out.push(p.maximum + step);
  if (typeof p.exclusiveMaximum === "number") out.push(p.exclusiveMaximum);
  if (typeof p.multipleOf === "number" && typeof p.minimum === "number") out.push(p.minimum + p.multipleOf / 2);
  return out;
}

const bounded = tools
  .filter((t) => t.guard)
  .flatMap((t) => Object.entries(t.input_schema.properties).map(([field, p]) => ({ tool: t, field, p })))
  .filter((x) => outside(x.p).length > 0);

describe("prose bounds as schema keywords", () => {
  it("the guards state their bounds as keywords (research_audit's n_blocks: even, 2 to 20)", () => {
    const nBlocks = tools.find((t) => t.name === "check_research_audit")!.input_schema.properties.n_blocks!;
    expect([nBlocks.minimum, nBlocks.maximum, nBlocks.multipleOf]).toEqual([2, 20, 2]);
    expect(bounded.length).toBeGreaterThanOrEqual(20);
  });

  for (const { tool, field, p } of bounded) {
    it(`${tool.name}.${field}: values outside ${JSON.stringify(outside(p))} are rejected naming '${field}'`, () => {
      // The tool's schema with only this property required, so its bound is the error the runtime reports.
      const root = { ...tool.input_schema, required: [field] };
      const validate = makeAjv().compile(root);
      for (const bad of outside(p)) {
        expect(validate({ [field]: bad })).toBe(false);
        expect(schemaError(validate.errors!, root as never, { [field]: bad }).message).toMatch(
          new RegExp(`^${field}: must be`),
        );
      }
    });
  }
});
