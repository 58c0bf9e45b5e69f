// npm start: build what is missing (saying so: the first build takes a while) or older than any source
// it is built from, then run the worked example (src/cli demo) on the sample data.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** Newest modification time (ms) of the files under `dir`, 0 when it does not exist. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = "dist/src/cli/fin-skills.js";
if (!existsSync(built)) {
  console.log("First run: building fin-skills (TypeScript, the SDK and report bundles).");
  console.log("This takes up to a minute, once; later runs start at once.\n");
  run("npm", ["run", "-s", "build"]);
} else if (statSync(built).mtimeMs < Math.max(newest("src"), newest("generated"), statSync("package.json").mtimeMs)) {
  run("npm", ["run", "-s", "build"]);
}
run(process.execPath, ["dist/src/cli/fin-skills.js", "demo"]);
