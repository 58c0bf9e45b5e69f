// breaking: an input under a new name (same forms, same prose); agents that send the old name are rejected.
import { finder, type Rule } from "../rule.js";

const found = finder("input-renamed", "breaking", "major");

export const inputRenamed: Rule = {
  id: "input-renamed",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.renamed.map(([o, n]) => found(p.neu.name, `input ${o.name} renamed to ${n.name}`, o.name)),
    ),
};
