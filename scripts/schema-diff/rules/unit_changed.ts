// warning: the unit or convention phrases of an input's description changed (see units.ts for how).
import { finder, type Rule } from "../rule.js";
import { phrasesMissing, unitPhrases } from "../../gen/units.js";

const found = finder("unit-changed", "warning", "minor");

export const unitChanged: Rule = {
  id: "unit-changed",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.common.flatMap(([o, n]) => {
        const was = unitPhrases(o.prose);
        const now = unitPhrases(n.prose);
        const lost = phrasesMissing(was, now);
        const gained = phrasesMissing(now, was);
        if (!lost.length && !gained.length) return [];
        const parts = [
          ...(lost.length ? [`removed ${lost.map((x) => `"${x}"`).join(", ")}`] : []),
          ...(gained.length ? [`added ${gained.map((x) => `"${x}"`).join(", ")}`] : []),
        ];
        return [found(p.neu.name, `input ${n.name} unit or convention changed: ${parts.join("; ")}`, n.name)];
      }),
    ),
};
