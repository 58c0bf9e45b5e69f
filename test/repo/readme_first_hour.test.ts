// Issue #46 item 4: what a newcomer needs before the first hour is up, said in the README: how long `npm ci`
// and `npm test` take and what a source build of the native addon needs, how to run the CLI from a clone, and
// what a package user meets (`@types/node` for the types, the `.fin-skills/` ledger folder).
import { describe, expect, it } from "vitest";
import { readRepoFile } from "../helpers/repo_files.js";

const readme = readRepoFile("README.md");
const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Using it from TypeScript"));

describe("README: the first hour", () => {
  it("states npm ci's and npm test's durations and the native build's prerequisites", () => {
    expect(quickStart).toMatch(/`npm ci` compiles `better-sqlite3`/);
    expect(quickStart).toMatch(/`python3`, `make` and a C\+\+ compiler/);
    expect(quickStart).toMatch(/took \d+ minutes/);
    expect(quickStart).toMatch(/`npm test` takes about \d+ minutes/);
  });
  it("says how to run the CLI from a clone, with the bin file package.json names", () => {
    const bin = JSON.parse(readRepoFile("package.json")).bin["fin-skills"] as string;
    expect(quickStart).toContain(`node ${bin} <command>`);
    expect(quickStart).toContain("npm link");
  });
  it("tells package users about @types/node and the .fin-skills/ ledger folder", () => {
    expect(readme).toContain("needs `@types/node`");
    expect(readme).toMatch(/`\.fin-skills\/` to your `\.gitignore`/);
  });
});
