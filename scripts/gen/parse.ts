// Stage 1: the only stage that reads the disk. A ts-morph Project (the root's tsconfig options)
// over guards/*.ts, the slot table, the skills as text, and the package version.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Project, ts, type SourceFile } from "ts-morph";

export interface GenPaths {
  /** The project root: contract.ts is at src/contract/guard.ts below it. */
  readonly root: string;
  readonly guardsDir: string;
  readonly skillsDir: string;
  readonly outDir: string;
}

export interface GuardSource {
  readonly guard: string;
  readonly file: string;
  readonly sourceFile: SourceFile;
}

export interface SkillSource {
  readonly name: string;
  readonly text: string;
  readonly references: readonly { readonly name: string; readonly text: string }[];
}

export interface Sources {
  readonly paths: GenPaths;
  readonly project: Project;
  readonly contractFile: string;
  readonly version: string;
  readonly guards: readonly GuardSource[];
  readonly skills: readonly SkillSource[];
}

export function defaultPaths(root: string): GenPaths {
  return {
    root,
    guardsDir: path.join(root, "guards"),
    skillsDir: path.join(root, "skills"),
    outDir: path.join(root, "generated"),
  };
}

const rel = (root: string, p: string) => path.relative(root, p).split(path.sep).join("/");

/** Guard module names: `*.ts` files not starting with `_`, other than index.ts. */
export function guardFileNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.startsWith("_") && f !== "index.ts" && !f.endsWith(".d.ts"))
    .sort();
}

function readSkills(dir: string): SkillSource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "SKILL.md")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const refDir = path.join(dir, name, "references");
      const refs = existsSync(refDir)
        ? readdirSync(refDir)
            .filter((f) => f.endsWith(".md"))
            .sort()
        : [];
      return {
        name,
        text: readFileSync(path.join(dir, name, "SKILL.md"), "utf8").replace(/\r\n/g, "\n"),
        references: refs.map((r) => ({
          name: r,
          text: readFileSync(path.join(refDir, r), "utf8").replace(/\r\n/g, "\n"),
        })),
      };
    });
}

/** The root's tsconfig.json, or null when it has none. */
export function projectTsconfig(root: string): string | null {
  const file = path.join(root, "tsconfig.json");
  return existsSync(file) ? file : null;
}

/** The root's tsconfig.json options, strict and without emit: the mapping and the type-check gate share them. */
export function compilerOptions(root: string): ts.CompilerOptions {
  const file = projectTsconfig(root);
  const forced = { strict: true, skipLibCheck: true, noEmit: true };
  if (file === null) return forced;
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config ?? {}, ts.sys, root, undefined, file).options, ...forced };
}

const GLOBAL = /^\s*declare\s+global\s*\{/m;
const MODULE = /^\s*(import|export)\b/m;

/**
 * Ambient declarations a guard may use without importing them, as `tsc -p` sees them: the `.d.ts` files
 * beside the guards, and the tsconfig's files that `declare global` or are global declaration scripts.
 */
export function ambientFiles(paths: GenPaths): string[] {
  const beside = readdirSync(paths.guardsDir)
    .filter((f) => f.endsWith(".d.ts"))
    .map((f) => path.join(paths.guardsDir, f));
  const file = projectTsconfig(paths.root);
  if (file === null) return beside.sort();
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const listed = ts.parseJsonConfigFileContent(config ?? {}, ts.sys, paths.root, undefined, file).fileNames;
  const ambient = listed.filter((f) => {
    if (!/\.(d\.)?[cm]?ts$/.test(f) || f.includes(`${path.sep}node_modules${path.sep}`)) return false;
    const text = readFileSync(f, "utf8");
    return GLOBAL.test(text) || (f.endsWith(".d.ts") && !MODULE.test(text));
  });
  return [...new Set([...beside, ...ambient.map((f) => path.resolve(f))])].sort();
}

/** The files the compiler's program starts from: the guard modules (the slot table is imported, not read). */
export function rootNames(paths: GenPaths): string[] {
  return [...guardFileNames(paths.guardsDir).map((f) => path.join(paths.guardsDir, f)), ...ambientFiles(paths)];
}

/**
 * Parses the guards and everything they import. The mapping reads JSON-shaped input types only, so its
 * program leaves out the `types` packages (@types/node: 2.25 MB of declarations, about 0.6 s of a run);
 * the type-check gate checks with the project's own options.
 */
export function parseSources(paths: GenPaths, options: ts.CompilerOptions = compilerOptions(paths.root)): Sources {
  const project = new Project({ compilerOptions: { ...options, types: [] }, skipAddingFilesFromTsConfig: true });
  const guards = guardFileNames(paths.guardsDir).map((f) => {
    const full = path.join(paths.guardsDir, f);
    return { guard: f.slice(0, -3), file: rel(paths.root, full), sourceFile: project.addSourceFileAtPath(full) };
  });
  for (const f of ambientFiles(paths)) project.addSourceFileAtPath(f);
  project.resolveSourceFileDependencies();
  const pkg = JSON.parse(readFileSync(path.join(paths.root, "package.json"), "utf8")) as { version: string };
  return {
    paths,
    project,
    contractFile: path.resolve(paths.root, "src", "contract", "guard.ts"),
    version: pkg.version,
    guards,
    skills: readSkills(paths.skillsDir),
  };
}
