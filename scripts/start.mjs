// npm start: build what is missing (saying so: the first build takes a while) or older than any source
// it is built from, then run the worked example (src/cli demo) on the sample data.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { buildIsCurrent } from "./build_state.mjs";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

const built = "dist/src/cli/fin-skills.js";
if (!existsSync(built)) {
  console.log("First run: building fin-skills (TypeScript, the SDK and report bundles).");
  console.log("This takes up to a minute, once; later runs start at once.\n");
  run("npm", ["run", "-s", "build"]);
} else if (!buildIsCurrent(".", built)) {
  run("npm", ["run", "-s", "build"]);
}
run(process.execPath, [built, "demo"]);
