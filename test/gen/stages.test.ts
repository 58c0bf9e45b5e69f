// Stage-level, table-driven tests: the JSDoc grammar, the constraint tags, and each type handler,
// given a source fragment -> the expected schema fragment or problem, without the whole pipeline.
import path from "node:path";
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { nonAscii } from "../../scripts/gen/ascii.js";
import { applyTags } from "../../scripts/gen/constraints.js";
import { parseDoc, splitTags } from "../../scripts/gen/jsdoc.js";
import { jsonSpelling } from "../../scripts/gen/json_spelling.js";
import { mapType, type Warning } from "../../scripts/gen/types/index.js";
import { ROOT } from "./helpers.js";

const project = new Project({ compilerOptions: { strict: true, target: 9 }, useInMemoryFileSystem: false });
let n = 0;

/** Maps the type of `x` in `declare const x: <type>;` after `prelude`, in a file inside the project root. */
function map(type: string, prelude = "") {
  const file = path.join(ROOT, "test/fixtures/gen", `__stage_${n++}.ts`);
  const sf = project.createSourceFile(file, `${prelude}\ndeclare const x: ${type};\n`, { overwrite: true });
  const node = sf.getVariableDeclarationOrThrow("x").getTypeNodeOrThrow();
  const warnings: Warning[] = [];
  const mapped = mapType(node, path.join(ROOT, "src/contract/guard.ts"), ROOT, warnings);
  return { mapped, warnings: warnings.map((w) => w.code) };
}

describe("type handlers", () => {
  const cases: [string, string, unknown][] = [
    ["number | null", "", { anyOf: [{ type: "number" }, { type: "null" }] }],
    ["readonly (string | null)[]", "", { type: "array", items: { anyOf: [{ type: "string" }, { type: "null" }] } }],
    ["number | undefined", "", { type: "number" }],
    [
      '"a" | "b" | 1',
      "",
      {
        anyOf: [
          { type: "string", enum: ["a", "b"] },
          { type: "integer", enum: [1] },
        ],
      },
    ],
    [
      "readonly [number, number]",
      "",
      { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], items: false, minItems: 2, maxItems: 2 },
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the TypeScript template literal type under test
    ["`${number}%`", "", { type: "string", pattern: "^-?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?%$" }],
    ["keyof typeof K", "const K = { b: 1, a: 2 } as const;", { type: "string", enum: ["a", "b"] }],
    ["(typeof L)[number]", "const L = [3, 1] as const;", { type: "integer", enum: [1, 3] }],
    ["E", "enum E { X = 'x', Y = 'y' }", { type: "string", enum: ["x", "y"] }],
    [
      "Record<'p' | 'q', boolean>",
      "",
      {
        type: "object",
        properties: { p: { type: "boolean" }, q: { type: "boolean" } },
        required: ["p", "q"],
        additionalProperties: false,
      },
    ],
    [
      "{ 'a-b': number } & { c?: string }",
      "",
      {
        type: "object",
        properties: { "a-b": { type: "number" }, c: { type: "string" } },
        required: ["a-b"],
        additionalProperties: false,
      },
    ],
    [
      "Partial<P>",
      "interface P { a: number; b: string }",
      {
        type: "object",
        properties: { a: { type: "number" }, b: { type: "string" } },
        required: [],
        additionalProperties: false,
      },
    ],
    [
      "W<string>",
      "type W<T> = { v: T[] };",
      {
        type: "object",
        properties: { v: { type: "array", items: { type: "string" } } },
        required: ["v"],
        additionalProperties: false,
      },
    ],
    ["A", "/** @minimum 0 @maximum 9 */ type A = number;", { type: "number", minimum: 0, maximum: 9 }],
    [
      "[number, string]",
      "",
      { type: "array", prefixItems: [{ type: "number" }, { type: "string" }], items: false, minItems: 2, maxItems: 2 },
    ],
  ];
  for (const [type, prelude, want] of cases)
    it(`${type} -> ${JSON.stringify(want)}`, () => expect(map(type, prelude).mapped).toEqual({ ok: want }));

  const refused: [string, string, RegExp][] = [
    ["any", "", /unknown for any JSON/],
    ["[string, ...number[]]", "", /write an object: \{ item0: string; item1: number\[\] \}/],
    ["[number, number?]", "", /write readonly number\[\] with the Inputs tags @minItems 1 @maxItems 2/],
    ["Record<number, string>", "", /union of string literals/],
    ["M", "enum M { A = 'a', B = 1 }", /mixing strings and numbers/],
    ["{ [k: string] }", "", /needs a value type/],
  ];
  for (const [type, prelude, why] of refused)
    it(`${type} is refused with its rewrite`, () => {
      const { mapped } = map(type, prelude);
      expect("unsupported" in mapped && mapped.unsupported).toMatch(why);
    });

  it("a live member makes the object unable to cross JSON, naming the member", () => {
    expect(map("{ at: Date }").mapped).toEqual({ cannot: "an object whose member 'at' is a live Date object" });
  });
  it("unknown maps to {} with FS102; a dropped Date member is FS101", () => {
    expect(map("unknown")).toEqual({ mapped: { ok: {} }, warnings: ["FS102"] });
    expect(map("string | Date")).toEqual({ mapped: { ok: { type: "string" } }, warnings: ["FS101"] });
  });
});

