// breaking: an input newly omitted from the tool's schema (it cannot be sent as JSON any more).
import { finder, newlyOmitted, type Rule } from "../rule.js";

const found = finder("input-omitted", "breaking", "major");

export const inputOmitted: Rule = {
  id: "input-omitted",
  check: (ctx) =>
    ctx.kept.flatMap((p) =>
      p.inputs.removed.flatMap((i) => {
        const why = newlyOmitted(ctx, p.neu, i.name);
        return why ? [found(p.neu.name, `input ${i.name} newly omitted: ${why}`, i.name)] : [];
      }),
    ),
};
