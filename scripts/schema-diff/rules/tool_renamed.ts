// breaking: a tool under a new name; agents that call the old name fail.
import { finder, type Rule } from "../rule.js";

const found = finder("tool-renamed", "breaking", "major");

export const toolRenamed: Rule = {
  id: "tool-renamed",
  check: (ctx) => ctx.tools.renamed.map(([o, n]) => found(o.name, `tool ${o.name} renamed to ${n.name}`)),
};
