// breaking: an input that is gone (not renamed, not newly omitted); agents that send it are rejected.
import { finder, newlyOmitted, type Rule } from "../rule.js";

const found = finder("input-removed", "breaking", "major");

export const inputRemoved: Rule = {
  id: "input-removed",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.removed
        .filter((i) => !newlyOmitted(ctx, p.neu, i.name))
        .map((i) => found(p.neu.name, `input ${i.name} removed`, i.name)),
    ),
};
