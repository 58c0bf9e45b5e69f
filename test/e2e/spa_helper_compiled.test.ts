import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, it } from "vitest";
import { helperTakesEveryBlock, type Modules } from "../guards/spa_helper_check.js";

describe("the SPA bootstrap's helper thread in the compiled package", () => {
  it("starts from its own files (dist/guards) and tallies the blocks the caller leaves", async () => {
    const at = (name: string) => import(pathToFileURL(path.resolve("dist/guards", `${name}.js`)).href);
    const [core, runSums, draws, helper] = await Promise.all(
      ["_spa_test_core", "_spa_test_run_sums", "_spa_test_draws", "_spa_test_helper"].map(at),
    );
    await helperTakesEveryBlock({ ...core, ...runSums, ...draws, ...helper } as Modules);
  });
});
