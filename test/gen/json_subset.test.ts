// Property test, the reverse of the agreement check: for every tool of the generated table and each
// of its inputs, JSON values generated from the guard's TypeScript parameter type pass the input's
// schema. Series and Frame parameters, functions and class instances have no JSON form here (the
// codec and the forward check cover them). Value bounds from JSDoc tags are stricter than the type on
// purpose (bounds.test.ts covers them) and `Integer` is an alias of number at the type level, so both
// are relaxed before validating; what is compared is the structure: types, null, names, required keys.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { Project, type Node, type Type } from "ts-morph";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers.js";
import { ledgerArguments } from "./generated.js";

type Schema = { [k: string]: unknown };
type Arb = fc.Arbitrary<unknown>;

const TAG_BOUNDS = [
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
];
const NOT_JSON = new Set(["Series", "Frame", "Date", "Map", "Set", "Promise", "RegExp", "AbortSignal"]);

/** The schema with tag bounds removed and integer read as number (a tuple's equal item counts stay). */
function relaxed(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(relaxed);
  if (!s || typeof s !== "object") return s;
  const o = s as Schema;
  const tuple = o.minItems !== undefined && o.minItems === o.maxItems;
  const out: Schema = {};
  for (const [k, v] of Object.entries(o)) {
    if (TAG_BOUNDS.includes(k) || k === "pattern" || ((k === "minItems" || k === "maxItems") && !tuple)) continue;
    if (k === "type")
      out[k] = v === "integer" ? "number" : Array.isArray(v) ? v.map((t) => (t === "integer" ? "number" : t)) : v;
    else out[k] = k === "properties" || k === "$defs" ? mapValues(v as Schema) : relaxed(v);
  }
  return out;
}
const mapValues = (o: Schema) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, relaxed(v)]));

/** An arbitrary over the JSON values type `t` admits, or null when it admits none. */
function arbitrary(t: Type, at: Node, depth = 0): Arb | null {
  if (depth > 6) return null;
  if (t.isUnion()) {
    const members = t.getUnionTypes().map((m) => arbitrary(m, at, depth + 1));
    const some = members.filter((m): m is Arb => m !== null);
    return some.length ? fc.oneof(...some) : null;
  }
  if (t.isNull()) return fc.constant(null);
  if (t.isUndefined() || t.isAny() || t.isUnknown() || t.isNever()) return null;
  if (t.isStringLiteral() || t.isNumberLiteral() || t.isEnumLiteral()) return fc.constant(t.getLiteralValue());
  if (t.isBooleanLiteral()) return fc.constant(t.getText() === "true");
  if (t.isTemplateLiteral()) return null;
  if (t.isString()) return fc.string({ maxLength: 8 });
  if (t.isNumber()) return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
  if (t.isBoolean()) return fc.boolean();
  if (t.getCallSignatures().length) return null;
  const name = t.getSymbol()?.getName() ?? "";
  if (NOT_JSON.has(name) || (/Array$/.test(name) && /^(Float|Int|Uint|BigInt|BigUint)/.test(name))) return null;
  if (t.isTuple()) {
    const items = t.getTupleElements().map((e) => arbitrary(e, at, depth + 1));
    return items.every((i) => i !== null) ? fc.tuple(...(items as Arb[])) : null;
  }
  const element = t.getArrayElementType() ?? (name === "ReadonlyArray" ? t.getTypeArguments()[0] : undefined);
  if (element) {
    const item = arbitrary(element, at, depth + 1);
    return item ? fc.array(item, { maxLength: 3 }) : fc.constant([]);
  }
  if (!t.isObject()) return null;
  const index = t.getStringIndexType();
  if (index) {
    const value = arbitrary(index, at, depth + 1);
    return value ? fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), value, { maxKeys: 3 }) : null;
  }
  const model: Record<string, Arb> = {};
  const required: string[] = [];
  for (const p of t.getProperties()) {
    const a = arbitrary(p.getTypeAtLocation(at), at, depth + 1);
    if (a) model[p.getName()] = a;
    if (!p.isOptional()) {
      if (!a) return null;
      required.push(p.getName());
    }
  }
  return fc.record(model, { requiredKeys: required });
}

interface ToolRow {
  readonly name: string;
  readonly guard?: string;
  readonly input_schema: Schema;
}
interface GuardRow {
  readonly guard: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly kinds: Readonly<Record<string, string>>;
}

const read = <T>(f: string) => JSON.parse(readFileSync(path.join(ROOT, "generated", f), "utf8")) as T;
const tools = read<{ tools: ToolRow[] }>("tools.json").tools.filter((t) => t.guard);
const guards = new Map(read<{ guards: GuardRow[] }>("guards.json").guards.map((g) => [g.guard, g]));

describe("JSON values of each guard's parameter types pass its tool's schema", () => {
  const project = new Project({
    tsConfigFilePath: path.join(ROOT, "tsconfig.json"),
    skipAddingFilesFromTsConfig: true,
  });
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateFormats: false });
  it("covers every tool of the generated table", () => {
    expect(tools.length).toBe(new Set(tools.map((t) => t.guard)).size);
    expect(tools.every((t) => guards.has(t.guard!))).toBe(true);
  });
  for (const tool of tools) {
    it(tool.name, () => {
      const g = guards.get(tool.guard!)!;
      const sf = project.addSourceFileAtPath(path.join(ROOT, "guards", `${g.guard}.ts`));
      const check = sf.getFunctionOrThrow("check");
      const props = (tool.input_schema.properties ?? {}) as Record<string, Schema>;
      let generated = 0;
      const skipped: string[] = [];
      [...g.required, ...g.optional].forEach((input, i) => {
        const param = check.getParameters()[i];
        if (!param || !props[input]) return;
        const arb = arbitrary(param.getType(), param);
        if (!arb) {
          skipped.push(input);
          return;
        }
        generated++;
        const validate = ajv.compile(relaxed({ ...props[input], $defs: tool.input_schema.$defs ?? {} }) as object);
        fc.assert(
          fc.property(arb, (v) => {
            if (!validate(v)) throw new Error(`${input} = ${JSON.stringify(v)}: ${ajv.errorsText(validate.errors)}`);
          }),
          { numRuns: 25, seed: 12 },
        );
      });
      // Only payload inputs have no JSON form of their own: every other input was generated and checked.
      const payloads = Object.keys(props).filter((n) => g.kinds[n] === "series" || g.kinds[n] === "frame");
      expect(skipped.sort()).toEqual(payloads.sort());
      // The ledger arguments are the tool layer's, not the guard's: no parameter of check generates them.
      expect(generated).toBe(Object.keys(props).length - payloads.length - ledgerArguments(g.guard).length);
    });
  }
});
