// Where a file reference may be read from: the allowed roots, and the checks that refuse a path
// before anything opens it (no `..`, no NUL, no percent escapes, inside a root after symlinks,
// a regular file, at most MAX_FILE_BYTES).
import { type FileHandle, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { invalid } from "../../contract/guard.js";
import { showValue } from "../codec/text.js";

/** Per-file byte cap: 256 MiB. A larger file is refused before it is opened. */
export const MAX_FILE_BYTES = 268_435_456;

/**
 * The allowed directories (paths or file:// URIs), or a function that fetches them when a reference
 * needs them (MCP roots); it may answer `{off}` to refuse references with that text.
 */
export type DataDirs = readonly string[] | (() => Promise<readonly string[] | { readonly off: string }>);

/** What a call may read: `dirs`, or nothing, with `off` saying how to enable references. */
export interface FileAccess {
  readonly dirs?: DataDirs;
  readonly off?: string;
}

export const OFF_IN_PROCESS =
  "file references are off: pass dataDirs (a list of directories) in the call options to allow reading files";

/** A root as given: a path or a `file://` URI (MCP roots), made absolute. */
export function rootPath(root: string): string {
  return path.resolve(root.startsWith("file:") ? fileURLToPath(root) : root);
}

async function allowedDirs(field: string, access: FileAccess): Promise<string[]> {
  const got = typeof access.dirs === "function" ? await access.dirs() : (access.dirs ?? []);
  if ("off" in got) throw invalid(field, got.off);
  const listed = got as readonly string[];
  if (listed.length === 0) throw invalid(field, access.off ?? OFF_IN_PROCESS);
  const out: string[] = [];
  for (const d of listed) {
    try {
      out.push(await realpath(rootPath(d)));
    } catch {
      // a root that does not exist allows nothing
    }
  }
  if (out.length === 0) throw invalid(field, `none of the allowed directories exists: ${showValue(listed)}`);
  return out;
}

/** Why a path text is refused before any lookup, or null. */
function textRefusal(p: string): string | null {
  if (p === "") return "is empty; give a path relative to an allowed directory";
  if (p.includes("\0")) return "contains a NUL byte";
  if (/%[0-9a-f]{2}/i.test(p)) return "contains a percent escape (%XX); give the plain path, not a URL-encoded one";
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(p)) return "is a URL; give a path relative to an allowed directory";
  if (p.split(/[\\/]+/).includes("..")) return "contains a '..' segment; paths may not climb out of a directory";
  return null;
}

const inside = (dir: string, p: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

export interface Located {
  /** The path as resolved (symlinks followed). */
  readonly real: string;
  readonly bytes: number;
}

/**
 * Resolves `file` (relative to the first allowed directory that has it, or absolute inside one)
 * and checks it without opening it. Every refusal names `field` (the reference's `file` key).
 */
export async function locate(field: string, file: unknown, access: FileAccess): Promise<Located> {
  if (typeof file !== "string") throw invalid(field, `must be a path string, got ${showValue(file)}`);
  const why = textRefusal(file);
  if (why !== null) throw invalid(field, `${showValue(file)} ${why}`);
  const dirs = await allowedDirs(field, access);
  const candidates = path.isAbsolute(file) ? [path.resolve(file)] : dirs.map((d) => path.resolve(d, file));
  if (path.isAbsolute(file) && !dirs.some((d) => inside(d, candidates[0]!))) {
    // an absolute path may name a root through a symlink; judge it by its real path
    const real = await realpath(candidates[0]!).catch(() => null);
    if (real === null || !dirs.some((d) => inside(d, real)))
      throw invalid(field, `${showValue(file)} is outside the allowed directories ${showValue(dirs)}`);
  }
  for (const c of candidates) {
    const real = await realpath(c).catch(() => null);
    if (real === null) continue;
    if (!dirs.some((d) => inside(d, real)))
      throw invalid(field, `${showValue(file)} resolves (through a symlink) outside the allowed directories`);
    const st = await stat(real).catch(() => null);
    if (st === null) continue; // removed between realpath and stat: as if it was never there
    if (!st.isFile())
      throw invalid(
        field,
        `${showValue(file)} is not a regular file (${st.isDirectory() ? "a directory" : "a device, FIFO or socket"})`,
      );
    if (st.size > MAX_FILE_BYTES)
      throw invalid(field, `${showValue(file)} is ${st.size} bytes; the per-file limit is ${MAX_FILE_BYTES} (256 MiB)`);
    return { real, bytes: st.size };
  }
  throw invalid(field, `no file ${showValue(file)} under the allowed directories ${showValue(dirs)}`);
}

/**
 * Checks that an open handle is the file `real` names: a path component swapped for a symlink between
 * locate() and the open would have opened another file (outside the allowed directories). Linux names
 * the opened file in /proc/self/fd; elsewhere the handle's inode is compared with the path's.
 */
export async function requireSameFile(fh: FileHandle, real: string, field: string, file: string): Promise<void> {
  const opened = await readlink(`/proc/self/fd/${fh.fd}`).catch(() => null);
  const same =
    opened !== null
      ? opened === real
      : await Promise.all([fh.stat(), stat(real)]).then(([a, b]) => a.ino === b.ino && a.dev === b.dev);
  if (!same)
    throw invalid(
      field,
      `${showValue(file)} changed while being opened (a directory or file on its path was replaced); nothing was read`,
    );
}
