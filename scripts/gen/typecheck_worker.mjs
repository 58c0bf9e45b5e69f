// The type-check gate's worker thread: its own TypeScript program over the guard files, checked while
// the main thread maps the guards. Plain JavaScript so it starts the same under tsx, vitest and node.
// It uses the project's own `typescript` (the one `npm run typecheck` runs), with its lib files.
// Input (workerData): rootNames, options, root. Output: one message { problems, checked }.
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import ts from "typescript";

const { rootNames, options, root } = workerData;
const inside = (f) => {
  const p = path.resolve(f);
  return p.startsWith(root + path.sep) && !p.includes(`${path.sep}node_modules${path.sep}`);
};

function problem(d, kind) {
  const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
  return {
    kind,
    file: d.file ? path.resolve(d.file.fileName) : null,
    line: pos ? pos.line + 1 : 1,
    column: pos ? pos.character + 1 : 1,
    text: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " ")}`,
  };
}

const program = ts.createProgram({ rootNames, options });
const problems = [];
const checked = [];
for (const sf of program.getSourceFiles()) {
  if (sf.isDeclarationFile || !inside(sf.fileName)) continue;
  checked.push({ file: path.resolve(sf.fileName), text: sf.text });
  const syntax = program.getSyntacticDiagnostics(sf);
  for (const d of syntax) problems.push(problem(d, "syntax"));
  if (syntax.length) continue;
  for (const d of program.getSemanticDiagnostics(sf))
    if (d.category === ts.DiagnosticCategory.Error) problems.push(problem(d, "type"));
}
parentPort.postMessage({ problems, checked });
