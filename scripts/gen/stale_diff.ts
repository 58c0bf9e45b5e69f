// The first lines of a unified diff between a generated file on disk and what gen would write,
// for `gen --check`. Uses `git diff --no-index`; without git, one hunk spanning the changed lines.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const STALE_DIFF_LINES = 20;

function gitHunks(committedFile: string, expected: string): string[] | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-gen-check-"));
  try {
    const fresh = path.join(dir, "fresh");
    writeFileSync(fresh, expected);
    const r = spawnSync("git", ["diff", "--no-index", "--no-color", "--no-ext-diff", "-U2", committedFile, fresh], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    if (r.status !== 1 || !r.stdout) return null;
    const lines = r.stdout.split("\n");
    return lines.slice(lines.findIndex((l) => l.startsWith("@@")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One hunk from the first to the last differing line (no git needed; not minimal). */
export function spanHunk(a: string[], b: string[]): string[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1];
  const header = `@@ -${start + 1},${endA - start} +${start + 1},${endB - start} @@`;
  return [header, ...a.slice(start, endA).map((l) => `-${l}`), ...b.slice(start, endB).map((l) => `+${l}`)];
}

/**
 * The diff of `rel` (on disk in outDir) against `expected`, cut to `maxLines` lines (and each line to 200
 * characters).
 */
export function staleDiff(outDir: string, rel: string, expected: string, maxLines = STALE_DIFF_LINES): string[] {
  const file = path.join(outDir, rel);
  const hunks = gitHunks(file, expected) ?? spanHunk(readFileSync(file, "utf8").split("\n"), expected.split("\n"));
  const body = hunks.filter((l, i) => l !== "" || i < hunks.length - 1);
  const shown = body.slice(0, maxLines).map((l) => (l.length > 200 ? `${l.slice(0, 197)}...` : l));
  const more = body.length - shown.length;
  return [
    `--- generated/${rel} (on disk)`,
    `+++ generated/${rel} (npm run gen)`,
    ...shown,
    ...(more > 0 ? [`... ${more} more diff lines`] : []),
  ];
}
