// Valid call payloads for the client matrix: each tool's known-good arguments, and the same
// arguments with every series given as a bare list of values (kept only when the runtime accepts it).
import { callToolUntyped, listTools, type ToolEntry } from "../../src/runtime/index.js";
import { validArgs } from "../hardening/valid_args.js";

export interface CallForm {
  readonly tool: string;
  readonly form: "as documented" | "bare-list series";
  readonly args: Record<string, unknown>;
}

const isSeriesRef = (p: any) => p?.$ref === "#/$defs/series";

/** The arguments with each top-level series input given as its bare list of values, or null when none is. */
export function bareListForm(t: ToolEntry, args: Record<string, unknown>): Record<string, unknown> | null {
  const props = (t.input_schema as any).properties ?? {};
  let changed = false;
  const out: Record<string, unknown> = { ...args };
  for (const [k, v] of Object.entries(args)) {
    if (isSeriesRef(props[k]) && v && typeof v === "object" && Array.isArray((v as any).values)) {
      out[k] = (v as any).values;
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The runtime's own status for a call: "pass", "fail" or "bad input". */
export async function runtimeStatus(tool: string, args: Record<string, unknown>): Promise<string> {
  try {
    return (await callToolUntyped(tool, args)).status as string;
  } catch {
    return "bad input";
  }
}

/** Every tool's documented form, plus the bare-list form wherever the runtime accepts it. */
export async function callForms(): Promise<CallForm[]> {
  const forms: CallForm[] = [];
  for (const t of listTools()) {
    const args = validArgs(t);
    forms.push({ tool: t.name, form: "as documented", args });
    const bare = bareListForm(t, args);
    if (bare && (await runtimeStatus(t.name, bare)) !== "bad input")
      forms.push({ tool: t.name, form: "bare-list series", args: bare });
  }
  return forms;
}
