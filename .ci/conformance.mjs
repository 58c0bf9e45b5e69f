// CI: the official MCP conformance suite (@modelcontextprotocol/conformance, pinned below) against
// `fin-skills-mcp --http`, once per requirement set: one run per file .ci/conformance/<set>.yaml, which lists
// that set's expected failures. The suite needs Node 22; its binary comes from npm (node-<platform>-<arch>),
// so the project's own engine and Node stay as they are. Exit 1 when a run fails: a check failing that its
// file does not list, or a listed one that now passes. Run from the repository root after the build.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SUITE = "@modelcontextprotocol/conformance@0.2.0-alpha.12";
const NODE22 = `node-${process.platform}-${process.arch}@22.23.3`;
const BASELINES = ".ci/conformance";
/** How long the server may take to say where it serves (a loaded CI machine; it starts in about a second). */
const START_LIMIT_MS = 120_000;

const work = mkdtempSync(path.join(tmpdir(), "fin-skills-conformance-"));
const say = (line) => console.log(`conformance: ${line}`);

/** Installs the suite and the Node 22 binary into the work folder (no install scripts: neither needs one). */
function install() {
  const args = ["install", "--prefix", work, "--no-save", "--no-audit", "--no-fund", "--ignore-scripts"];
  const r = spawnSync("npm", [...args, NODE22, SUITE], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`npm install ${NODE22} ${SUITE} failed (exit ${r.status})`);
}

/** Starts the built server over HTTP on a free port; resolves with its URL once it says it serves. */
function startServer() {
  const ledger = path.join(work, "ledger.sqlite");
  const args = ["bin/fin-skills-mcp.cjs", "--http", "--port", "0", "--ledger", ledger];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(
      () => reject(new Error(`no "serving" line in ${START_LIMIT_MS} ms:\n${err}`)),
      START_LIMIT_MS,
    );
    child.stderr.on("data", (d) => {
      err += d;
      const url = /serving .* at (http:\/\/\S+)/.exec(err)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before serving:\n${err}`)));
  });
}

/** One requirement set's run, its output shown as it comes; true when it passed. */
function runSet(set, url) {
  const node = path.join(work, "node_modules", ".bin", "node");
  const cli = path.join(work, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
  const baseline = path.join(BASELINES, `${set}.yaml`);
  const args = [cli, "server", "--url", url, "--requirements", set, "--expected-failures", baseline];
  say(`requirement set ${set}, expected failures in ${baseline}`);
  const r = spawnSync(node, [...args, "--output-dir", path.join(work, set)], { stdio: "inherit" });
  say(`requirement set ${set}: ${r.status === 0 ? "passed" : `FAILED (exit ${r.status})`}`);
  return r.status === 0;
}

let ok = false;
let server = null;
try {
  install();
  server = await startServer();
  const sets = readdirSync(BASELINES)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
  const results = sets.map((set) => runSet(set, server.url));
  ok = sets.length > 0 && results.every(Boolean);
} catch (e) {
  say(e instanceof Error ? e.message : String(e));
} finally {
  server?.child.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
