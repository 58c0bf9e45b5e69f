// Test access to the committed generated/ artefacts and the guard sources they derive from.
import { readFileSync } from "node:fs";
import path from "node:path";
import { guardFileNames } from "../../scripts/gen/parse.js";
import { ROOT } from "./helpers.js";
import { GUARDS } from "../../generated/dispatch.js";
import { LEDGER_ARGUMENTS } from "../../src/contract/artefacts.js";

export const GEN = path.join(ROOT, "generated");
export const readJson = <T = any>(rel: string): T => JSON.parse(readFileSync(path.join(GEN, rel), "utf8")) as T;

export interface ToolEntry {
  name: string;
  title: string;
  description: string;
  input_schema: any;
  output_schema: any;
  annotations: Record<string, boolean>;
  guard?: string;
  skill?: string;
  requires?: string[];
}

export const tools = (): ToolEntry[] => readJson<{ tools: ToolEntry[] }>("tools.json").tools;
export const guardsIndex = (): any[] => readJson<{ guards: any[] }>("guards.json").guards;
export const manifest = () => readJson("manifest.json");
/** Guard module names found on disk: the source every count derives from. */
export const guardModules = (): string[] => guardFileNames(path.join(ROOT, "guards")).map((f) => f.slice(0, -3));
export const EXPECTED_EXCLUDED = ["assert_causal", "fold_leak_test", "result_manifest", "warmup_probe"];

/** The ledger arguments a guard's tool takes besides its inputs: those of a guard that records or reads trials. */
export const ledgerArguments = (guard: string): string[] => {
  const e = GUARDS[guard];
  return e && (e.trials?.length || e.ledger) ? [...LEDGER_ARGUMENTS] : [];
};
