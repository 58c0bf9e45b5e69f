// warning: a default changed (of an input kept or renamed); calls that leave the input out now compute something else.
import { finder, matchedInputs, type Rule } from "../rule.js";

const found = finder("default-changed", "warning", "minor");

export const defaultChanged: Rule = {
  id: "default-changed",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      matchedInputs(p)
        .filter(([o, n]) => o.default !== n.default)
        .map(([o, n]) =>
          found(p.neu.name, `input ${n.name} default ${o.default ?? "(none)"} -> ${n.default ?? "(none)"}`, n.name),
        ),
    ),
};
