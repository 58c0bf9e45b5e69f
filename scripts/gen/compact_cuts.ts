// What the compact exports leave out of a guard tool's description, said at gen time (FS109). The
// exports carry the summary paragraph (describe_guard serves the rest); a unit or convention phrase
// that only the rest states (annualised, per period, %, bps, one-way, raw, excess...) would reach an
// agent reading an export nowhere, so each one is named with the tool and the exports that drop it.
// Input descriptions are never cut: every export carries each in full.
import { unitPhrases } from "./units.js";
import { diag, type Diagnostic } from "./diagnostics.js";
import type { GuardModel } from "./model.js";
import { FORMATS } from "./emit/formats.js";

const COMPACT = FORMATS.filter((f) => f !== "neutral");

/** FS109 per guard tool whose full description states a unit phrase that one of its compact exports lacks. */
export function compactCuts(files: ReadonlyMap<string, string>, guards: readonly GuardModel[]): Diagnostic[] {
  const table = JSON.parse(files.get("tools.json")!) as { tools: { name: string; description: string }[] };
  const exported = new Map(
    COMPACT.map((f) => [f, JSON.parse(files.get(`exports/${f}.json`)!) as Record<string, unknown>[]] as const),
  );
  const out: Diagnostic[] = [];
  for (const g of guards) {
    const tool = g.tool && table.tools.find((t) => t.name === g.tool);
    if (!tool) continue;
    const lost = new Map<string, string[]>();
    for (const [format, entries] of exported) {
      const entry = entries.find((e) => JSON.stringify(e).includes(`"${tool.name}"`));
      const kept = new Set(unitPhrases(JSON.stringify(entry ?? "")));
      for (const p of new Set(unitPhrases(tool.description)))
        if (!kept.has(p)) lost.set(p, [...(lost.get(p) ?? []), format]);
    }
    if (lost.size === 0) continue;
    const lists = [...new Set([...lost.values()].map((fs) => fs.join(", ")))];
    const every = lists.length === 1 && lists[0] === COMPACT.join(", ");
    const where = every ? "every compact export" : `the exports ${lists.join("; ")}`;
    out.push(
      diag(
        "FS109",
        { guard: g.guard, file: g.file, line: 1 },
        `tool ${tool.name}: ${where} keeps the summary paragraph of its description and drops ` +
          `${[...lost.keys()].map((p) => `'${p}'`).join(", ")}, which only the rest states; ` +
          "say it in the summary or in an input's description",
      ),
    );
  }
  return out;
}
