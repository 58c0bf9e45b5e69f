// `@keywords`: each exported guard declares the words users type for what it catches, every export's
// description of its tool states each one, and the MCP export carries them as its search hint.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDoc } from "../../scripts/gen/jsdoc.js";
import { MAX_KEYWORDS, readKeywords } from "../../scripts/gen/keywords.js";
import { ALWAYS_LOADED, exportTools } from "../../src/runtime/index.js";
import { ALWAYS_LOAD_KEY, SEARCH_HINT_KEY } from "../../src/runtime/search_hints.js";
import { guardsIndex } from "./generated.js";
import { FIXTURES, genFixture } from "./helpers.js";

type Node = Record<string, any>;
const FORMATS = ["anthropic", "openai", "openai-strict", "openai-chat", "mcp", "gemini"] as const;
const describedAs = (e: Node): string => e.description ?? e.function?.description;
const named = (e: Node): string => e.name ?? e.function?.name;

/** The declared keywords a description does not state (case-insensitive, as written). */
const missing = (description: string, keywords: readonly string[]): string[] =>
  keywords.filter((k) => !description.toLowerCase().includes(k));

const exported = () => guardsIndex().filter((g) => g.tool !== null);

describe("@keywords", () => {
  it("every exported guard declares at least three", () => {
    for (const g of exported()) expect(g.keywords.length, g.guard).toBeGreaterThanOrEqual(3);
  });

  it("every export's description of a guard's tool states each declared keyword", () => {
    let checked = 0;
    for (const f of FORMATS) {
      const byName = new Map(exportTools(f).map((e) => [named(e as Node), describedAs(e as Node)]));
      for (const g of exported()) {
        expect(missing(byName.get(g.tool)!, g.keywords), `${f} ${g.tool}`).toEqual([]);
        checked += g.keywords.length;
      }
    }
    expect(checked).toBeGreaterThan(FORMATS.length * 75);
  });

  it("catches a description that dropped a keyword", () => {
    const g = exported().find((x) => x.guard === "cost_curve")!;
    const e = exportTools("anthropic", { tools: ["check_cost_curve"] })[0] as Node;
    expect(g.keywords).toContain("slippage");
    expect(missing(e.description.replace("slippage, ", ""), g.keywords)).toEqual(["slippage"]);
  });

  it("reads comma-separated phrases over several tag lines and names the bad ones", () => {
    const doc = "/**\n * Summary.\n *\n * @keywords commission, bid-ask spread\n * @keywords t+1, Fees, spread\n */";
    const parsed = parseDoc(doc, 10);
    const read = readKeywords(parsed.blockTags);
    expect(read.keywords).toEqual(["commission", "bid-ask spread", "t+1", "spread"]);
    expect(read.problems.map((p) => [p.line, p.value])).toEqual([[14, "'Fees' is not a lower-case ASCII phrase"]]);
    const many = Array.from({ length: MAX_KEYWORDS + 1 }, (_, i) => `w${i}`).join(", ");
    const dup = readKeywords(parseDoc(`/**\n * S.\n *\n * @keywords a, a\n * @keywords ${many}\n */`, 1).blockTags);
    expect(dup.problems.map((p) => p.value)).toEqual([
      "'a' is declared twice",
      `${MAX_KEYWORDS + 2} phrases; at most ${MAX_KEYWORDS}`,
    ]);
  });

  it("compiles them into the guard's model, and a malformed one is FS030 on its line", async () => {
    const r = await genFixture(path.join(FIXTURES, "invalid", "bad_keywords", "guards"));
    expect(r.guards.find((g) => g.guard === "kw_good")!.keywords).toEqual(["negative number", "price"]);
    expect(r.guards.find((g) => g.guard === "kw_bad")!.keywords).toEqual(["price"]);
    const errors = r.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.code, d.guard, d.line, d.message])).toEqual([
      ["FS030", "kw_bad", 15, "@keywords: 'Below Zero' is not a lower-case ASCII phrase"],
      ["FS030", "kw_bad", 15, "@keywords: 'price' is declared twice"],
    ]);
  });

  it("the MCP export carries them as its search hint when asked, and the always-loaded core says so", () => {
    const hinted = new Map(exportTools("mcp", { searchHints: true }).map((e) => [(e as Node).name, e as Node]));
    for (const g of exported()) expect(hinted.get(g.tool)!._meta[SEARCH_HINT_KEY], g.tool).toBe(g.keywords.join(", "));
    const served = new Map(exportTools("mcp").map((e) => [(e as Node).name, e as Node]));
    for (const name of ALWAYS_LOADED) expect(served.get(name)!._meta, name).toEqual({ [ALWAYS_LOAD_KEY]: true });
    for (const g of exported()) expect(served.get(g.tool)!._meta, g.tool).toBeUndefined();
    for (const e of exportTools("anthropic", { searchHints: true })) expect((e as Node)._meta).toBeUndefined();
  });
});
