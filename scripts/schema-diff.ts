// `npm run schema:diff -- <git-ref> [--format text|markdown|json] [--fail-on breaking|warning]`:
// the tool table at <ref> (committed there, or rebuilt from its sources) against the working tree's generated/.
// Exit 0: below the --fail-on level (or no --fail-on); 1: a change at that level; 2: usage or git error.
import path from "node:path";
import { parseArgs } from "node:util";
import { diffTables, reaches } from "./schema-diff/diff.js";
import { jsonReport } from "./schema-diff/report/json.js";
import { markdownReport } from "./schema-diff/report/markdown.js";
import { textReport } from "./schema-diff/report/text.js";
import { tableAtRef, tableInDir } from "./schema-diff/table.js";

const FORMATS = { text: textReport, markdown: markdownReport, json: jsonReport };
const USAGE = "usage: npm run schema:diff -- <git-ref> [--format text|markdown|json] [--fail-on breaking|warning]";

function main(): number {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: "string", default: "text" },
      "fail-on": { type: "string" },
      root: { type: "string", default: "." },
    },
  });
  const format = values.format as keyof typeof FORMATS;
  const failOn = values["fail-on"];
  if (positionals.length !== 1 || !(format in FORMATS) || (failOn && failOn !== "breaking" && failOn !== "warning")) {
    console.error(USAGE);
    return 2;
  }
  const root = path.resolve(values.root);
  const ref = positionals[0]!;
  const diff = diffTables(tableAtRef(root, ref), tableInDir(path.join(root, "generated")), ref);
  process.stdout.write(FORMATS[format](diff));
  return failOn && reaches(diff, failOn as "breaking" | "warning") ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 2;
}
