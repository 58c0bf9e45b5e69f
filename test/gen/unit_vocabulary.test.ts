// No compact export loses a unit or convention phrase of an input: every phrase the schema diff
// reads as a unit (scripts/gen/units.ts) in the full table's description of an input is in
// that input's description in each export, or stated there by a keyword (a date format).
import { describe, expect, it } from "vitest";
import { FORMAT_PROSE } from "../../scripts/gen/emit/portable.js";
import { phrasesMissing, unitPhrases } from "../../scripts/gen/units.js";
import { readJson, tools } from "./generated.js";

type Node = Record<string, any>;
const FORMATS = ["anthropic", "openai", "openai-strict", "openai-chat", "mcp", "gemini"] as const;
const inputOf = (e: Node): Node => e.input_schema ?? e.inputSchema ?? e.parameters ?? e.function?.parameters;

/** The text an input's compact node states: its description and the prose of a kept date format. */
function stated(node: Node | undefined): string {
  if (!node) return "";
  const branches: Node[] = [node, ...((node.anyOf as Node[] | undefined) ?? [])];
  const formats = branches.map((b) => FORMAT_PROSE.get(b.format) ?? "");
  return [node.description ?? "", ...formats].join(" ");
}

/** Unit phrases of each top-level input of `full` that the same input of `compact` lost. */
function lostUnits(full: Node, compact: Node): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, p] of Object.entries<Node>(full.properties ?? {})) {
    const lost = phrasesMissing(unitPhrases(p.description ?? ""), unitPhrases(stated(compact.properties?.[name])));
    if (lost.length) out[name] = lost;
  }
  return out;
}

describe("unit and convention phrases in the compact exports", () => {
  const table = tools();

  it("every input of every export keeps every phrase of the full table's description", () => {
    let phrases = 0;
    for (const f of FORMATS) {
      const entries = readJson<Node[]>(`exports/${f}.json`);
      table.forEach((t: Node, i: number) => {
        for (const p of Object.values<Node>(t.input_schema.properties ?? {}))
          phrases += unitPhrases(p.description ?? "").length;
        expect(lostUnits(t.input_schema, inputOf(entries[i]!)), `${f} ${t.name}`).toEqual({});
      });
    }
    expect(phrases).toBeGreaterThan(100);
  });

  it("fails on a compact description that dropped ONE-WAY, round-trip or a paper", () => {
    const full = table.find((t: Node) => t.name === "check_cost_curve")!.input_schema;
    const compact = structuredClone(
      inputOf(readJson<Node[]>("exports/anthropic.json").find((e) => e.name === "check_cost_curve")!),
    );
    compact.properties.turnover.description = compact.properties.turnover.description.replace("ONE-WAY ", "");
    compact.properties.bps.description = "costs to evaluate, in basis points.";
    expect(lostUnits(full, compact)).toEqual({ turnover: ["one way"], bps: ["round trip"] });
    const ledger = table.find((t: Node) => t.name === "check_trial_ledger")!.input_schema;
    const cut = structuredClone(ledger);
    cut.properties.convention.description = '"2014" or "2025".';
    expect(lostUnits(ledger, cut).convention).toContain("Zoonekynd 2025");
  });
});
