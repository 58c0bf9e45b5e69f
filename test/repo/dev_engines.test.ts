// Issue #31 item 11: the README says which Node the development setup wants and why. Every package of the
// lockfile whose engines exclude the Node the README states as enough is a devDependency named there.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readRepoFile } from "../helpers/repo_files.js";

const satisfies = createRequire(import.meta.url)("semver").satisfies as (v: string, range: string) => boolean;
const readme = readRepoFile("README.md");
const lock = JSON.parse(readRepoFile("package-lock.json")) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
};

describe("Node versions of the development setup", () => {
  const minimum = /requires Node\.js >= (\d+\.\d+)/.exec(readme)?.[1];
  const wanting = Object.entries(lock.packages)
    .filter(([k, p]) => k !== "" && p.engines?.node && !satisfies(`${minimum}.0`, p.engines.node))
    .map(([k, p]) => ({ name: k.slice(k.lastIndexOf("node_modules/") + 13), dev: p.dev === true }));

  it("the README states the package's minimum Node", () => {
    expect(minimum).toBe("20.19");
  });
  it("only devDependencies want a newer Node, and the README names each of them", () => {
    expect(wanting.length).toBeGreaterThan(0);
    expect(wanting.filter((p) => !p.dev)).toEqual([]);
    const named = (n: string) => readme.includes(`\`${n}\``) || readme.includes(`\`${n.replace(/-[a-z]+$/, "")}*\``);
    expect(wanting.map((p) => p.name).filter((n) => !named(n))).toEqual([]);
  });
});
