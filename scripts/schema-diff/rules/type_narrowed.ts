// breaking: an input accepts less - a union branch, an enum value or a payload reference is gone.
import { covers, shownBranch } from "../facts.js";
import { finder, type Rule } from "../rule.js";

const found = finder("type-narrowed", "breaking", "major");

export const typeNarrowed: Rule = {
  id: "type-narrowed",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.common.flatMap(([o, n]) => {
        const lost = o.branches.filter((b) => !n.branches.some((w) => covers(w, b)));
        return lost.length
          ? [found(p.neu.name, `input ${n.name} no longer accepts ${lost.map(shownBranch).join(", ")}`, n.name)]
          : [];
      }),
    ),
};
