// The frozen generated artefacts, read once on first use. Each file's bytes are checked against
// the SHA-256 the compiler wrote into manifest.json (files_sha256); nothing else is derived at start-up.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalText, sha256Hex } from "./canonical.js";

import type { GuardEntry, Manifest, SkillEntry, SkillsFile, SlotsFile, ToolEntry } from "../contract/artefacts.js";

export type { Alternative, Manifest, ToolEntry } from "../contract/artefacts.js";
export type GuardInfo = GuardEntry;
export type SkillInfo = SkillEntry;
export type SlotsInfo = SlotsFile;

/** The package root: the nearest ancestor holding package.json and generated/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "generated", "manifest.json")))
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error("fin-skills: cannot find generated/ above the runtime; run npm run gen");
    dir = up;
  }
}

export function deepFreeze<T>(x: T): T {
  if (x && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

const INCONSISTENT = "generated/ is inconsistent (tools_sha256 mismatch); run npm run gen";

let manifestCache: Manifest | null = null;
function readManifest(): Manifest {
  manifestCache ??= JSON.parse(readFileSync(path.join(packageRoot(), "generated", "manifest.json"), "utf8"));
  return manifestCache as Manifest;
}

/**
 * Refuses a generated file whose bytes do not hash to the manifest's files_sha256 entry. The compiler
 * wrote both from one table, so equal bytes of tools.json also vouch for tools_sha256.
 */
export function verifyFileBytes(name: string, bytes: Uint8Array, manifest: Pick<Manifest, "files_sha256">): void {
  if (manifest.files_sha256?.[name] !== createHash("sha256").update(bytes).digest("hex"))
    throw new Error(INCONSISTENT.replace("tools_sha256", `${name} sha256`));
}

/** A generated JSON file (path under generated/, `/`-separated), refused unless its bytes match the manifest. */
export function readGenerated<T>(name: string): T {
  const bytes = readFileSync(path.join(packageRoot(), "generated", ...name.split("/")));
  verifyFileBytes(name, bytes, readManifest());
  return JSON.parse(bytes.toString("utf8")) as T;
}

/** Lowercase hex SHA-256 of the RFC 8785 canonical JSON of `x`. */
export function jcsSha256(x: unknown): string {
  return sha256Hex(canonicalText(x));
}

/** Refuses a table whose hash differs from the manifest's. */
export function verifyToolsHash(tools: unknown, manifest: Pick<Manifest, "tools_sha256">): void {
  if (jcsSha256(tools) !== manifest.tools_sha256) throw new Error(INCONSISTENT);
}

let cache: { tools: readonly ToolEntry[]; manifest: Manifest; version: string } | null = null;
let staleNote: string | null = null;

/** What `npm run build` stamped into dist/generated/build.json: the table it was built from. */
export interface BuildStamp {
  readonly tools_sha256: string;
  readonly tools: readonly string[];
}

/**
 * The tools a build can call, of the table `npm run gen` wrote: all of them when the build was made from
 * this table, else only those the build has (their validators and guard modules), with the note saying so.
 */
export function builtTools<T extends { name: string }>(
  tools: readonly T[],
  toolsSha256: string,
  stamp: BuildStamp,
): { served: T[]; note: string | null } {
  if (stamp.tools_sha256 === toolsSha256) return { served: [...tools], note: null };
  const built = new Set(stamp.tools);
  const missing = tools.filter((t) => !built.has(t.name)).map((t) => t.name);
  const note =
    "generated/ is newer than the build in dist/ (npm run gen ran after npm run build)" +
    (missing.length ? `; not served until then: ${missing.join(", ")}` : "") +
    "; run npm run build";
  return { served: tools.filter((t) => built.has(t.name)), note };
}

/** The tools the running code can call: a runtime under dist/ is limited to its build's (build.json). */
function servable(root: string, tools: ToolEntry[], manifest: Manifest): ToolEntry[] {
  staleNote = null;
  const here = fileURLToPath(import.meta.url);
  const stampFile = path.join(root, "dist", "generated", "build.json");
  if (!here.startsWith(path.join(root, "dist") + path.sep) || !existsSync(stampFile)) return tools;
  const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as BuildStamp;
  const { served, note } = builtTools(tools, manifest.tools_sha256, stamp);
  staleNote = note;
  return served;
}

/** Why some tools of generated/ are not served (gen ran after the build), or null. */
export function buildNote(): string | null {
  loadTable();
  return staleNote;
}

/** The neutral tool table and manifest, verified by the bytes of tools.json (refuses to serve on mismatch). */
export function loadTable() {
  if (cache) return cache;
  const manifest = readManifest();
  const tools = servable(packageRoot(), readGenerated<{ tools: ToolEntry[] }>("tools.json").tools, manifest);
  const pkg = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string };
  cache = { tools: deepFreeze(tools), manifest: deepFreeze(manifest), version: pkg.version };
  return cache;
}

let guardsCache: readonly GuardInfo[] | null = null;
export function loadGuards(): readonly GuardInfo[] {
  guardsCache ??= deepFreeze(readGenerated<{ guards: GuardInfo[] }>("guards.json").guards);
  return guardsCache;
}

let skillsCache: SkillsFile | null = null;
export function loadSkills(): SkillsFile {
  skillsCache ??= deepFreeze(readGenerated<SkillsFile>("skills.json"));
  return skillsCache;
}

let slotsCache: SlotsInfo | null = null;
export function loadSlots(): SlotsInfo {
  slotsCache ??= deepFreeze(readGenerated<SlotsInfo>("slots.json"));
  return slotsCache;
}

/** Forgets the cached artefacts (tests that tamper with generated/ copies use this). */
export function resetTableCache(): void {
  cache = null;
  manifestCache = null;
  guardsCache = null;
  skillsCache = null;
  slotsCache = null;
}