describe("JSDoc grammar", () => {
  const doc = (body: string[]) => `/**\n${body.map((l) => ` * ${l}`.trimEnd()).join("\n")}\n */`;
  it("reads entries, continuation lines and their tags", () => {
    const parsed = parseDoc(
      doc(["Summary.", "", "Inputs", "  a, b : shared. @minimum 0", "  c : long", "    text.", "    @maxLength 3"]),
      1,
    );
    expect(parsed.entries.map((e) => [e.names, e.text, e.tags.map((t) => `${t.tag}=${t.value}`)])).toEqual([
      [["a", "b"], "shared.", ["minimum=0"]],
      [["c"], "long text.", ["maxLength=3"]],
    ]);
    expect(parsed.summary).toBe("Summary.");
    expect(parsed.problems).toEqual([]);
  });
  it("a tag at the start of a line ends the description and is named", () => {
    const parsed = parseDoc(doc(["Summary.", "", "@example run()", "", "Inputs", "  a : x."]), 1);
    expect(parsed.hasInputsHeader).toBe(false);
    expect(parsed.endedBy).toEqual({ tag: "example", value: "run()", line: 4 });
  });
  it("@param is never silently ignored", () => {
    const parsed = parseDoc(doc(["Summary.", "", "@param a the a."]), 1);
    expect(parsed.problems.map((p) => p.code)).toEqual(["FS008"]);
    expect(parsed.problems[0]!.message).toContain("'  a : text'");
  });
  const splits: [string, string, string[]][] = [
    ["plain text", "plain text", []],
    ["email a@b.c stays @minimum 1", "email a@b.c stays", ["minimum:1"]],
    ["p @pattern ^[A-Z]+$ @deprecated old", "p", ["pattern:^[A-Z]+$", "deprecated:old"]],
  ];
  for (const [text, want, tags] of splits)
    it(`splitTags(${JSON.stringify(text)})`, () => {
      const got = splitTags(text, 1);
      expect([got.text, got.tags.map((t) => `${t.tag}:${t.value}`)]).toEqual([want, tags]);
    });
});

describe("constraint tags", () => {
  const cases: [object, [string, string][], object, string[]][] = [
    [
      { type: "number" },
      [
        ["minimum", "0"],
        ["exclusiveMaximum", "1"],
      ],
      { type: "number", minimum: 0, exclusiveMaximum: 1 },
      [],
    ],
    [
      { anyOf: [{ type: "integer" }, { type: "null" }] },
      [["maximum", "5"]],
      { anyOf: [{ type: "integer", maximum: 5 }, { type: "null" }] },
      [],
    ],
    [
      { type: "string" },
      [
        ["example", '"x"'],
        ["deprecated", ""],
      ],
      { type: "string", deprecated: true, examples: ["x"] },
      [],
    ],
    [
      { type: "string" },
      [["minimum", "1"]],
      { type: "string" },
      ["@minimum applies to number or integer values, and this input is not one"],
    ],
    [
      { type: "number" },
      [["multipleOf", "0"]],
      { type: "number" },
      ["@multipleOf 0 is malformed; write e.g. @multipleOf 1"],
    ],
  ];
  for (const [fragment, tags, want, problems] of cases)
    it(`${JSON.stringify(tags)} on ${JSON.stringify(fragment)}`, () => {
      const out = applyTags(
        fragment as never,
        tags.map(([tag, value]) => ({ tag, value })),
      );
      expect([out.schema, out.problems]).toEqual([want, problems]);
    });
});

describe("message helpers", () => {
  const spellings: [string, string | null][] = [
    ["'simple'", '"simple"'],
    ["{ a: 1, 'b': [2,], }", '{"a":1,"b":[2]}'],
    ["1_000", "1000"],
    ["TOL", null],
  ];
  for (const [js, json] of spellings) it(`jsonSpelling(${js})`, () => expect(jsonSpelling(js)).toBe(json));
  it("nonAscii points at every offending character, each with an ASCII spelling", () => {
    expect(nonAscii("ok \u00e9\nx \u2265 1 \u2013 2 \u{1F600}", 10, 5)).toEqual([
      { line: 10, column: 8, char: "\u00e9", shown: "'\u00e9' (U+00E9), write 'e'" },
      { line: 11, column: 3, char: "\u2265", shown: "'\u2265' (U+2265), write '>='" },
      { line: 11, column: 7, char: "\u2013", shown: "'\u2013' (U+2013), write '-'" },
      { line: 11, column: 11, char: "\u{1F600}", shown: "'\u{1F600}' (U+1F600), spell it out in ASCII words" },
    ]);
  });
});
