// The validator's skeleton (validator_skeleton.ts): a proven matrix is replaced by [] only where the schema
// cannot tell them apart, and the validator's verdict and errors on the skeleton are those on the arguments.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { resolveTool } from "../../src/runtime/call.js";
import { inspectJson } from "../../src/runtime/codec/caps.js";
import { validatorSkeleton } from "../../src/runtime/validator_skeleton.js";

const ajv = new Ajv2020({ allowUnionTypes: true, strict: false });
const rows = (n = 60, width = 20) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: width }, (_, j) => Math.sin(i * width + j) * 0.01));
const matrix = { type: "array", items: { type: "array", items: { type: "number" } } };
const cells = { type: "array", items: { type: "array", items: { type: ["number", "string", "boolean", "null"] } } };
const nonEmpty = { type: "array", minItems: 1 };
const object = (props: object, extra: object = {}) => ({ type: "object", properties: props, ...extra });

type Case = [name: string, schema: Record<string, unknown>, replaced: boolean, args: Record<string, unknown>[]];
/** Arguments with a matrix at m/data (valid), and variants that fail elsewhere. */
const atData = (): Record<string, unknown>[] => [
  { m: { data: rows() }, n: 1 },
  { m: { data: rows(), other: 1 }, n: 1 },
  { m: { data: rows() }, n: "x" },
  { m: { data: rows() } },
];
const atTop = (): Record<string, unknown>[] => [{ m: rows(), n: 1 }, { m: rows(), n: "x" }, { m: rows() }];
const root = (props: object, extra: object = {}) =>
  object({ ...props, n: { type: "integer" } }, { required: ["n"], additionalProperties: false, ...extra });

const cases: Case[] = [
  ["a matrix argument", root({ m: matrix }), true, atTop()],
  ["a matrix of cells", root({ m: cells }), true, atTop()],
  ["a matrix member", root({ m: object({ data: matrix }, { additionalProperties: false }) }), true, atData()],
  [
    "a member refused by additionalProperties",
    root({ m: object({}, { additionalProperties: false }) }),
    true,
    atData(),
  ],
  ["a member of any value", root({ m: object({}) }), true, atData()],
  ["a member a false schema", root({ m: object({ data: false }) }), true, atData()],
  ["additionalProperties a matrix", root({ m: object({}, { additionalProperties: matrix }) }), true, atData()],
  [
    "a matrix through $ref and anyOf",
    root({ m: { $ref: "#/$defs/p" } }, { $defs: { p: { anyOf: [object({ data: matrix }), { type: "array" }] } } }),
    true,
    atData(),
  ],
  ["a matrix with minItems", root({ m: { ...matrix, minItems: 1 } }), false, atTop()],
  ["rows with maxItems", root({ m: { type: "array", items: { type: "array", maxItems: 3 } } }), false, atTop()],
  [
    "integer cells",
    root({ m: { type: "array", items: { type: "array", items: { type: "integer" } } } }),
    false,
    atTop(),
  ],
  ["string cells", root({ m: { type: "array", items: { type: "array", items: { type: "string" } } } }), false, atTop()],
  ["an object, not an array", root({ m: { type: "object" } }), false, atTop()],
  ["a branch that takes numbers", root({ m: { anyOf: [matrix, { type: "number" }] } }), false, atTop()],
  ["an enum above the matrix", root({ m: object({ data: matrix }, { enum: [{ data: [] }] }) }), false, atData()],
  ["patternProperties above", root({ m: object({}, { patternProperties: { d: nonEmpty } }) }), false, atData()],
  ["allOf above", root({ m: { allOf: [object({ data: nonEmpty })] } }), false, atData()],
  ["a $ref outside $defs", root({ m: { $ref: "#/properties/n" } }), false, atTop()],
];

/** The validator's verdict and errors on `x`. */
function verdictOf(validate: ReturnType<typeof ajv.compile>, x: unknown) {
  return { valid: validate(x), errors: validate.errors ?? null };
}

describe("the validator's skeleton", () => {
  it.each(cases)("%s: same verdict and errors, replaced only where safe", (_, schema, replaced, variants) => {
    const validate = ajv.compile(schema);
    for (const args of variants) {
      const proven = inspectJson(args, true).rows!;
      const skeleton = validatorSkeleton(args, schema, proven) as Record<string, unknown>;
      expect(verdictOf(validate, skeleton)).toEqual(verdictOf(validate, args));
      const m = args.m as Record<string, unknown>;
      const at = Array.isArray(m) ? skeleton.m : (skeleton.m as Record<string, unknown>).data;
      expect(at).toEqual(replaced ? [] : Array.isArray(m) ? m : m.data);
      if (!replaced) expect(skeleton).toBe(args);
    }
  });

  it("keeps keys, their order and prototypes; unproven matrices and short ones stay", () => {
    const m = Object.assign(Object.create(null) as Record<string, unknown>, { z: 1, data: rows(), a: 2 });
    const args = { b: 1, m, c: [[1, 2]] };
    const schema = root({ m: object({ data: matrix }) });
    const skeleton = validatorSkeleton(args, schema, inspectJson(args, true).rows!) as Record<string, unknown>;
    expect(Object.keys(skeleton)).toEqual(["b", "m", "c"]);
    expect(Object.keys(skeleton.m as object)).toEqual(["z", "data", "a"]);
    expect(Object.getPrototypeOf(skeleton.m)).toBeNull();
    expect((skeleton.m as Record<string, unknown>).data).toEqual([]);
    expect(m.data).toHaveLength(60); // the caller's object is not changed
    expect(validatorSkeleton(args, schema, new WeakMap())).toBe(args);
  });

  it("check_spa_test: a split frame's rows are replaced, the validator's answer unchanged", async () => {
    const tool = resolveTool("check_spa_test");
    const schema = tool.input_schema as Record<string, unknown>;
    const validators = (await import("../../generated/validators.js")) as unknown as Record<
      string,
      ReturnType<typeof ajv.compile>
    >;
    const validate = validators.in_check_spa_test!;
    const columns = Array.from({ length: 20 }, (_, j) => `m${j}`);
    const frame = { columns, data: rows() };
    const variants: Record<string, unknown>[] = [
      { benchmark_returns: 0, model_returns: frame },
      { benchmark_returns: 0, model_returns: frame, reps: "x" },
      { benchmark_returns: 0, model_returns: { ...frame, index: 3 } },
      { benchmark_returns: 0, model_returns: { ...frame, records: [] } },
      { benchmark_returns: 0, model_returns: { ...frame, colums: columns } },
    ];
    for (const args of variants) {
      const skeleton = validatorSkeleton(args, schema, inspectJson(args, true).rows!) as Record<string, unknown>;
      expect((skeleton.model_returns as Record<string, unknown>).data).toEqual([]);
      expect(verdictOf(validate, skeleton)).toEqual(verdictOf(validate, args));
    }
  });
});
