// The native addon this clone already compiled (better-sqlite3, at `npm ci`), offered to the e2e suites'
// own installs (the README's fresh clone and outside folder, the packed tarball) as a local prebuild, so
// each install unpacks it instead of compiling SQLite again (about 80 s of one core each). CI's `npm ci`
// still compiles it from source; only the suites' repeat installs share the result.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./type_check.js";

const PACKAGE = "better-sqlite3";
const BINARY = "build/Release/better_sqlite3.node";

/** prebuild-install's name for a prebuild of this package on this Node ABI, platform and architecture. */
function prebuildName(version: string): string {
  return `${PACKAGE}-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
}

/**
 * Points prebuild-install, for installs under `installRoot`, at a folder holding this clone's compiled addon:
 * an rc file it finds upward from the package's folder, or in HOME for an install elsewhere (`npx -p` installs
 * under npm's cache) (an npm_config_* variable would make npm warn that it does not know the key, and an
 * rc-style variable name with a hyphen would not survive the install's sh).
 */
export function offerNativePrebuild(installRoot: string): void {
  const pkgDir = path.join(ROOT, "node_modules", PACKAGE);
  const version = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")).version as string;
  const dir = path.join(os.tmpdir(), `fin-skills-prebuilds-${process.getuid?.() ?? 0}`);
  const tarball = path.join(dir, prebuildName(version));
  if (!existsSync(tarball) && existsSync(path.join(pkgDir, BINARY))) {
    mkdirSync(dir, { recursive: true });
    const partial = `${tarball}.${process.pid}.partial`;
    execFileSync("tar", ["-czf", partial, "-C", pkgDir, BINARY]);
    renameSync(partial, tarball); // atomic: a concurrent suite sees no tarball or a whole one
  }
  writeFileSync(path.join(installRoot, ".prebuild-installrc"), `local-prebuilds=${dir}\n`);
}
