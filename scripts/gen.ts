// The compiler's command line: `gen` writes generated/, `gen --check` compares it.
// `gen --derived` (npm ci's prepare) writes only the build outputs, leaving the committed files alone.
// Options for tests: --root DIR (project root), --guards DIR, --skills DIR, --out DIR.
// Without --out, gen also writes (and --check compares) docs/diagnostics.md.
// --skip-type-check leaves out the type-check gate: only the bench passes it, to time the gate.
// Notes (inputs left out of a tool, guards callable only in process) are listed with --verbose, else counted.
import path from "node:path";
import { parseArgs } from "node:util";
import { formatDiagnostic } from "./gen/diagnostics.js";
import { syncDiagnosticsDoc } from "./gen/docs.js";
import { defaultPaths } from "./gen/parse.js";
import { runGen } from "./gen/pipeline.js";
import { staleDiff } from "./gen/stale_diff.js";
import { COMMITTED, isCommitted } from "./gen/committed.js";
import { checkGenerated, writeGenerated } from "./gen/write.js";

/** `generated/x`, marked when x is a build output (gen:check covers both; only the committed ones are in git). */
const label = (rel: string) => `generated/${rel}${isCommitted(rel) ? "" : " (build output, not committed)"}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: "boolean" },
      derived: { type: "boolean" },
      root: { type: "string" },
      guards: { type: "string" },
      skills: { type: "string" },
      out: { type: "string" },
      "skip-type-check": { type: "boolean" },
      verbose: { type: "boolean" },
    },
  });
  const root = path.resolve(values.root ?? ".");
  const paths = {
    ...defaultPaths(root),
    ...(values.guards ? { guardsDir: path.resolve(values.guards) } : {}),
    ...(values.skills ? { skillsDir: path.resolve(values.skills) } : {}),
    ...(values.out ? { outDir: path.resolve(values.out) } : {}),
  };
  const result = await runGen(paths, { typeCheck: values["skip-type-check"] !== true });
  const shown = values.verbose ? result.diagnostics : result.diagnostics.filter((d) => d.severity !== "note");
  for (const d of shown) console.error(formatDiagnostic(d));
  const count = (s: string) => result.diagnostics.filter((d) => d.severity === s).length;
  if (result.diagnostics.some((d) => d.severity !== "note"))
    console.error(`gen: ${count("error")} error(s), ${count("warning")} warning(s), ${count("note")} note(s)`);
  else if (count("note") > 0 && !values.verbose)
    console.error(`gen: ${count("note")} notes, none of them a problem (npm run gen -- --verbose lists them)`);
  if (!result.files) return 1;
  const docsFile = path.join(root, "docs", "diagnostics.md");
  const docs = values.out ? "ok" : syncDiagnosticsDoc(docsFile, values.check === true);
  if (values.check) {
    const report = checkGenerated(paths.outDir, result.files);
    const problems = [
      ...report.stale.map((f) => `stale: ${label(f)}`),
      ...report.missing.map((f) => `missing: ${label(f)}`),
      ...report.orphaned.map((f) => `orphaned: ${label(f)}`),
      ...(docs === "stale" ? ["stale: docs/diagnostics.md"] : []),
    ];
    if (problems.length) {
      for (const p of problems) console.error(p);
      for (const f of report.stale) console.error(staleDiff(paths.outDir, f, result.files.get(f)!).join("\n"));
      console.error('run "npm run gen" to fix');
      return 1;
    }
    const committed = [...result.files.keys()].filter(isCommitted).length;
    console.log(
      `gen --check: ${result.files.size} files up to date ` +
        `(${committed} committed: ${COMMITTED.join(", ")}; ${result.files.size - committed} build outputs)`,
    );
    return 0;
  }
  writeGenerated(paths.outDir, result.files, values.derived === true);
  const written = values.derived ? [...result.files.keys()].filter((f) => !isCommitted(f)).length : result.files.size;
  const what = values.derived ? "build outputs (committed files left as they are)" : "files";
  console.log(`gen: wrote ${written} ${what} to ${path.relative(process.cwd(), paths.outDir) || "."}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    console.error(`scripts/gen.ts:1:1: error FS099: the compiler failed outside any guard: ${why}`);
    process.exit(2);
  },
);
