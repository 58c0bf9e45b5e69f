// The same bad value gets the same message whichever path meets it: the decoder's walk, the
// generated validator's error mapped by schemaError, or a whole tool call (where either may
// report it first). Table-driven: given a fragment and a value, want one message.
import { describe, expect, it } from "vitest";
import { makeAjv } from "../../scripts/gen/ajv.js";
import { BadInputError } from "../../src/contract/guard.js";
import { decodeArgument } from "../../src/runtime/codec/index.js";
import { callToolUntyped } from "../../src/runtime/index.js";
import { schemaError } from "../../src/runtime/schema_errors.js";
import { shapeArguments } from "../../src/runtime/shape.js";

const SERIES = { $ref: "#/$defs/series" };
const DEFS = {
  series: {
    anyOf: [
      { type: "array", items: { type: ["number", "string", "boolean", "null"] } },
      { type: "object", properties: { values: { type: "array" } }, required: ["values"] },
    ],
  },
};
const LONG = "x".repeat(41);

/** [name, fragment of input `x`, bad value, the one message]. */
const CASES: [string, object, unknown, string][] = [
  ["text for a number", { type: "number" }, "abc", 'x: must be a number, got a string "abc"'],
  ["a fraction for an integer", { type: "integer" }, 2.5, "x: must be an integer, got 2.5"],
  ["a number for a boolean", { type: "boolean" }, 1, "x: must be a boolean, got 1"],
  ["a list for a string", { type: "string" }, ["a"], "x: must be a string, got an array"],
  ["an object for a number", { type: "number" }, { a: 1 }, "x: must be a number, got an object"],
  ["a long text for a number", { type: "number" }, LONG, "x: must be a number, got a string"],
  [
    "text for a list of numbers",
    { type: "array", items: { type: "number" } },
    "abc",
    'x: must be a list of numbers, got a string "abc"',
  ],
  [
    "text inside a list of numbers",
    { type: "array", items: { type: "number" } },
    [1, "a"],
    'x/1: must be a number, got a string "a"',
  ],
  [
    "a number inside a list of strings",
    { type: "array", items: { type: "string" } },
    ["a", 1],
    "x/1: must be a string, got 1",
  ],
  [
    "text for a series or a number",
    { anyOf: [SERIES, { type: "number" }] },
    "abc",
    'x: must be a series or a number, got a string "abc"',
  ],
  [
    "a boolean for an enum or a number",
    { anyOf: [{ type: "string", enum: ["auto"] }, { type: "number" }] },
    true,
    'x: must be one of ["auto"] or a number, got a boolean',
  ],
  [
    "a boolean inside a list of alternatives",
    { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
    [true],
    "x/0: must be a string or a number, got a boolean",
  ],
  [
    "text for an object member",
    { type: "object", properties: { a: { type: "number" } } },
    { a: "z" },
    'x/a: must be a number, got a string "z"',
  ],
  [
    "null for a record value",
    { type: "object", additionalProperties: { type: "number" } },
    { k: null },
    "x/k: must be a number, got null",
  ],
  [
    "a required member sent as null",
    { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
    { a: null },
    "x/a: must be a string, got null",
  ],
];

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof BadInputError) return e.message;
    throw e;
  }
  throw new Error("no error");
}

describe("one message per bad value, whichever path meets it", () => {
  it.each(CASES)("%s", (_name, fragment, value, want) => {
    const root = { type: "object", properties: { x: fragment }, $defs: DEFS };
    const shaped = shapeArguments({ x: value }, root);
    expect(message(() => decodeArgument(shaped.x, fragment, "x", DEFS))).toBe(want);
    const validate = makeAjv().compile(root);
    expect(validate(shaped)).toBe(false);
    expect(schemaError(validate.errors!, root, shaped).message).toBe(want);
  });

  it.each([
    ["cost_bps", "abc", 'cost_bps: must be a number, got a string "abc"'],
    ["turnover", "abc", 'turnover: must be a series or a number, got a string "abc"'],
    ["periods_per_year", 2.5, "periods_per_year: must be an integer, got 2.5"],
    ["bps", [1, "a"], 'bps/1: must be a number, got a string "a"'],
    ["bps", "abc", 'bps: must be a list of numbers, got a string "abc"'],
    [
      "returns",
      { values: [0.01, -0.02, 0.03], truncated: { kept: "x", of: 3 } },
      'returns/truncated/kept: must be an integer, got a string "x"',
    ],
  ])("a tool call words %s = %j the same way", async (name, value, want) => {
    const args = { returns: [0.01, -0.02, 0.03], turnover: 0.1, [name]: value };
    const viaObject = await callToolUntyped("check_cost_curve", args).catch((e: Error) => e);
    const viaJson = await callToolUntyped("check_cost_curve", JSON.parse(JSON.stringify(args))).catch((e: Error) => e);
    expect(viaObject).toBeInstanceOf(BadInputError);
    expect((viaObject as Error).message).toBe(want);
    expect((viaJson as Error).message).toBe(want);
  });

  it("an enum miss (only the validator checks enums) words the value alike, with the guess in the text", async () => {
    const args = { best_sharpe: 1, n_obs: 100, n_trials: 5, metric: "sharpee" };
    const e = await callToolUntyped("check_research_audit", args).catch((x: Error) => x);
    expect((e as Error).message).toBe(
      'metric: must be one of ["sharpe","mean"], got a string "sharpee" - did you mean "sharpe"?',
    );
  });
});
