// The Node version gate the bin files, npm start and the build run first.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REQUIRED, supported } from "../../bin/check-node.cjs";
import { ensureBuilt, ROOT } from "../server/fixtures.js";

describe("the Node version gate", () => {
  it("accepts 20.19 and later, refuses earlier", () => {
    for (const v of ["20.19.0", "20.20.2", "21.0.0", "22.12.0", "24.1.0"]) expect(supported(v), v).toBe(true);
    for (const v of ["20.18.3", "18.20.4", "16.0.0", "12.22.12"]) expect(supported(v), v).toBe(false);
  });
  it("says the package is ESM-only and names the Node it needs", () => {
    expect(REQUIRED).toContain("ESM-only");
    expect(REQUIRED).toContain(">= 20.19");
  });
  it("runs before the compiled CLI in every bin file", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    for (const bin of Object.values<string>(pkg.bin)) {
      const text = readFileSync(path.join(ROOT, bin), "utf8");
      expect(text.indexOf("requireSupportedNode();"), bin).toBeGreaterThan(0);
      const load = text.search(/(import|require|require\.resolve)\("\.\.\/dist\//);
      expect(load, bin).toBeGreaterThan(0);
      expect(text.indexOf("requireSupportedNode();"), bin).toBeLessThan(load);
    }
  });
  it("npx fin-skills-mcp runs in the clone after the build (the bin files are executable)", () => {
    ensureBuilt();
    const out = execFileSync("npx", ["--no-install", "fin-skills-mcp", "--version"], { cwd: ROOT, encoding: "utf8" });
    expect(out.trim()).toContain(JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).version);
  });
});
