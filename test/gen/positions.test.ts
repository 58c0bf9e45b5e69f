// A tuple mixing item types in every artefact: exact in tools.json (a reversed pair is rejected), its
// positions stated in prose in each portable export (never "any of the position types"), typed as a tuple.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GenResult } from "../../scripts/gen/pipeline.js";
import { FIXTURES, genFixture } from "./helpers.js";
import { judge } from "./schema_values.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { schemaError } from "../../src/runtime/schema_errors.js";
import { shapeArguments } from "../../src/runtime/shape.js";

const DIR = path.join(FIXTURES, "valid", "mixed_tuples", "guards");
const PORTABLE = ["anthropic", "openai", "openai-chat", "mcp"] as const;

type Entry = Record<string, unknown>;
let result: GenResult;
const file = (name: string) => JSON.parse(result.files!.get(name)!) as Entry[];
const tool = (entries: Entry[]) => entries.find((e) => JSON.stringify(e).includes('"check_tuple_guard"'))!;
/** The input schema an export entry carries, whatever its format calls it. */
function inputOf(e: Entry): Entry {
  const inner = (e.function ?? e) as Entry;
  return (inner.input_schema ?? inner.inputSchema ?? inner.parameters) as Entry;
}
const xOf = (e: Entry) => (inputOf(e).properties as Record<string, Entry>).x!;

beforeAll(async () => {
  result = await genFixture(DIR);
});

describe("a mixed tuple [IsoDate, number]", () => {
  it("tools.json rejects the reversed pair and accepts the right one", () => {
    const full = JSON.parse(result.files!.get("tools.json")!).tools.find(
      (t: Entry) => t.name === "check_tuple_guard",
    ) as Entry;
    const x = xOf(full);
    expect(
      judge(
        x,
        {
          accept: [["2024-01-02", 3]],
          reject: [
            [3, "2024-01-02"],
            ["2024-01-02", 3, 4],
          ],
        },
        true,
      ),
    ).toEqual([]);
  });

  it("the runtime's message names the misplaced position", () => {
    const full = JSON.parse(result.files!.get("tools.json")!).tools.find(
      (t: Entry) => t.name === "check_tuple_guard",
    ) as { input_schema: Entry };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
    const validate = ajv.compile(full.input_schema);
    const message = (args: Record<string, unknown>) => {
      const shaped = shapeArguments(args, full.input_schema);
      return validate(shaped) ? "" : schemaError(validate.errors!, full.input_schema, shaped).message;
    };
    expect(message({ x: [3, "2024-01-02"], lag: [5, "d"] })).toBe("x/0: must be string");
    expect(message({ x: ["2024-01-02", 3], lag: ["d", 5] })).toBe("lag/0: must be number");
    expect(message({ x: ["2024-01-02", 3], lag: [5, "d"] })).toBe("");
  });

  for (const format of PORTABLE)
    it(`${format}: an array of exactly two, its positions in the description, no item union`, () => {
      const x = xOf(tool(file(`exports/${format}.json`)));
      expect(x).toEqual({
        type: "array",
        minItems: 2,
        maxItems: 2,
        description: "a dated value. Positions: [0] string(date); [1] number.",
      });
    });

  it("gemini: the same, in Gemini's type names", () => {
    expect(xOf(tool(file("exports/gemini.json")))).toEqual({
      type: "ARRAY",
      minItems: 2,
      maxItems: 2,
      description: "a dated value. Positions: [0] string(date); [1] number.",
    });
  });

  it("openai-strict: the tool is not strict (strict mode states no positions)", () => {
    expect(tool(file("exports/openai-strict.json")).strict).toBe(false);
  });

  it("types.ts: a tuple", () => {
    const types = result.files!.get("types.ts")!;
    expect(types).toMatch(/\nx: \[string, number\]\n/);
    expect(types).toMatch(/\nlag: \[number, \("d" \| "w"\)\]\n/);
  });
});

describe("a tuple of one item type, readonly [number, number]", () => {
  let same: GenResult;
  beforeAll(async () => {
    same = await genFixture(path.join(FIXTURES, "valid", "tuples", "guards"));
  });
  const entry = (format: string) => tool(JSON.parse(same.files!.get(`exports/${format}.json`)!) as Entry[]) as Entry;

  it("is an array of that type with its length in every portable export, exact", () => {
    for (const format of PORTABLE)
      expect(xOf({ input_schema: { properties: { x: (inputOf(entry(format)).properties as Entry).band } } })).toEqual({
        type: "array",
        items: { type: "number" },
        minItems: 2,
        maxItems: 2,
        description: "lower and upper bound, as fractions.",
      });
  });

  it("keeps its tool strict in openai-strict", () => {
    expect(entry("openai-strict").strict).toBe(true);
  });
});
