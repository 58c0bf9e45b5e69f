// Compact notation of an input schema for the API report and the schema diff: the type in a
// TypeScript-like line, the bounds as comparisons, and the default. One source for both readers.
type Node = Record<string, unknown>;

const isNode = (x: unknown): x is Node => !!x && typeof x === "object" && !Array.isArray(x);
const defName = (ref: string) => ref.replace(/^#\/\$defs\//, "");

function union(parts: readonly string[]): string {
  return [...new Set(parts)].join(" | ");
}

function arrayOf(items: unknown): string {
  const inner = compactType(items);
  return inner.includes(" ") ? `(${inner})[]` : `${inner}[]`;
}

function objectType(s: Node): string {
  const props = isNode(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const fields = Object.entries(props).map(([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${compactType(v)}`);
  if (isNode(s.additionalProperties)) fields.push(`[key]: ${compactType(s.additionalProperties)}`);
  return fields.length ? `{${fields.join(", ")}}` : "object";
}

/** `[string(date), number]`: a tuple's positions. */
function tupleOf(s: Node): string {
  return `[${(s.prefixItems as unknown[]).map(compactType).join(", ")}]`;
}

function typed(s: Node, type: string): string {
  if (type === "array" && Array.isArray(s.prefixItems)) return tupleOf(s);
  if (type === "array") return s.items === undefined ? "array" : arrayOf(s.items);
  if (type === "object") return objectType(s);
  if (type === "string" && typeof s.format === "string") return `string(${s.format})`;
  return type;
}

/** The type of a schema in one line: `series | number`, `number[]`, `"buy" | "sell"`, `{a: string, b?: number}`. */
export function compactType(schema: unknown): string {
  if (!isNode(schema)) return schema === true || schema === undefined ? "any" : "never";
  const s = schema;
  if (typeof s.$ref === "string") return defName(s.$ref);
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return union(alternatives.map(compactType));
  if (Array.isArray(s.enum)) return union(s.enum.map((v) => JSON.stringify(v)));
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.type)) return union((s.type as string[]).map((t) => typed(s, t)));
  if (typeof s.type === "string") return typed(s, s.type);
  return "any";
}

const BOUND_KEYWORDS: Record<string, string> = {
  minimum: ">=",
  exclusiveMinimum: ">",
  maximum: "<=",
  exclusiveMaximum: "<",
  minItems: "items >=",
  maxItems: "items <=",
  minLength: "length >=",
  maxLength: "length <=",
  pattern: "matches",
};

/** Bounds stated in prose (`>= 0`, `> -1`) when the schema carries no keyword for them. */
const PROSE_BOUND = /(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)(?!\w)/g;
const PROSE_KEY: Record<string, string> = {
  ">=": "minimum",
  ">": "exclusiveMinimum",
  "<=": "maximum",
  "<": "exclusiveMaximum",
};

/** Bounds of a schema, keyword -> value; `items.` prefixes the bounds of array items. */
export function bounds(schema: unknown, prefix = ""): Map<string, number | string> {
  const out = new Map<string, number | string>();
  if (!isNode(schema)) return out;
  for (const key of Object.keys(BOUND_KEYWORDS)) {
    const v = schema[key];
    if (typeof v === "number" || typeof v === "string") out.set(`${prefix}${key}`, v);
  }
  if (!prefix && typeof schema.description === "string") {
    for (const m of schema.description.matchAll(PROSE_BOUND)) {
      const key = PROSE_KEY[m[1]!]!;
      if (!out.has(key)) out.set(key, Number(m[2]));
    }
  }
  if (isNode(schema.items)) for (const [k, v] of bounds(schema.items, `${prefix}items.`)) out.set(k, v);
  return out;
}

/** `>= 0, items <= 32`: the bounds in the report's notation. */
export function compactBounds(b: ReadonlyMap<string, number | string>): string {
  return [...b]
    .map(([key, v]) => {
      const items = key.startsWith("items.") ? "each " : "";
      const op = BOUND_KEYWORDS[key.replace(/^(items\.)+/, "")] ?? key;
      return `${items}${op} ${typeof v === "string" ? JSON.stringify(v) : v}`;
    })
    .join(", ");
}

/** The words of the prose without stated bounds, so that a bound change is not also a wording change. */
export const withoutBounds = (prose: string): string =>
  prose
    .replace(PROSE_BOUND, "")
    .replace(/[^\w.%-]+|\.(?!\d)/g, " ")
    .trim();

/** The trailing `Default X.` sentence the compiler appends to a description. */
const DEFAULT_SENTENCE = /\s*Default (.+)\.$/;

/** The default of an input: the `default` keyword, else the compiler's `Default X.` sentence; undefined when none. */
export function defaultOf(schema: unknown): string | undefined {
  if (!isNode(schema)) return undefined;
  if ("default" in schema) return JSON.stringify(schema.default);
  const m = typeof schema.description === "string" ? DEFAULT_SENTENCE.exec(schema.description) : null;
  return m ? m[1] : undefined;
}

/** The description without the default sentence: the prose a reviewer reads. */
export function proseOf(schema: unknown): string {
  const d = isNode(schema) && typeof schema.description === "string" ? schema.description : "";
  return d.replace(DEFAULT_SENTENCE, "").trim();
}
