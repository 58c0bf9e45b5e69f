// `--arg name=VALUE` for fin-skills call and check: VALUE is JSON, `@file` (a file reference),
// `@file:col` (one column: a series) or `@file:a,b` (columns: a frame), or else plain text.
import { listTools } from "../runtime/index.js";
import { UsageError } from "./usage_error.js";

/** True when the tool's property `name` accepts a frame but not a series. */
function wantsFrame(tool: string | null, name: string): boolean {
  const entry = tool === null ? undefined : listTools().find((t) => t.name === tool);
  const props = entry?.input_schema.properties as Record<string, unknown> | undefined;
  const text = JSON.stringify(props?.[name] ?? {});
  return text.includes("#/$defs/frame") && !text.includes("#/$defs/series");
}

/** `@bt.csv:strategy` as a file reference; `tool` (null for check) decides column vs columns. */
export function fileShorthand(spec: string, tool: string | null, name: string): Record<string, unknown> {
  const body = spec.slice(1);
  const colon = body.lastIndexOf(":");
  // a colon inside the path (Windows drive letters) needs the JSON form instead
  const [file, cols] = colon > 0 ? [body.slice(0, colon), body.slice(colon + 1)] : [body, ""];
  if (file === "") throw new UsageError(`--arg ${name}=@...: give a file, e.g. ${name}=@results/bt.csv:strategy`);
  if (cols === "") return { file };
  const list = cols.split(",").filter((c) => c !== "");
  return list.length > 1 || wantsFrame(tool, name) ? { file, columns: list } : { file, column: list[0] };
}

/** The arguments given as repeated `--arg name=VALUE`. */
export function argOptions(specs: readonly string[], tool: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const eq = spec.indexOf("=");
    if (eq <= 0) throw new UsageError(`--arg needs name=value, got '${spec}'`);
    const name = spec.slice(0, eq);
    const value = spec.slice(eq + 1);
    if (value.startsWith("@")) out[name] = fileShorthand(value, tool, name);
    else {
      try {
        out[name] = JSON.parse(value);
      } catch {
        out[name] = value;
      }
    }
  }
  return out;
}
