// JSDoc constraint tags -> JSON Schema keywords: `@minimum 0` on an Inputs entry, an interface
// member or a type alias. A tag that is unknown, malformed or does not fit the type is a problem (FS030).
import type { Json, Schema } from "./schema.js";

interface TagRule {
  /** The fragment types the keyword applies to. */
  readonly types: readonly string[];
  readonly parse: (value: string) => Json | undefined;
}

const number = (v: string): Json | undefined => (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v) ? Number(v) : undefined);
const count = (v: string): Json | undefined => (/^\d+$/.test(v) ? Number(v) : undefined);
const positive = (v: string): Json | undefined => {
  const n = number(v);
  return typeof n === "number" && n > 0 ? n : undefined;
};
const regex = (v: string): Json | undefined => {
  if (!v) return undefined;
  try {
    new RegExp(v, "u");
    return v;
  } catch {
    return undefined;
  }
};
const NUMERIC = ["number", "integer"];

export const TAG_RULES: Record<string, TagRule> = {
  minimum: { types: NUMERIC, parse: number },
  maximum: { types: NUMERIC, parse: number },
  exclusiveMinimum: { types: NUMERIC, parse: number },
  exclusiveMaximum: { types: NUMERIC, parse: number },
  multipleOf: { types: NUMERIC, parse: positive },
  minLength: { types: ["string"], parse: count },
  maxLength: { types: ["string"], parse: count },
  pattern: { types: ["string"], parse: regex },
  minItems: { types: ["array"], parse: count },
  maxItems: { types: ["array"], parse: count },
};

/**
 * Tags that are read elsewhere (the ledger's, scripts/gen/trials.ts; the depth bound, types/recursion.ts)
 * or are plain documentation, never keywords.
 */
const IGNORED = new Set(["remarks", "see", "link", "trial", "ledger", "maxDepth"]);

export interface Tag {
  readonly tag: string;
  readonly value: string;
}

export interface Constrained {
  readonly schema: Schema;
  /** Text to put before the description (`Deprecated: ...`), or "". */
  readonly prefix: string;
  readonly problems: readonly string[];
}

function parseExample(v: string): Json | undefined {
  try {
    return JSON.parse(v) as Json;
  } catch {
    return undefined;
  }
}

/** Sets `key` on every member of `s` whose type is in `types`; false when none is. */
function setOn(s: Schema, types: readonly string[], key: string, value: Json): boolean {
  if (Array.isArray(s.anyOf)) {
    const hits = (s.anyOf as Schema[]).map((m) => setOn(m, types, key, value));
    return hits.some(Boolean);
  }
  if (typeof s.type === "string" && types.includes(s.type)) {
    s[key] = value;
    return true;
  }
  return false;
}

/** Applies the tags to a copy of `fragment`. */
export function applyTags(fragment: Schema, tags: readonly Tag[]): Constrained {
  const schema = JSON.parse(JSON.stringify(fragment)) as Schema;
  const problems: string[] = [];
  let prefix = "";
  const examples: Json[] = [];
  for (const { tag, value } of tags) {
    if (IGNORED.has(tag)) continue;
    if (tag === "deprecated") {
      schema.deprecated = true;
      prefix = `Deprecated${value ? `: ${value.replace(/\.$/, "")}` : ""}.`;
      continue;
    }
    if (tag === "example") {
      const v = parseExample(value);
      if (v === undefined) problems.push(`@example ${value} is not a JSON value; write it as JSON (strings in "")`);
      else examples.push(v);
      continue;
    }
    const rule = TAG_RULES[tag];
    if (!rule) {
      const known = [...Object.keys(TAG_RULES), "deprecated", "example"].map((t) => `@${t}`).join(", ");
      problems.push(`unknown tag @${tag}; the constraint tags are ${known}`);
      continue;
    }
    const parsed = rule.parse(value);
    if (parsed === undefined) {
      problems.push(
        `@${tag} ${value || "(no value)"} is malformed; write e.g. @${tag} ${tag === "pattern" ? "^[A-Z]+$" : "1"}`,
      );
      continue;
    }
    if (!setOn(schema, rule.types, tag, parsed))
      problems.push(`@${tag} applies to ${rule.types.join(" or ")} values, and this input is not one`);
  }
  if (examples.length) schema.examples = examples;
  return { schema, prefix, problems };
}
