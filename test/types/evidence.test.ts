// Every guard tool's real evidence, from a real call with valid arguments, type-checks against the
// generated evidence type: an undeclared key, a missing required key or a value of another type fails.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { callToolUntyped, listTools } from "../../src/runtime/index.js";
import { validArgs } from "../hardening/valid_args.js";
import { ROOT, typeErrors } from "../helpers/type_check.js";

const guardTools = () => listTools().filter((t) => t.guard);

async function snippet(): Promise<string> {
  const lines = ['import type { ToolResults } from "../../generated/types.js";'];
  for (const t of guardTools()) {
    const r = await callToolUntyped(t.name, validArgs(t));
    lines.push(`export const ${t.name}: ToolResults["${t.name}"]["evidence"] = ${JSON.stringify(r.evidence)};`);
  }
  return `${lines.join("\n")}\n`;
}

describe("typed evidence", () => {
  it("every guard tool's evidence from a valid call type-checks against its generated type", async () => {
    const file = path.join(ROOT, "test", "types", "__evidence_values.ts");
    expect(typeErrors(new Map([[file, await snippet()]]))).toEqual([]);
  });

  it("an undeclared key and a value of the wrong type are each caught (the check can fail)", async () => {
    const t = guardTools().find((x) => x.name === "check_cost_curve")!;
    const evidence = (await callToolUntyped(t.name, validArgs(t))).evidence as Record<string, unknown>;
    const variants = { wrong_type: { ...evidence, breakeven_bps: [1] }, extra_key: { ...evidence, not_a_key: 1 } };
    const files = new Map(
      Object.entries(variants).map(([name, value]) => [
        path.join(ROOT, "test", "types", `__evidence_${name}.ts`),
        'import type { ToolResults } from "../../generated/types.js";\n' +
          `export const x: ToolResults["check_cost_curve"]["evidence"] = ${JSON.stringify(value)};\n`,
      ]),
    );
    const errors = typeErrors(files);
    expect(errors.filter((e) => e.includes("__evidence_wrong_type.ts")).join("\n")).toContain(
      "Type 'number[]' is not assignable to type 'EvidenceNumber'",
    );
    expect(errors.filter((e) => e.includes("__evidence_extra_key.ts")).join("\n")).toContain("not_a_key");
  });
});
