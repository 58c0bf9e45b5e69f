// Table-driven tests of the model's decisions, without a gen run (no type check, no emit): given a
// guard's parameters and Inputs block -> which inputs are tool inputs, which are required or optional,
// which are left out (omitted) or keep the guard from being a tool (excluded), the default keyword,
// the slot an input enrols in, and the diagnostics. Slots come from the real slot table.
import path from "node:path";
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { CATALOGUE_NAMES } from "../../src/catalogue/tools.js";
import { SLOTS as SLOT_TABLE } from "../../src/catalogue/slots.js";
import type { Diagnostic } from "../../scripts/gen/diagnostics.js";
import { extractGuard } from "../../scripts/gen/extract.js";
import { fitsSlotKind, modelGuard } from "../../scripts/gen/model.js";
import { ROOT } from "./helpers.js";

const project = new Project({ compilerOptions: { strict: true, target: 9 } });
const CONTRACT = path.join(ROOT, "src/contract/guard.ts");
const SLOTS = Object.entries(SLOT_TABLE).map(([slot, { kind, doc }]) => ({ slot, kind, doc }));
let n = 0;

interface Param {
  readonly name: string;
  readonly type: string;
  readonly doc: string;
  readonly optional?: boolean;
  readonly init?: string;
}

/** Models a guard whose check takes `params` (required ones first), each documented in its Inputs block. */
function decide(params: readonly Param[]) {
  const guard = `model_case_${n++}`;
  const required = params.filter((p) => !p.optional && p.init === undefined).map((p) => `"${p.name}"`);
  const optional = params.filter((p) => p.optional || p.init !== undefined).map((p) => `"${p.name}"`);
  const text = [
    'import { Outcome, type Frame, type Series, type Integer } from "../../../src/contract/guard.js";',
    'export const skill = "fixture-skill";',
    'export const title = "Model case";',
    `export const required = [${required.join(", ")}] as const;`,
    `export const optional = [${optional.join(", ")}] as const;`,
    "/**",
    " * Checks a model decision.",
    " *",
    " * Inputs",
    ...params.filter((p) => p.doc !== "").map((p) => ` *   ${p.name} : ${p.doc}`),
    " */",
    `export function check(${params
      .map((p) => `${p.name}${p.optional ? "?" : ""}: ${p.type}${p.init === undefined ? "" : ` = ${p.init}`}`)
      .join(", ")}) {`,
    "  return new Outcome().done();",
    "}",
    "type _Unused = [Frame, Series, Integer];",
  ].join("\n");
  const file = path.join(ROOT, "test/fixtures/gen", `${guard}.ts`);
  const sf = project.createSourceFile(file, text, { overwrite: true });
  const out: Diagnostic[] = [];
  const ctx = {
    skills: new Set(["fixture-skill"]),
    slots: new Map(SLOTS.map((s) => [s.slot, s])),
    catalogueNames: CATALOGUE_NAMES,
  };
  const model = modelGuard(extractGuard(sf, guard, path.relative(ROOT, file), CONTRACT, ROOT), ctx, out);
  return { model: model!, codes: out.map((d) => d.code) };
}

const num = (name: string, extra: Partial<Param> = {}): Param => ({
  name,
  type: "number",
  doc: `${name}, a number.`,
  ...extra,
});

