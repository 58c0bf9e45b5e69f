// The tool table a diff compares: tools.json plus excluded.json, read from a git ref or a directory.
// A ref that commits them is read with git show; a ref that does not (they are build outputs since
// the review surface became the only committed part of generated/) is rebuilt from its sources.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { regeneratedTable } from "./regenerate.js";

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

/** The commit `ref` names; throws with the ref named when git cannot resolve it. */
function commitOf(root: string, ref: string): string {
  const r = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`schema:diff: git ref "${ref}" does not name a commit in ${root}`);
  return r.stdout.trim();
}

/** The table at `ref`: committed there, or rebuilt by that commit's compiler; throws with the ref named. */
export function tableAtRef(root: string, ref: string): ToolTable {
  const commit = commitOf(root, ref);
  const tools = gitShow(root, commit, "generated/tools.json");
  if (tools !== null) return tableFromTexts(tools, gitShow(root, commit, "generated/excluded.json"));
  const rebuilt = regeneratedTable(root, commit, ref);
  return tableFromTexts(rebuilt.tools, rebuilt.excluded);
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
