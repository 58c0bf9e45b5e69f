// info: wording only - a tool description, or an input description whose unit phrases are unchanged.
import { withoutBounds } from "../../gen/emit/compact.js";
import type { InputFacts } from "../facts.js";
import { finder, type Rule } from "../rule.js";
import { phrasesMissing, unitPhrases } from "../../gen/units.js";

const found = finder("description-changed", "info", "patch");

const sameUnits = (o: InputFacts, n: InputFacts) => {
  const [a, b] = [unitPhrases(o.prose), unitPhrases(n.prose)];
  return !phrasesMissing(a, b).length && !phrasesMissing(b, a).length;
};

export const descriptionChanged: Rule = {
  id: "description-changed",
  check: (ctx) =>
    ctx.kept.flatMap((p) => [
      ...(p.old.description !== p.neu.description ? [found(p.neu.name, "tool description changed")] : []),
      ...p.inputs.common
        .filter(([o, n]) => withoutBounds(o.prose) !== withoutBounds(n.prose) && sameUnits(o, n))
        .map(([, n]) => found(p.neu.name, `input ${n.name} description changed`, n.name)),
    ]),
};
