// A tool's arguments with every file reference read and inlined, as the call itself reads them: for
// code that shows the data a call ran on (the HTML report's equity curve), not for calling a tool.
import type { CallOptions } from "./call_options.js";
import { resolveTool } from "./call.js";
import { referenceSchema, resolveFileReferences } from "./files/index.js";

/** `args` of tool `name` with file references replaced by their inline payloads (unchanged when there are none). */
export async function inlineFileReferences(
  name: string,
  args: Record<string, unknown>,
  options: Pick<CallOptions, "dataDirs" | "filesOff"> = {},
): Promise<Record<string, unknown>> {
  const access = { dirs: options.dataDirs, off: options.filesOff };
  return (await resolveFileReferences(args, referenceSchema(resolveTool(name)), access)).args;
}