describe("model decisions", () => {
  it("required and optional follow the declarations: a default or `?` makes an input optional", () => {
    const { model, codes } = decide([num("a"), num("b", { optional: true }), num("c", { init: "2" })]);
    expect([model.required, model.optional]).toEqual([["a"], ["b", "c"]]);
    expect(model.inputSchema!.required).toEqual(["a"]);
    expect(codes).toEqual([]);
  });

  const cases: [string, Param[], { tool: boolean; omitted: string[]; blockers: string[]; codes: string[] }][] = [
    ["plain JSON inputs make a tool", [num("a")], { tool: true, omitted: [], blockers: [], codes: [] }],
    [
      "an optional callable is omitted from the tool, with a note",
      [num("a"), { name: "f", type: "(x: number) => number", doc: "a function.", optional: true }],
      { tool: true, omitted: ["f"], blockers: [], codes: ["FS103"] },
    ],
    [
      "a required callable excludes the guard from the tool list, with a note",
      [{ name: "f", type: "(x: number) => number", doc: "a function." }],
      { tool: false, omitted: [], blockers: ["f"], codes: ["FS103"] },
    ],
    [
      "a required Date nested in an object excludes the guard, naming the member",
      [{ name: "spec", type: "{ readonly when: Date; readonly n: number }", doc: "a spec." }],
      { tool: false, omitted: [], blockers: ["spec"], codes: ["FS103"] },
    ],
  ];
  for (const [what, params, want] of cases) {
    it(what, () => {
      const { model, codes } = decide(params);
      expect({
        tool: model.tool !== null,
        omitted: Object.keys(model.omitted),
        blockers: Object.keys(model.blockers),
        codes,
      }).toEqual(want);
    });
  }

  it("a nested blocker is named in the reason", () => {
    const { model } = decide([{ name: "spec", type: "{ readonly when: Date }", doc: "a spec." }]);
    expect(model.blockers.spec).toContain("when");
  });

  const defaults: [string, Param, unknown][] = [
    ["a number default becomes the default keyword", num("h", { init: "5" }), 5],
    [
      "an array default is structured JSON",
      { name: "q", type: "readonly number[]", doc: "q.", init: "[1, 2]" },
      [1, 2],
    ],
    ["a doc that says 'default' keeps its default", num("pd", { doc: "probability of default.", init: "0.1" }), 0.1],
  ];
  for (const [what, param, value] of defaults) {
    it(what, () => {
      const { model, codes } = decide([num("a"), param]);
      const prop = (model.inputSchema!.properties as Record<string, Record<string, unknown>>)[param.name]!;
      expect([prop.default, codes]).toEqual([value, []]);
      expect(prop.description).toContain(`Default ${JSON.stringify(value)}.`);
    });
  }

  const enrolment: [string, Param, string][] = [
    ["a curated slot name enrols under its own name", { name: "returns", type: "Series", doc: "returns." }, "returns"],
    ["any other name is its own parameter slot", num("zz_unique_knob"), "zz_unique_knob"],
  ];
  for (const [what, param, slot] of enrolment) {
    it(what, () => {
      const { model } = decide([param]);
      expect(model.inputs.find((i) => i.name === param.name)!.slot).toBe(slot);
    });
  }

  it("a curated slot used with the wrong kind is FS012", () => {
    expect(decide([{ name: "returns", type: "string", doc: "returns as text." }]).codes).toContain("FS012");
  });

  it("an input without a doc line in the Inputs block is FS008", () => {
    expect(decide([num("a"), { name: "b", type: "number", doc: "" }]).codes).toEqual(["FS008"]);
  });
});

describe("slot kinds (fitsSlotKind)", () => {
  const cases: [string, Record<string, unknown> | null, string | null, boolean][] = [
    ["date", { type: "string", format: "date" }, null, true],
    ["date", { type: "string", format: "date-or-date-time" }, null, true],
    ["date", { type: "string", description: "ISO-8601 date or date-time." }, null, false],
    ["text", { type: "string", format: "date-time" }, null, false],
    ["text", { type: "string" }, null, true],
    ["scalar", { anyOf: [{ type: "integer" }, { type: "null" }] }, null, true],
    ["series", { $ref: "#/$defs/series" }, null, true],
    ["frame", { $ref: "#/$defs/series" }, null, false],
    ["callable", null, "a callable ((x: number) => number)", true],
    ["sequence", { type: "object" }, null, false],
  ];
  for (const [kind, fragment, cannot, fits] of cases)
    it(`${kind} ${fits ? "fits" : "does not fit"} ${JSON.stringify(fragment ?? cannot)}`, () => {
      expect(fitsSlotKind(kind, fragment as never, cannot)).toBe(fits);
    });
});
