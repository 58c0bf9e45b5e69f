// The one-file server: the command line, runtime, server and SDK bundled into dist/bundle/mcp-server.cjs
// (scripts/bundle-server.mjs), compiled with a V8 code cache kept beside it. Start-up then reads two
// files instead of resolving, reading and compiling some 150 modules. CommonJS, as is the command line
// that runs it: the one-file start never sets up Node's ES module loader.
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { sdkPresent } from "./sdk_presence.cjs";

export const ONE_FILE = path.join(__dirname, "..", "..", "bundle", "mcp-server.cjs");
/** The code cache: 32 bytes of key (the bundle's text and path, Node's version and arch), then V8's data. */
export const CODE_CACHE = `${ONE_FILE}.v8cache`;

function cacheKey(bytes: Buffer): Buffer {
  // The path: V8 keeps the compiling script's file name in cached code (stack traces of a moved package).
  return createHash("sha256").update(bytes).update(`\0${ONE_FILE}\0${process.version}\0${process.arch}`).digest();
}

/** V8's data for this exact source, or undefined (none yet, or written for another bundle or Node). */
function readCache(key: Buffer): Buffer | undefined {
  try {
    const bytes = readFileSync(CODE_CACHE);
    return bytes.subarray(0, key.length).equals(key) ? bytes.subarray(key.length) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the cache atomically; a read-only install just keeps compiling at each start. */
function writeCache(key: Buffer, script: vm.Script): void {
  const tmp = `${CODE_CACHE}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([key, script.createCachedData()]));
    renameSync(tmp, CODE_CACHE);
  } catch {
    // not writable: nothing to do
  }
}

/**
 * Runs the one-file server when it was built and the SDK is installed (true), else returns false and
 * the caller imports the modules. Without a usable cache, one is written when the process exits, so it
 * holds every function the run compiled (the build runs one start to write it).
 */
export function runOneFile(): boolean {
  if (!existsSync(ONE_FILE) || !sdkPresent()) return false;
  const bytes = readFileSync(ONE_FILE);
  const key = cacheKey(bytes);
  // The build writes ASCII only, which reads fastest as Latin-1 (the same text).
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const cachedData = readCache(key);
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: ONE_FILE,
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachedData === undefined || script.cachedDataRejected) process.once("exit", () => writeCache(key, script));
  const module = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(ONE_FILE), module, ONE_FILE, path.dirname(ONE_FILE));
  return true;
}
