// optional -> required is breaking (old calls may lack it); required -> optional is info.
import { finder, type Rule } from "../rule.js";

const nowRequired = finder("input-required", "breaking", "major");
const nowOptional = finder("input-required", "info", "minor");

export const inputRequired: Rule = {
  id: "input-required",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.common.flatMap(([o, n]) => {
        if (o.required === n.required) return [];
        return n.required
          ? [nowRequired(p.neu.name, `input ${n.name} changed from optional to required`, n.name)]
          : [nowOptional(p.neu.name, `input ${n.name} changed from required to optional`, n.name)];
      }),
    ),
};
