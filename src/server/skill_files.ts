// The skills/ folder as the Skills extension's storage adapter (list a folder, read a file), with
// synchronous reads: the catalogue is built once, at the first skills request, from a few dozen small
// files, where the SDK's promise-based adapter (open, stat, read, close per file) waits on the I/O
// thread pool each time.
// Same rules as that adapter: paths stay under the root, links are never followed ("unsupported").
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import path from "node:path";

export interface SkillFileEntry {
  name: string;
  kind: "file" | "directory" | "unsupported";
}

const kindOf = (e: Dirent): SkillFileEntry["kind"] =>
  e.isFile() ? "file" : e.isDirectory() ? "directory" : "unsupported";

/** The storage adapter over `root`: relative `/`-separated paths, `''` the root itself. */
export function syncSkillFiles(root: string) {
  const base = path.resolve(root);
  const within = (relative: string): string => {
    const full = path.resolve(base, ...relative.split("/").filter((s) => s !== ""));
    if (full !== base && !full.startsWith(`${base}${path.sep}`))
      throw new Error(`${relative} is outside the skills folder`);
    return full;
  };
  return {
    async list(dir: string): Promise<SkillFileEntry[]> {
      return readdirSync(within(dir), { withFileTypes: true }).map((e) => ({ name: e.name, kind: kindOf(e) }));
    },
    async read(relative: string): Promise<Uint8Array> {
      const fd = openSync(within(relative), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        if (!fstatSync(fd).isFile()) throw new Error(`${relative} is not a regular file`);
        const buffer = readFileSync(fd);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } finally {
        closeSync(fd);
      }
    },
  };
}
