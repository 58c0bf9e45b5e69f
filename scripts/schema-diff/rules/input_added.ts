// A new input: breaking when required (old calls lack it), info when optional.
import { finder, type Rule } from "../rule.js";

const required = finder("input-added", "breaking", "major");
const optional = finder("input-added", "info", "minor");

export const inputAdded: Rule = {
  id: "input-added",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.added.map((i) =>
        i.required
          ? required(p.neu.name, `new required input ${i.name}`, i.name)
          : optional(p.neu.name, `new optional input ${i.name}`, i.name),
      ),
    ),
};
