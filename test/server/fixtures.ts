// Shared MCP test fixtures: payloads and an Ajv 2020 output check.
import { Ajv2020 } from "ajv/dist/2020.js";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { buildIsCurrent } from "../../scripts/build_state.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_JS = path.join(ROOT, "dist/src/cli/fin-skills-mcp.cjs");
export const CLI_JS = path.join(ROOT, "dist/src/cli/fin-skills.js");

export const rf200 = { returns: Array.from({ length: 200 }, (_, i) => Math.sin(i) * 0.01 + 0.001), rf: 0.05 };
export const costFail = {
  returns: Array.from({ length: 200 }, (_, i) => (i % 2 ? -0.0099 : 0.01)),
  turnover: 2.0,
  cost_bps: 10,
};

/** A long spa_test call: n observations x k models, reps bootstrap replications. */
export function spaArgs(n = 2520, k = 60, reps = 3000): Record<string, unknown> {
  let s = 1;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5) * 0.02;
  const bench = Array.from({ length: n }, rnd);
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  const data = Array.from({ length: n }, () => columns.map(rnd));
  return { benchmark_returns: bench, model_returns: { columns, data }, reps, block_size: 5 };
}

/** Validates structuredContent against the tool's outputSchema with a 2020-12 validator. */
export function conforms(outputSchema: object, value: unknown): boolean {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateFormats: false });
  return ajv.compile(outputSchema)(value) as boolean;
}

/** Compiles dist/ when it is missing or older than the sources (the shipped binaries run compiled JS). */
export function ensureBuilt(): void {
  if (buildIsCurrent(ROOT, path.relative(ROOT, SERVER_JS))) return;
  execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
}
