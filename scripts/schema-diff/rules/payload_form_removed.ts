// breaking: a payload definition (series, frame, ...) of a tool no longer accepts one of its forms.
import { covers, payloadForms, shownBranch } from "../facts.js";
import { finder, type Rule } from "../rule.js";

const found = finder("payload-form-removed", "breaking", "major");

export const payloadFormRemoved: Rule = {
  id: "payload-form-removed",
  check: (ctx) =>
    ctx.kept.flatMap((p) => {
      const now = payloadForms(p.neu);
      return [...payloadForms(p.old)].flatMap(([name, forms]) => {
        const kept = now.get(name);
        const lost = kept ? forms.filter((f) => !kept.some((w) => covers(w, f))) : [];
        return lost.map((f) => found(p.neu.name, `payload ${name} no longer accepts the form ${shownBranch(f)}`));
      });
    }),
};
