// Unified-diff size under generated/ for the four typical guard edits: each is applied to
// guards/cost_curve.ts in a temporary clone of HEAD, gen runs there, and `git diff` is measured.
// Only committed files count: build outputs under generated/ are git-ignored, so `git diff` leaves them out.
// Standalone: `npx tsx bench/cases/diff_sizes.ts [commit]` prints the table with a per-file breakdown,
// measured at HEAD or at the given commit (to compare a layout before and after in one run).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../lib/paths.js";
import type { Row } from "../report.js";
import { COST_CURVE_EDITS } from "./diff_sizes_edits.js";

const TARGETS: Record<string, number> = { "tighten a description": 30_000, "add an optional input": 60_000 };
const GUARD = "guards/cost_curve.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });

/** Bytes of unified diff per changed file under generated/, from one `git diff`. */
export function diffBytesPerFile(patch: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const chunk of patch.split(/^(?=diff --git )/m).filter((c) => c.startsWith("diff --git "))) {
    const file = /^diff --git a\/(\S+)/.exec(chunk)![1]!;
    sizes.set(file, Buffer.byteLength(chunk));
  }
  return sizes;
}

export interface EditMeasure {
  readonly edit: string;
  readonly total: number;
  readonly files: Map<string, number>;
  readonly longestLine: number;
  /** Added plus removed lines of the API report, the file a reviewer reads. */
  readonly apiReportLines: number;
}

const API_REPORT = "generated/tools.api.md";

/** Added and removed lines (not the +++/--- headers) of one file's part of a patch. */
function changedLines(patch: string, file: string): number {
  const chunk = patch.split(/^(?=diff --git )/m).find((c) => c.startsWith(`diff --git a/${file} `)) ?? "";
  return chunk.split("\n").filter((l) => /^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l)).length;
}

function measureEdit(clone: string, edit: (typeof COST_CURVE_EDITS)[number]): EditMeasure {
  const file = path.join(clone, GUARD);
  writeFileSync(file, edit.apply(readFileSync(file, "utf8")));
  execFileSync(process.execPath, ["--import", "tsx", "scripts/gen.ts"], { cwd: clone, stdio: "pipe" });
  const patch = git(clone, "diff", "--no-color", "--no-ext-diff", "--", "generated/");
  const files = diffBytesPerFile(patch);
  const longestLine = Math.max(0, ...patch.split("\n").map((l) => l.length));
  git(clone, "checkout", "--quiet", "--", ".");
  git(clone, "clean", "--quiet", "-fd", "--", "generated/");
  const apiReportLines = changedLines(patch, API_REPORT);
  return { edit: edit.name, total: Buffer.byteLength(patch), files, longestLine, apiReportLines };
}

/** Measures every edit against a commit of the repository, HEAD by default (commit first to measure a change). */
export function measureDiffSizes(ref = "HEAD"): EditMeasure[] {
  const clone = mkdtempSync(path.join(os.tmpdir(), "fin-skills-diff-sizes-"));
  try {
    git(os.tmpdir(), "clone", "--quiet", "--shared", "--no-checkout", ROOT, clone);
    git(clone, "checkout", "--quiet", "--detach", git(ROOT, "rev-parse", ref).trim());
    symlinkSync(path.join(ROOT, "node_modules"), path.join(clone, "node_modules"), "dir");
    return COST_CURVE_EDITS.map((e) => measureEdit(clone, e));
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

export async function diffSizes(ref = "HEAD"): Promise<Row[]> {
  return measureDiffSizes(ref).map((m) => ({
    case: "8 generated diff",
    label: `${m.edit} (${m.files.size} files)`,
    unit: "chars",
    value: m.total,
    ...(TARGETS[m.edit] ? { target: TARGETS[m.edit] } : {}),
    note: `longest diff line ${m.longestLine}; ${m.apiReportLines} changed lines in tools.api.md; ${[...m.files]
      .sort((a, b) => b[1] - a[1])
      .map(([f, n]) => `${f.replace(/^generated\//, "")} ${n}`)
      .join(", ")}`,
  }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { table } = await import("../report.js");
  console.log(table(await diffSizes(process.argv[2])));
}
