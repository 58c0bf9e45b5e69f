// The schema the reference walker follows for a tool: its input schema, and for check_backtest
// the slot vocabulary, so a series or frame slot may be a file reference too.
import { loadSlots, type ToolEntry } from "../table.js";

const REFS = { series: "#/$defs/series", frame: "#/$defs/frame" } as const;

/** The input schema with each series/frame slot of `slots` typed by its payload kind. */
export function referenceSchema(tool: ToolEntry): object {
  if (tool.name !== "check_backtest") return tool.input_schema;
  const slots: Record<string, object> = {};
  for (const c of loadSlots().curated)
    if (c.kind === "series" || c.kind === "frame") slots[c.slot] = { $ref: REFS[c.kind] };
  const props = tool.input_schema.properties as Record<string, object>;
  return { ...tool.input_schema, properties: { ...props, slots: { type: "object", properties: slots } } };
}
