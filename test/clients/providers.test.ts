// Each export format against its provider's documented rules, not only its SDK type:
// Anthropic tool definitions, OpenAI function tools and strict mode, Gemini function declarations,
// MCP Tool objects. The rules are written here as the providers document them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { exportTools } from "../../src/runtime/index.js";
import { GEN, tools } from "../gen/generated.js";
import { OPENAI_STRICT_KEYWORDS } from "../helpers/openai_strict.js";

const load = (f: string): any[] => JSON.parse(readFileSync(path.join(GEN, "exports", `${f}.json`), "utf8"));
const names = tools().map((t) => t.name);

/** Compiles a schema as JSON Schema 2020-12 with Ajv's strict mode (unknown keywords are errors). */
function compiles(schema: unknown): string | null {
  try {
    new Ajv2020({ strict: true, validateFormats: false }).compile(schema as object);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Every subschema of `s` with its path (properties maps walked as maps, enum values skipped). */
function nodes(s: any, at = "$"): [string, any][] {
  if (!s || typeof s !== "object" || Array.isArray(s)) return [];
  const out: [string, any][] = [[at, s]];
  for (const [k, p] of Object.entries<any>(s.properties ?? {})) out.push(...nodes(p, `${at}.${k}`));
  if (s.items) out.push(...nodes(s.items, `${at}[]`));
  for (const [i, b] of (s.anyOf ?? []).entries()) out.push(...nodes(b, `${at}|${i}`));
  return out;
}

describe("anthropic: tool definitions", () => {
  // Anthropic tool use: name matches ^[a-zA-Z0-9_-]{1,64}$; input_schema is a JSON Schema object.
  it("names, keys and input_schema follow Anthropic's rules", () => {
    const entries = load("anthropic");
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const e of entries) {
      expect(Object.keys(e).sort(), e.name).toEqual(["description", "input_schema", "name"]);
      expect(e.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(typeof e.description).toBe("string");
      expect(e.input_schema.type, e.name).toBe("object");
      expect(compiles(e.input_schema), e.name).toBeNull();
    }
  });
});

describe("openai: function tools", () => {
  // OpenAI function calling: name a-z, A-Z, 0-9, underscores and dashes, at most 64; parameters a JSON Schema object.
  it("Responses and Chat Completions forms", () => {
    for (const f of ["openai", "openai-strict", "openai-chat"]) {
      for (const e of load(f)) {
        const fn = f === "openai-chat" ? e.function : e;
        expect(e.type, f).toBe("function");
        expect(fn.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(fn.parameters.type, `${f} ${fn.name}`).toBe("object");
        expect(compiles(fn.parameters), `${f} ${fn.name}`).toBeNull();
      }
    }
  });

  // Structured Outputs (strict): the root is an object, not anyOf; every object lists all its properties
  // as required and sets additionalProperties: false; at most 10 levels of nesting and 5000 properties;
  // at most 1000 enum values; only the supported keywords.
  const STRICT = OPENAI_STRICT_KEYWORDS;
  it("strict entries follow the Structured Outputs rules", () => {
    const strict = load("openai-strict").filter((e) => e.strict);
    expect(strict.length).toBeGreaterThan(0);
    for (const e of strict) {
      const p = e.parameters;
      expect(p.anyOf, e.name).toBeUndefined();
      let props = 0;
      let enums = 0;
      for (const [at, n] of nodes(p)) {
        for (const k of Object.keys(n)) expect(STRICT.has(k), `${e.name} ${at} ${k}`).toBe(true);
        if (n.type === "object") {
          expect(n.additionalProperties, `${e.name} ${at}`).toBe(false);
          expect([...(n.required ?? [])].sort(), `${e.name} ${at}`).toEqual(Object.keys(n.properties ?? {}).sort());
        }
        props += Object.keys(n.properties ?? {}).length;
        enums += (n.enum ?? []).length;
        expect(at.split(/[.[|]/).length - 1, `${e.name} ${at} depth`).toBeLessThanOrEqual(10 * 2);
      }
      expect(props).toBeLessThanOrEqual(5000);
      expect(enums).toBeLessThanOrEqual(1000);
    }
  });
});

describe("gemini: function declarations", () => {
  // https://ai.google.dev/api/caching#Schema - "a select subset of an OpenAPI 3.0 schema object".
  const FIELDS = new Set([
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "items",
    "minimum",
    "maximum",
  ]);
  const TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);
  it("uses only the documented Schema fields, types and string formats", () => {
    const entries = load("gemini");
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(["description", "name", "parameters"]);
      // FunctionDeclaration.name: starts with a letter or underscore; a-z, A-Z, 0-9, _ . : -; at most 64.
      expect(e.name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/);
      expect(e.parameters.type).toBe("OBJECT");
      for (const [at, n] of nodes(e.parameters)) {
        const where = `${e.name} ${at}`;
        for (const k of Object.keys(n)) expect(FIELDS.has(k), `${where} ${k}`).toBe(true);
        if (n.type !== undefined) expect(TYPES.has(n.type), where).toBe(true);
        else expect(Array.isArray(n.anyOf), `${where}: a type or an anyOf`).toBe(true);
        if (n.format !== undefined) {
          expect(n.type, where).toBe("STRING");
          expect(["enum", "date-time"], where).toContain(n.format);
        }
        if (n.enum) {
          expect(n.type, where).toBe("STRING");
          for (const v of n.enum) expect(typeof v, where).toBe("string");
        }
        if (n.type === "ARRAY") expect(n.items, `${where}: ARRAY needs items`).toBeDefined();
        for (const r of n.required ?? []) expect(Object.keys(n.properties ?? {}), where).toContain(r);
      }
    }
  });
});

describe("mcp: Tool objects", () => {
  // MCP Tool: name 1 to 128 of A-Z a-z 0-9 _ - .; inputSchema (and outputSchema, in mcp-full) are JSON
  // Schema objects with type "object" (2020-12 by default); annotations are the four hints.
  it("each entry is an MCP Tool", () => {
    const entries = load("mcp");
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const e of entries) {
      expect(ToolSchema.safeParse(e).success, e.name).toBe(true);
      expect(e.name).toMatch(/^[A-Za-z0-9_.-]{1,128}$/);
      expect(e.inputSchema.type, e.name).toBe("object");
      expect(compiles(e.inputSchema), e.name).toBeNull();
      for (const k of Object.keys(e.annotations))
        expect(["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]).toContain(k);
    }
  });

  it("each mcp-full entry is an MCP Tool whose outputSchema compiles", () => {
    for (const e of exportTools("mcp-full") as any[]) {
      expect(ToolSchema.safeParse(e).success, e.name).toBe(true);
      expect(e.outputSchema.type, e.name).toBe("object");
      expect(compiles(e.outputSchema), e.name).toBeNull();
    }
  });
});
