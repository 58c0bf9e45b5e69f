// Stage 5: write the map into generated/ (atomically, via a temporary directory and a rename)
// or compare it with generated/ and list every stale, missing and orphaned file.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isCommitted } from "./committed.js";

function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? listFiles(path.join(dir, d.name), `${prefix}${d.name}/`) : [`${prefix}${d.name}`],
  );
}

/**
 * Replaces outDir with the map. `derivedOnly` (npm ci's prepare) writes only the build outputs and keeps
 * every other file on disk as it is, so the committed files stay what git checked out and gen:check
 * still compares them with the sources.
 */
export function writeGenerated(outDir: string, files: ReadonlyMap<string, string>, derivedOnly = false): void {
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  if (derivedOnly)
    for (const rel of listFiles(outDir).filter((f) => isCommitted(f) || !files.has(f))) {
      mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      copyFileSync(path.join(outDir, rel), path.join(tmp, rel));
    }
  for (const [rel, content] of files) {
    if (derivedOnly && isCommitted(rel)) continue;
    const full = path.join(tmp, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(tmp, outDir);
  rmSync(old, { recursive: true, force: true });
}

export interface CheckReport {
  readonly stale: string[];
  readonly missing: string[];
  readonly orphaned: string[];
}

export function checkGenerated(outDir: string, files: ReadonlyMap<string, string>): CheckReport {
  const onDisk = new Set(listFiles(outDir));
  const report: CheckReport = { stale: [], missing: [], orphaned: [] };
  for (const [rel, content] of files) {
    if (!onDisk.has(rel)) report.missing.push(rel);
    else if (readFileSync(path.join(outDir, rel), "utf8") !== content) report.stale.push(rel);
  }
  for (const rel of [...onDisk].sort()) if (!files.has(rel)) report.orphaned.push(rel);
  return report;
}
