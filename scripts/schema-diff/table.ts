// The tool table a diff compares: tools.json plus excluded.json, read from a git ref or a directory.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type Schema = Record<string, unknown>;

export interface SchemaTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: Schema;
  readonly output_schema: Schema;
  readonly guard?: string;
  readonly skill?: string;
}

export interface ToolTable {
  readonly version: string;
  readonly tools: readonly SchemaTool[];
  /** Guards that have no tool, guard -> reason. */
  readonly excluded: Readonly<Record<string, string>>;
  /** Inputs left out of a tool's schema, guard -> input -> why. */
  readonly omitted: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

interface ExcludedFile {
  excluded?: { guard: string; reason: string }[];
  omitted?: Record<string, Record<string, string>>;
}

/** Builds a table from the texts of generated/tools.json and generated/excluded.json (absent: none excluded). */
export function tableFromTexts(toolsJson: string, excludedJson: string | null): ToolTable {
  const tools = JSON.parse(toolsJson) as { version?: string; tools: SchemaTool[] };
  const ex = (excludedJson ? JSON.parse(excludedJson) : {}) as ExcludedFile;
  return {
    version: tools.version ?? "0.0.0",
    tools: tools.tools,
    excluded: Object.fromEntries((ex.excluded ?? []).map((e) => [e.guard, e.reason])),
    omitted: ex.omitted ?? {},
  };
}

function gitShow(root: string, ref: string, file: string): string | null {
  try {
    return execFileSync("git", ["show", `${ref}:${file}`], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 28,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch {
    return null;
  }
}

/** The table committed at `ref`; throws with the ref named when git cannot read it. */
export function tableAtRef(root: string, ref: string): ToolTable {
  const tools = gitShow(root, ref, "generated/tools.json");
  if (tools === null) throw new Error(`schema:diff: cannot read generated/tools.json at git ref "${ref}"`);
  return tableFromTexts(tools, gitShow(root, ref, "generated/excluded.json"));
}

/** The table in the working tree's generated/ (run `npm run gen` first). */
export function tableInDir(generatedDir: string): ToolTable {
  const toolsFile = path.join(generatedDir, "tools.json");
  if (!existsSync(toolsFile)) throw new Error(`schema:diff: ${toolsFile} does not exist; run npm run gen`);
  const excludedFile = path.join(generatedDir, "excluded.json");
  return tableFromTexts(
    readFileSync(toolsFile, "utf8"),
    existsSync(excludedFile) ? readFileSync(excludedFile, "utf8") : null,
  );
}
