// The import arrows of docs/architecture.md, checked over every module, plus the absence of cycles.
import path from "node:path";
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.js";

type Area =
  | "cli"
  | "server"
  | "runtime"
  | "contract"
  | "catalogue"
  | "ledger"
  | "generated"
  | "guards"
  | "lib"
  | "compiler"
  | "scripts"
  | "external";

function areaOf(file: string): Area {
  const rel = path.relative(ROOT, file).split(path.sep).join("/");
  if (rel.startsWith("src/contract/")) return "contract";
  for (const a of ["cli", "server", "runtime", "lib", "catalogue", "ledger"] as const)
    if (rel.startsWith(`src/${a}/`)) return a;
  if (rel.startsWith("generated/")) return "generated";
  if (rel.startsWith("guards/")) return "guards";
  if (rel.startsWith("scripts/gen")) return "compiler";
  if (rel.startsWith("scripts/")) return "scripts";
  return "external";
}

/**
 * Which areas each area may import (docs/architecture.md "Import rules"). The fin-skills-mcp
 * command line starts the server, so cli may import server; scripts/sample.ts (the sample data
 * generator, not the compiler) uses lib's seeded PRNG; scripts/schema-diff reads tables in the
 * compiler's notation (scripts/gen/emit/compact.ts). The compiler itself imports no guard.
 * src/catalogue (the catalogue tools' definitions and the slot vocabulary) is a leaf both the
 * compiler and the runtime import: the compiler freezes it, the runtime keys its table by it.
 * src/contract holds the guard contract and the shapes the compiler writes and the runtime reads;
 * guards, lib, runtime and the compiler all stand on it, and it imports nothing outside itself.
 * src/ledger (the research ledger's stores) stands on the contract and lib (its hashing); the runtime opens it lazily.
 */
const ALLOWED: Record<Exclude<Area, "external">, Area[]> = {
  cli: ["runtime", "contract", "cli", "server", "ledger"],
  server: ["runtime", "contract", "server"],
  runtime: ["runtime", "contract", "generated", "lib", "catalogue", "ledger"],
  generated: ["guards", "runtime", "contract", "generated"],
  guards: ["lib", "contract", "guards"],
  lib: ["lib", "contract"],
  contract: ["contract"],
  ledger: ["ledger", "contract", "lib"],
  catalogue: ["catalogue"],
  compiler: ["compiler", "contract", "catalogue"],
  scripts: ["scripts", "lib", "contract", "compiler", "catalogue"],
};

function graph() {
  const project = new Project({
    tsConfigFilePath: path.join(ROOT, "tsconfig.json"),
    skipAddingFilesFromTsConfig: true,
  });
  for (const g of ["src/**/*.ts", "guards/**/*.ts", "generated/**/*.ts", "scripts/**/*.ts"])
    project.addSourceFilesAtPaths(path.join(ROOT, g));
  const edges: [string, string][] = [];
  const typeOnly = new Set<string>();
  for (const sf of project.getSourceFiles()) {
    const from = sf.getFilePath();
    if (areaOf(from) === "external") continue;
    for (const d of [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]) {
      const target = d.getModuleSpecifierSourceFile();
      if (!target || target.getFilePath().includes("/node_modules/")) continue;
      edges.push([from, target.getFilePath()]);
      if (d.isTypeOnly()) typeOnly.add(`${from} -> ${target.getFilePath()}`);
    }
  }
  return Object.assign(edges, { typeOnly });
}

describe("import directions", () => {
  const edges = graph();
  it("follows the arrows (types-only imports of generated/types from runtime included)", () => {
    const bad = edges
      .filter(
        ([f, t]) => areaOf(t) !== "external" && !ALLOWED[areaOf(f) as Exclude<Area, "external">].includes(areaOf(t)),
      )
      .filter(([f, t]) => !(areaOf(f) === "runtime" && f.endsWith("decoded.ts") && t.endsWith("generated/types.ts")))
      // The one compiler -> runtime arrow: model.ts renders each guard's limits sentence from the
      // runtime's cost table (src/runtime/budget), so the cost is written in one place.
      .filter(([f, t]) => !(f.endsWith("scripts/gen/model.ts") && t.endsWith("src/runtime/budget/refuse.ts")))
      .map(([f, t]) => `${path.relative(ROOT, f)} -> ${path.relative(ROOT, t)}`);
    expect(bad).toEqual([]);
  });
  it("guards import only lib and the contract; the dispatch table is generated's only runtime import of guards", () => {
    const guardImports = edges.filter(([f]) => areaOf(f) === "guards").map(([, t]) => areaOf(t));
    expect(
      new Set(guardImports).size === 0 ||
        [...new Set(guardImports)].every((a) => ["lib", "contract", "guards"].includes(a)),
    ).toBe(true);
  });
  it("the runtime imports src/catalogue for types only (the definitions reach it frozen, in generated/)", () => {
    const valueImports = edges
      .filter(([f, t]) => areaOf(f) === "runtime" && areaOf(t) === "catalogue")
      .filter(([f, t]) => !edges.typeOnly.has(`${f} -> ${t}`))
      .map(([f, t]) => `${path.relative(ROOT, f)} -> ${path.relative(ROOT, t)}`);
    expect(valueImports).toEqual([]);
    expect(edges.some(([f, t]) => areaOf(f) === "runtime" && areaOf(t) === "catalogue")).toBe(true);
  });
  it("src/contract is the leaf everything stands on: it imports nothing outside itself, all import it", () => {
    const project = new Project({ skipAddingFilesFromTsConfig: true });
    const leaf = project.addSourceFilesAtPaths(path.join(ROOT, "src/contract/**/*.ts"));
    expect(leaf.length).toBeGreaterThan(0);
    const imports = leaf.flatMap((sf) =>
      [...sf.getImportDeclarations(), ...sf.getExportDeclarations()]
        .map((d) => d.getModuleSpecifierValue())
        .filter((m): m is string => m !== undefined)
        .filter((m) => !m.startsWith("./"))
        .map((m) => `${path.basename(sf.getFilePath())} -> ${m}`),
    );
    expect(imports).toEqual([]);
    const importers = new Set(edges.filter(([, t]) => areaOf(t) === "contract").map(([f]) => areaOf(f)));
    expect((["compiler", "runtime", "lib", "guards"] as const).filter((a) => !importers.has(a))).toEqual([]);
  });
  it("has no import cycles", () => {
    const adj = new Map<string, string[]>();
    for (const [f, t] of edges) adj.set(f, [...(adj.get(f) ?? []), t]);
    const state = new Map<string, 1 | 2>();
    const cycles: string[] = [];
    const visit = (n: string, stack: string[]) => {
      if (state.get(n) === 2) return;
      if (state.get(n) === 1) {
        cycles.push([...stack.slice(stack.indexOf(n)), n].map((x) => path.relative(ROOT, x)).join(" -> "));
        return;
      }
      state.set(n, 1);
      for (const m of adj.get(n) ?? []) visit(m, [...stack, n]);
      state.set(n, 2);
    };
    for (const n of adj.keys()) visit(n, []);
    expect(cycles).toEqual([]);
  });
});
