// parse -> extract -> model -> emit: the whole compiler as one pure-ish function of the paths.
import { CATALOGUE, CATALOGUE_NAMES } from "../../src/catalogue/tools.js";
import { SLOTS } from "../../src/catalogue/slots.js";
import { diag, sortDiagnostics, type Diagnostic } from "./diagnostics.js";
import { emitAll } from "./emit/index.js";
import { evidenceTypes } from "./emit/evidence.js";
import { checkEmitted } from "./emitted_check.js";
import { pascal } from "./emit/types.js";
import { extractGuard } from "./extract.js";
import { lintSchema } from "./lint.js";
import { ASCII, TOOL_NAME, modelGuard, type GuardModel, type SlotDef } from "./model.js";
import { compilerOptions, parseSources, projectTsconfig, rootNames, type GenPaths, type GuardSource } from "./parse.js";
import { startTypeCheck } from "./typecheck.js";
import { compactCuts } from "./compact_cuts.js";
import { crossCheckSkills, modelSkill, type SkillModel } from "./skills.js";

export interface GenResult {
  readonly diagnostics: readonly Diagnostic[];
  readonly files: ReadonlyMap<string, string> | null;
  readonly guards: readonly GuardModel[];
}

/** The catalogue's findings: it is a constant of this process, so it is linted once (64 ms) however often gen runs. */
let catalogueFindings: readonly Diagnostic[] | null = null;

function lintCatalogue(out: Diagnostic[]): void {
  catalogueFindings ??= catalogueDiagnostics();
  out.push(...catalogueFindings.map((d) => ({ ...d })));
}

function catalogueDiagnostics(): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of CATALOGUE) {
    const where = { guard: null, file: "src/catalogue/tools.ts", line: 1, path: t.name };
    if (!TOOL_NAME.test(t.name))
      out.push(diag("FS010", where, `tool name '${t.name}' does not match ${TOOL_NAME.source}`));
    if (!ASCII.test(t.description) || !ASCII.test(t.title))
      out.push(diag("FS014", where, `${t.name}: title or description is not ASCII`));
    for (const p of lintSchema(t.input_schema, "input"))
      out.push(diag("FS017", where, `input schema of ${t.name}: ${p}`));
    for (const p of lintSchema(t.output_schema, "output"))
      out.push(diag("FS017", where, `output schema of ${t.name}: ${p}`));
  }
  return out;
}

/** The curated slots in declaration order (their kinds are checked by the type of SLOTS). */
const readSlots = (): SlotDef[] => Object.entries(SLOTS).map(([slot, { kind, doc }]) => ({ slot, kind, doc }));

function checkCollisions(guards: readonly GuardModel[], out: Diagnostic[]): void {
  const seen = new Map<string, string>();
  const typeNames = new Map<string, string>();
  for (const g of guards) {
    const tool = `check_${g.guard}`;
    const prior = seen.get(tool);
    const where = { guard: g.guard, file: g.file, line: 1 };
    if (prior) out.push(diag("FS016", where, `tool name '${tool}' collides with guard '${prior}'`));
    seen.set(tool, g.guard);
    const typeName = `${pascal(tool)}Args`;
    const sameType = typeNames.get(typeName);
    if (sameType && sameType !== g.guard)
      out.push(
        diag(
          "FS032",
          where,
          `guards '${sameType}' and '${g.guard}' would both generate the type ${typeName}; rename one guard module`,
        ),
      );
    typeNames.set(typeName, g.guard);
  }
}

/** Runs one guard's stages; an unexpected failure becomes FS099 naming the guard file, never a stack trace. */
export function guarded<T>(g: GuardSource, out: Diagnostic[], run: () => T): T | null {
  try {
    return run();
  } catch (e) {
    const why = e instanceof Error ? e.message.split("\n")[0] : String(e);
    out.push(diag("FS099", { guard: g.guard, file: g.file, line: 1 }, `the compiler failed on this guard: ${why}`));
    return null;
  }
}

export interface GenOptions {
  /**
   * False skips the type-check gate: the bench, to time the gate against the rest, and tests that judge
   * only the schemas of sources another test already type-checks.
   */
  readonly typeCheck?: boolean;
  /**
   * False leaves validators.js and validators.d.ts out of the files: their Ajv compile and layout are
   * most of a run's time, and a caller that judges only the schemas does not read them.
   */
  readonly validators?: boolean;
}

export async function runGen(paths: GenPaths, opts: GenOptions = {}): Promise<GenResult> {
  const options = compilerOptions(paths.root);
  // Started first: the native check runs beside the whole mapping and emission.
  const gate =
    opts.typeCheck === false
      ? null
      : startTypeCheck({
          root: paths.root,
          rootNames: rootNames(paths),
          options,
          tsconfig: projectTsconfig(paths.root),
        });
  const sources = parseSources(paths, options);
  const diagnostics: Diagnostic[] = [];
  lintCatalogue(diagnostics);
  const slots = readSlots();
  const skills = sources.skills.map((s) => modelSkill(s, diagnostics)).filter((s): s is SkillModel => s !== null);
  const ctx = {
    skills: new Set(skills.map((s) => s.name)),
    slots: new Map(slots.map((s) => [s.slot, s])),
    catalogueNames: CATALOGUE_NAMES,
  };
  const guards = sources.guards
    .map((g) =>
      guarded(g, diagnostics, () =>
        modelGuard(extractGuard(g.sourceFile, g.guard, g.file, sources.contractFile, paths.root), ctx, diagnostics),
      ),
    )
    .filter((g): g is GuardModel => g !== null);
  checkCollisions(guards, diagnostics);
  const owners = new Map(guards.map((g) => [g.guard, { skill: g.skill, file: g.file }]));
  const unmodelled = new Set(sources.guards.map((g) => g.guard).filter((g) => !owners.has(g)));
  crossCheckSkills(skills, owners, diagnostics, unmodelled);
  const toolOf = new Map(guards.map((g) => [g.guard, g.tool]));
  const evidence = evidenceTypes(sources.guards, toolOf, (g, run) => guarded(g, diagnostics, run));
  const mapped = !diagnostics.some((d) => d.severity === "error");
  const files = mapped
    ? await emitAll({ version: sources.version, guards, slots, skills, evidence, validators: opts.validators })
    : null;
  if (files) diagnostics.push(...compactCuts(files, guards));
  const emitted = files && opts.typeCheck !== false ? checkEmitted(files, paths.root, guards) : Promise.resolve([]);
  if (gate) diagnostics.push(...(await gate.finish(sources.project)));
  diagnostics.push(...(await emitted));
  const sorted = sortDiagnostics(diagnostics);
  if (sorted.some((d) => d.severity === "error")) return { diagnostics: sorted, files: null, guards };
  return { diagnostics: sorted, files, guards };
}
