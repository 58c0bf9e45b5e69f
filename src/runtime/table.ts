// The frozen generated artefacts, read once on first use. Nothing is derived at start-up
// beyond the tools_sha256 integrity check.
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

function readGenerated<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(packageRoot(), "generated", name), "utf8")) as T;
}

/** Lowercase hex SHA-256 of the RFC 8785 canonical JSON of `x`. */
export function jcsSha256(x: unknown): string {
  return sha256Hex(canonicalText(x));
}

/** Refuses a table whose hash differs from the manifest's. */
export function verifyToolsHash(tools: unknown, manifest: Pick<Manifest, "tools_sha256">): void {
  if (jcsSha256(tools) !== manifest.tools_sha256)
    throw new Error("generated/ is inconsistent (tools_sha256 mismatch); run npm run gen");
}

let cache: { tools: readonly ToolEntry[]; manifest: Manifest; version: string } | null = null;

/** The neutral tool table and manifest, verified by tools_sha256 (refuses to serve on mismatch). */
export function loadTable() {
  if (cache) return cache;
  const tools = readGenerated<{ tools: ToolEntry[] }>("tools.json").tools;
  const manifest = readGenerated<Manifest>("manifest.json");
  verifyToolsHash(tools, manifest);
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
  guardsCache = null;
  skillsCache = null;
  slotsCache = null;
}
