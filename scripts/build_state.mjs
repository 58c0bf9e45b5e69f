// Whether dist/ is current: its entry file exists and its newest file is no older than the newest source
// it is built from (src/, guards/, generated/, package.json). Its age is its newest file, not the entry's:
// an incremental tsc leaves unchanged outputs as they were, and the build's last steps rewrite theirs.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const BUILT_FROM = ["src", "guards", "generated", "package.json"];

/** Newest modification time (ms) of the script and data files at `p` (a file or a folder), 0 when missing. */
function newest(p) {
  const stat = statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(p, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.(ts|js|mjs|cjs|json)$/.test(d.name))
    .reduce((m, d) => Math.max(m, statSync(path.join(d.parentPath, d.name)).mtimeMs), 0);
}

/** True when `root`'s dist/ holds `entry` (a path under root) and nothing it is built from is newer. */
export function buildIsCurrent(root, entry) {
  if (!existsSync(path.join(root, entry))) return false;
  const sources = Math.max(...BUILT_FROM.map((p) => newest(path.join(root, p))));
  return newest(path.join(root, "dist")) >= sources;
}
