// Output (result or evidence) fields by path: a removed field is breaking, a new one is info.
import { finder, type Rule } from "../rule.js";
import type { Schema } from "../table.js";

const removed = finder("output-field-removed", "breaking", "major");
const added = finder("output-field-added", "info", "minor");

/** Every property path of a schema: `evidence.curve`, `findings[].message`. */
export function fieldPaths(s: unknown, prefix = ""): string[] {
  if (!s || typeof s !== "object") return [];
  const node = s as Schema;
  const props = (node.properties ?? {}) as Record<string, unknown>;
  const own = Object.entries(props).flatMap(([k, v]) => [`${prefix}${k}`, ...fieldPaths(v, `${prefix}${k}.`)]);
  const items = node.items ? fieldPaths(node.items, `${prefix.replace(/\.$/, "")}[].`) : [];
  const alts = ((node.anyOf ?? node.oneOf ?? []) as unknown[]).flatMap((a) => fieldPaths(a, prefix));
  return [...new Set([...own, ...items, ...alts])];
}

export const outputFields: Rule = {
  id: "output-fields",
  check: (ctx) =>
    ctx.kept.flatMap((p) => {
      const was = new Set(fieldPaths(p.old.output_schema));
      const now = new Set(fieldPaths(p.neu.output_schema));
      return [
        ...[...was].filter((f) => !now.has(f)).map((f) => removed(p.neu.name, `output field ${f} removed`, f)),
        ...[...now].filter((f) => !was.has(f)).map((f) => added(p.neu.name, `new output field ${f}`, f)),
      ];
    }),
};
