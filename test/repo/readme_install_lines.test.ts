// Issue #31 item 7: install lines that work as written. The package is `fin-skills`, so an npx line that
// fetches it names it with -p (a bare `npx -y fin-skills-mcp` would fetch whatever package holds that name);
// a project install never passes --allow-scripts (npm refuses it there: EALLOWSCRIPTS). The sh-block
// lines themselves run against a packed tarball in test/e2e/readme_commands.test.ts.
import { describe, expect, it } from "vitest";
import { readRepoFile } from "../helpers/repo_files.js";

const readme = readRepoFile("README.md");

describe("README install lines", () => {
  it("every npx -y that runs fin-skills-mcp fetches the fin-skills package (or its tarball) with -p", () => {
    // the one bare form the README shows is the one it warns against ("... would run whatever package")
    const fetching = [...readme.matchAll(/npx -y [^`\n]*fin-skills-mcp(?!` would)/g)].map((m) => m[0]);
    expect(fetching.length).toBeGreaterThan(0);
    const fetchesPackage = /-p (fin-skills|\/path\/to\/fin-skills-[\d.]+\.tgz) fin-skills-mcp/;
    expect(fetching.filter((l) => !fetchesPackage.test(l))).toEqual([]);
  });
  it("no install line passes --allow-scripts; the git form sets allowScripts in package.json", () => {
    expect(readme).not.toMatch(/npm i(nstall)? --allow-scripts/);
    expect(readme).toContain("npm pkg set allowScripts.fin-skills=true");
  });
});
