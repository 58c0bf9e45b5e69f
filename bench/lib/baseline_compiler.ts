// The schema compiler as issue 12 found it (the last commit before round 2 changed it), checked out
// in a temporary git worktree that shares this checkout's node_modules, so the bench can time
// `gen` then and now in one run. Null when the commit is not in this clone's history (a shallow clone).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./paths.js";

/** The last commit of round 1: `gen` as it was when the issue was filed. */
export const BASELINE_COMMIT = "d13b0da";

export interface BaselineCheckout {
  readonly dir: string;
  /** Removes the worktree. */
  readonly remove: () => void;
}

const git = (args: string[]) => execFileSync("git", args, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });

export function checkOutBaseline(): BaselineCheckout | null {
  try {
    git(["cat-file", "-e", `${BASELINE_COMMIT}^{commit}`]);
  } catch {
    return null;
  }
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "fs-bench-baseline-")), "repo");
  git(["worktree", "add", "--detach", dir, BASELINE_COMMIT]);
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return {
    dir,
    remove: () => {
      git(["worktree", "remove", "--force", dir]);
      rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}
