// npm start: build what is missing (saying so: the first build takes a while), then run the worked
// example (src/cli demo) on the sample data.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync("dist/src/cli/fin-skills.js")) {
  console.log("First run: building fin-skills (TypeScript, the SDK and report bundles).");
  console.log("This takes up to a minute, once; later runs start at once.\n");
  run("npm", ["run", "-s", "build"]);
}
run(process.execPath, ["dist/src/cli/fin-skills.js", "demo"]);
