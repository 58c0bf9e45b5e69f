// The frozen generated artefacts, read once on first use. Each file's bytes are checked against
// the SHA-256 the compiler wrote into manifest.json (files_sha256); nothing else is derived at start-up.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalText, sha256Hex } from "./canonical.js";

export interface ToolEntry {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input_schema: Readonly<Record<string, unknown>>;
  readonly output_schema: Readonly<Record<string, unknown>>;
  readonly annotations: Readonly<Record<string, boolean>>;
  readonly guard?: string;
  readonly skill?: string;
  readonly requires?: readonly string[];
}

export type Alternative = string | readonly string[];

export interface GuardInfo {
  readonly guard: string;
  readonly skill: string;
  readonly title: string;
  readonly summary: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly alternatives: readonly (readonly Alternative[])[];
  readonly requires: readonly string[];
  readonly inputs: Readonly<Record<string, string>>;
  readonly kinds: Readonly<Record<string, "series" | "frame" | "other">>;
  readonly slots: Readonly<Record<string, string>>;
  readonly input_slots: Readonly<Record<string, string>>;
  readonly async: boolean;
  readonly tool: string | null;
  readonly excluded_because: string | null;
  readonly blockers: Readonly<Record<string, string>> | null;
  readonly omitted: Readonly<Record<string, string>> | null;
}

export interface SkillInfo {
  readonly name: string;
  readonly plugin: string;
  readonly summary: string;
  readonly description: string;
  readonly scripts: readonly string[];
  readonly references: readonly string[];
  readonly verified_on: string | null;
  readonly guards: readonly string[];
  readonly text: string;
  readonly reference_texts: Readonly<Record<string, string>>;
}

export interface SlotsInfo {
  readonly curated: readonly { readonly slot: string; readonly kind: string; readonly doc: string }[];
  readonly parameters: readonly string[];
  readonly guards: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface Manifest {
  readonly version: string;
  /** The tool table's identity: SHA-256 of the RFC 8785 canonical JSON of tools.json's `tools`. */
  readonly tools_sha256: string;
  /** SHA-256 of the exact bytes of each generated file the runtime reads. */
  readonly files_sha256: Readonly<Record<string, string>>;
  readonly counts: Readonly<Record<string, number>>;
  readonly excluded: readonly string[];
}

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

/** The neutral tool table and manifest, verified by the bytes of tools.json (refuses to serve on mismatch). */
export function loadTable() {
  if (cache) return cache;
  const tools = readGenerated<{ tools: ToolEntry[] }>("tools.json").tools;
  const manifest = readManifest();
  const pkg = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string };
  cache = { tools: deepFreeze(tools), manifest: deepFreeze(manifest), version: pkg.version };
  return cache;
}

let guardsCache: readonly GuardInfo[] | null = null;
export function loadGuards(): readonly GuardInfo[] {
  guardsCache ??= deepFreeze(readGenerated<{ guards: GuardInfo[] }>("guards.json").guards);
  return guardsCache;
}

let skillsCache: { skills: readonly SkillInfo[]; search: unknown } | null = null;
export function loadSkills(): { skills: readonly SkillInfo[]; search: unknown } {
  skillsCache ??= deepFreeze(readGenerated<{ skills: SkillInfo[]; search: unknown }>("skills.json"));
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
