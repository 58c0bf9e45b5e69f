// info: a new tool.
import { finder, type Rule } from "../rule.js";

const found = finder("tool-added", "info", "minor");

export const toolAdded: Rule = {
  id: "tool-added",
  check: (ctx) => ctx.tools.added.map((t) => found(t.name, `new tool ${t.name}`)),
};
