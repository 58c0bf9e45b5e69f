// info: an input accepts more - a new union branch or enum value.
import { covers, shownBranch } from "../facts.js";
import { finder, type Rule } from "../rule.js";

const found = finder("type-widened", "info", "minor");

export const typeWidened: Rule = {
  id: "type-widened",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.common.flatMap(([o, n]) => {
        const gained = n.branches.filter((b) => !o.branches.some((w) => covers(w, b)));
        return gained.length
          ? [found(p.neu.name, `input ${n.name} now accepts ${gained.map(shownBranch).join(", ")}`, n.name)]
          : [];
      }),
    ),
};
