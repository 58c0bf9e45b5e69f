// The README's client compatibility table names the client versions the matrix tests actually run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../server/fixtures.js";

const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const installed = (pkg: string) =>
  JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")).version as string;
const devDeps = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).devDependencies;

/** The table row whose client cell contains `name`, split into cells. */
function row(name: string): string[] {
  const line = readme.split("\n").find((l) => l.startsWith("|") && l.split("|")[1]!.includes(name));
  expect(line, name).toBeDefined();
  return line!.split("|").map((c) => c.trim());
}

describe("README compatibility table", () => {
  it.each([
    ["MCP Inspector CLI", "@modelcontextprotocol/inspector"],
    ["@ai-sdk/mcp", "@ai-sdk/mcp"],
    ["@langchain/mcp-adapters", "@langchain/mcp-adapters"],
    ["`mcp-use`", "mcp-use"],
  ])("%s row shows the installed, pinned version", (name, pkg) => {
    expect(row(name)[2]).toBe(installed(pkg));
    expect(devDeps[pkg]).toBe(installed(pkg));
  });
});
