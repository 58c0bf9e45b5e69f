// The tool table of a commit that does not commit it (generated/tools.json is a build output): that
// commit's own compiler rebuilds it in a temporary git worktree, with node_modules linked from the
// working tree (so the dependencies are today's, the sources and the compiler the commit's). A rebuilt
// table is cached under node_modules/.cache by commit and package-lock.json, since a commit never changes.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TableTexts {
  readonly tools: string;
  readonly excluded: string | null;
}

const git = (root: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function cacheFile(root: string, commit: string): string | null {
  const modules = path.join(root, "node_modules");
  if (!existsSync(modules)) return null;
  const lock = path.join(root, "package-lock.json");
  const lockHash = createHash("sha256")
    .update(existsSync(lock) ? readFileSync(lock) : "")
    .digest("hex");
  return path.join(modules, ".cache", "fin-skills-schema-diff", `${commit}-${lockHash.slice(0, 16)}.json`);
}

/** Runs `npm run gen` of `commit` in a temporary worktree and returns its tools.json and excluded.json. */
function rebuild(root: string, commit: string, ref: string): TableTexts {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-schema-diff-ref-"));
  try {
    git(root, "worktree", "add", "--quiet", "--detach", dir, commit);
    symlinkSync(realpathSync(path.join(root, "node_modules")), path.join(dir, "node_modules"), "dir");
    const gen = spawnSync(process.execPath, ["--import", "tsx", "scripts/gen.ts"], { cwd: dir, encoding: "utf8" });
    const toolsFile = path.join(dir, "generated", "tools.json");
    if (gen.status !== 0 || !existsSync(toolsFile)) {
      const why = (gen.stderr ?? "").trim().split("\n").slice(-3).join("\n");
      throw new Error(
        `schema:diff: cannot rebuild the tool table of git ref "${ref}" (npm run gen failed there):\n${why}`,
      );
    }
    const excludedFile = path.join(dir, "generated", "excluded.json");
    return {
      tools: readFileSync(toolsFile, "utf8"),
      excluded: existsSync(excludedFile) ? readFileSync(excludedFile, "utf8") : null,
    };
  } finally {
    spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: root, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
    spawnSync("git", ["worktree", "prune"], { cwd: root, stdio: "ignore" });
  }
}

/** The table texts of `commit` rebuilt from its sources (or from the cache of an earlier rebuild). */
export function regeneratedTable(root: string, commit: string, ref: string): TableTexts {
  const cached = cacheFile(root, commit);
  if (cached && existsSync(cached)) {
    console.error(`schema:diff: the tool table of ${ref} is not committed; using the one rebuilt earlier (${cached})`);
    return JSON.parse(readFileSync(cached, "utf8")) as TableTexts;
  }
  console.error(`schema:diff: the tool table of ${ref} is not committed; rebuilding it from ${ref}'s sources`);
  const texts = rebuild(root, commit, ref);
  if (cached) {
    mkdirSync(path.dirname(cached), { recursive: true });
    writeFileSync(cached, JSON.stringify(texts));
  }
  return texts;
}
