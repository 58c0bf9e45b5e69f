// breaking: a tool that is gone (not renamed, not newly excluded - those rules say so).
import { finder, newlyExcluded, type Rule } from "../rule.js";

const found = finder("tool-removed", "breaking", "major");

export const toolRemoved: Rule = {
  id: "tool-removed",
  check: (ctx) =>
    ctx.tools.removed.filter((t) => !newlyExcluded(ctx, t)).map((t) => found(t.name, `tool ${t.name} removed`)),
};
