// typia (9.x) against this compiler on every fixture guard that states accepted and rejected values
// (values.json beside its guards/): each input's schema from both, judged by Ajv on those values.
// typia runs through its programmatic API (MetadataFactory + JsonSchemasProgrammer) on a plain
// TypeScript program: no compiler patch, no transform. Verdicts: correct, wrong (a misjudged value),
// refused (ours: a coded diagnostic) or error (typia: it reports it cannot).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { FIXTURES, genFixture } from "../../test/gen/helpers.js";
import { misjudged, judge, type Values } from "../../test/gen/schema_values.js";

export type Verdict = "correct" | "wrong" | "refused" | "error";

export interface Compared {
  readonly fixture: string;
  readonly tool: string;
  readonly input: string;
  readonly ours: Verdict;
  readonly typia: Verdict;
  readonly why: string;
}

type Wanted = Record<string, Record<string, Values>>;

const require = createRequire(import.meta.url);
const { MetadataFactory } = require("typia/lib/factories/MetadataFactory.js");
const { MetadataCollection } = require("typia/lib/factories/MetadataCollection.js");
const { JsonSchemasProgrammer } = require("typia/lib/programmers/json/JsonSchemasProgrammer.js");

/** Fixture folders (valid/ and invalid/) with a values.json. */
export function comparedFixtures(): string[] {
  return ["valid", "invalid"].flatMap((kind) =>
    readdirSync(path.join(FIXTURES, kind))
      .filter((c) => existsSync(path.join(FIXTURES, kind, c, "values.json")))
      .map((c) => path.join(kind, c))
      .sort(),
  );
}

/** The public signature of a guard's check(): the overload carrying the Inputs block, else the first. */
function checkSignature(sf: ts.SourceFile): ts.FunctionDeclaration | undefined {
  const all = sf.statements.filter(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === "check",
  );
  const overloads = all.filter((f) => !f.body);
  const pool = overloads.length ? overloads : all;
  return (
    pool.find((f) =>
      /\bInputs\b/.test(
        ts
          .getJSDocCommentsAndTags(f)
          .map((d) => d.getText())
          .join(""),
      ),
    ) ?? pool[0]
  );
}

/** typia's schema of each parameter of check(), or the error it reports. */
function typiaSchemas(program: ts.Program, file: string): Map<string, object | string> {
  const checker = program.getTypeChecker();
  const out = new Map<string, object | string>();
  const fn = checkSignature(program.getSourceFile(file)!);
  for (const p of fn?.parameters ?? []) {
    const name = p.name.getText();
    // The written type: an optional parameter's type without the undefined `?` adds, null kept.
    const type = p.type ? checker.getTypeFromTypeNode(p.type) : checker.getTypeAtLocation(p);
    out.set(name, typiaSchema(checker, type));
  }
  return out;
}

function typiaSchema(checker: ts.TypeChecker, type: ts.Type): object | string {
  try {
    const analyzed = MetadataFactory.analyze({
      checker,
      transformer: undefined,
      options: { absorb: true, constant: true, escape: true, validate: JsonSchemasProgrammer.validate },
      collection: new MetadataCollection({ replace: MetadataCollection.replace }),
      type,
    });
    if (!analyzed.success)
      return analyzed.errors.flatMap((e: { messages: string[] }) => e.messages).join("; ") || "rejected";
    const collection = JsonSchemasProgrammer.write({ version: "3.1", metadatas: [analyzed.data] });
    const defs = collection.components.schemas ?? {};
    const rewritten = JSON.parse(JSON.stringify(collection.schemas[0]).replaceAll("#/components/schemas/", "#/$defs/"));
    return { ...rewritten, $defs: JSON.parse(JSON.stringify(defs).replaceAll("#/components/schemas/", "#/$defs/")) };
  } catch (e) {
    return (e instanceof Error ? e.message : String(e)).split("\n")[0]!;
  }
}

function verdictOf(problems: readonly string[]): Verdict {
  return problems.length ? "wrong" : "correct";
}

/** Every input of every compared fixture, with both verdicts. */
export async function compareWithTypia(): Promise<Compared[]> {
  const rows: Compared[] = [];
  for (const fixture of comparedFixtures()) {
    const dir = path.join(FIXTURES, fixture);
    const wanted = JSON.parse(readFileSync(path.join(dir, "values.json"), "utf8")) as Wanted;
    const ours = await genFixture(path.join(dir, "guards"));
    const tools = ours.files ? JSON.parse(ours.files.get("tools.json")!).tools : [];
    const guardFiles = readdirSync(path.join(dir, "guards"))
      .filter((f) => f.endsWith(".ts") && !f.startsWith("_"))
      .map((f) => path.join(dir, "guards", f));
    const program = ts.createProgram(guardFiles, { strict: true, noEmit: true, skipLibCheck: true, types: [] });
    for (const [tool, inputs] of Object.entries(wanted)) {
      const file = path.join(dir, "guards", `${tool.replace(/^check_/, "")}.ts`);
      const theirs = typiaSchemas(program, file);
      const mine = tools.find((t: { name: string }) => t.name === tool);
      for (const [input, values] of Object.entries(inputs)) {
        const errors = ours.diagnostics.filter((d) => d.severity === "error");
        const refusal = errors.find((d) => d.file.endsWith(path.basename(file))) ?? errors[0];
        const oursProblems = mine ? misjudged(mine, input, values) : [];
        const t = theirs.get(input);
        const typiaProblems = typeof t === "object" ? judge(t, values, false) : [];
        rows.push({
          fixture,
          tool,
          input,
          ours: mine ? verdictOf(oursProblems) : "refused",
          typia: typeof t === "object" ? verdictOf(typiaProblems) : "error",
          why: [
            ...(mine
              ? oursProblems.map((p) => `ours ${p}`)
              : [`ours ${refusal ? refusalLabel(refusal, file) : "refused"}`]),
            ...(typeof t === "object" ? typiaProblems.map((p) => `typia ${p}`) : [`typia: ${t ?? "no parameter"}`]),
          ].join("; "),
        });
      }
    }
  }
  return rows;
}

/** The comparison as a Markdown table, one row per input. */
export function markdown(rows: readonly Compared[]): string {
  const count = (who: "ours" | "typia", v: Verdict) => rows.filter((r) => r[who] === v).length;
  const lines = [
    "| fixture | tool input | ours | typia | why |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) => `| ${r.fixture} | ${r.tool}.${r.input} | ${r.ours} | ${r.typia} | ${r.why.replaceAll("|", "\\|")} |`,
    ),
    "",
    `ours: ${count("ours", "correct")} correct, ${count("ours", "refused")} refused, ` +
      `${count("ours", "wrong")} wrong; ` +
      `typia: ${count("typia", "correct")} correct, ${count("typia", "error")} error, ` +
      `${count("typia", "wrong")} wrong.`,
  ];
  return `${lines.join("\n")}\n`;
}

/** A refusal's code, with its file when the diagnostic was raised in another file than the fixture's guard. */
function refusalLabel(refusal: { code: string; file: string }, file: string): string {
  return `${refusal.code}${refusal.file.endsWith(path.basename(file)) ? "" : ` (${refusal.file})`}`;
}
