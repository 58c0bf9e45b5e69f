// npm start: build what is missing, then run the worked example (src/cli demo) on the sample data.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync("dist/src/cli/fin-skills.js")) run("npm", ["run", "-s", "build"]);
run(process.execPath, ["dist/src/cli/fin-skills.js", "demo"]);
