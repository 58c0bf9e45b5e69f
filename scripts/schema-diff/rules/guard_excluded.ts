// breaking: a guard that had a tool is newly excluded from JSON (its tool is gone).
import { finder, newlyExcluded, type Rule } from "../rule.js";

const found = finder("guard-excluded", "breaking", "major");

export const guardExcluded: Rule = {
  id: "guard-excluded",
  check: (ctx) =>
    ctx.tools.removed.flatMap((t) => {
      const reason = newlyExcluded(ctx, t);
      return reason ? [found(t.name, `guard ${t.guard} newly excluded from JSON: ${reason}`)] : [];
    }),
};
