// The repository's own text files (what a reviewer reads), for tests that check the whole tree.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Never walked: installed, built or recorded output, and git's own files. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "coverage", ".git", "test-artifacts"]);
const TEXT = /\.(ts|mts|mjs|cjs|js|json|md|yml|yaml|sh|css|html|txt)$|^run$/;

/** Relative POSIX paths of every text file under the root, sorted. */
export function repoFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) walk(rel);
      } else if (TEXT.test(e.name) && e.name !== "package-lock.json") out.push(rel);
    }
  };
  walk("");
  return out.sort();
}

export const readRepoFile = (rel: string): string => readFileSync(path.join(ROOT, rel), "utf8");
