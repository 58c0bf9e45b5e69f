// The portable profile: what the generated export files and the served tools/list contain, derived
// from the files themselves; input descriptions kept but for what a keyword states; no output schemas.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMAT_PROSE, PORTABLE_KEYWORDS } from "../../scripts/gen/emit/portable.js";
import { callTool, exportTools, listTools } from "../../src/runtime/index.js";
import { buildServer } from "../../src/server/server.js";
import { KNOWN } from "../hardening/valid_args.js";
import { GEN, tools } from "../gen/generated.js";

const EXPORTS = path.join(GEN, "exports");
const files = readdirSync(EXPORTS).filter((f) => f.endsWith(".json"));
const load = (f: string): any[] => JSON.parse(readFileSync(path.join(EXPORTS, f), "utf8"));

/** Every forbidden construct under `x`: $ref, $defs, type arrays; `properties` maps are walked as maps. */
function forbidden(x: unknown, at = ""): string[] {
  if (Array.isArray(x)) return x.flatMap((v, i) => forbidden(v, `${at}/${i}`));
  if (!x || typeof x !== "object") return [];
  const out: string[] = [];
  const isMap = at.endsWith("/properties");
  for (const [k, v] of Object.entries(x)) {
    if (!isMap && (k === "$ref" || k === "$defs")) out.push(`${at}/${k}`);
    if (!isMap && k === "type" && Array.isArray(v)) out.push(`${at}/type is an array`);
    if (!isMap && (k === "enum" || k === "const")) continue;
    out.push(...forbidden(v, `${at}/${k}`));
  }
  return out;
}

/** The input schema of an export entry, whatever the format calls it. */
const inputOf = (e: any) => e.input_schema ?? e.inputSchema ?? e.parameters ?? e.function?.parameters;

/** Every property schema under a schema (nested objects, array items, anyOf branches), with its path. */
function properties(s: any, at = ""): [string, any][] {
  if (!s || typeof s !== "object") return [];
  const out: [string, any][] = [];
  for (const [name, p] of Object.entries<any>(s.properties ?? {}))
    out.push([`${at}.${name}`, p], ...properties(p, `${at}.${name}`));
  if (s.items) out.push(...properties(s.items, `${at}[]`));
  for (const [i, b] of (s.anyOf ?? []).entries()) out.push(...properties(b, `${at}|${i}`));
  return out;
}

/** Descriptions of every named property, by path; anyOf branch numbers dropped (the profile may reorder branches). */
function descriptions(s: any): Record<string, string> {
  return Object.fromEntries(
    properties(s)
      .filter(([, p]) => typeof p.description === "string")
      .map(([at, p]) => [at.replace(/\|\d+/g, "|"), p.description]),
  );
}

/** Keywords used at schema positions (not inside properties maps or enum values). */
function keywords(s: any, out = new Set<string>()): Set<string> {
  if (Array.isArray(s)) for (const v of s) keywords(v, out);
  else if (s && typeof s === "object")
    for (const [k, v] of Object.entries(s)) {
      out.add(k);
      if (k === "properties") for (const p of Object.values(v as object)) keywords(p, out);
      else if (k !== "enum" && k !== "description") keywords(v, out);
    }
  return out;
}

describe("the portable profile in generated/exports", () => {
  it("no export file contains $ref, $defs or a type array", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(forbidden(load(f)), f).toEqual([]);
  });

  it("every property has a single top-level type unless its alternatives differ in type", () => {
    for (const f of files.filter((x) => x !== "gemini.json")) {
      for (const e of load(f)) {
        for (const [at, p] of properties(inputOf(e))) {
          if (typeof p.type === "string") continue;
          const types = (p.anyOf ?? []).map((b: any) => b.type);
          expect(
            types.every((t: unknown) => typeof t === "string"),
            `${f} ${e.name ?? e.function.name}${at}`,
          ).toBe(true);
          expect(new Set(types).size, `${f} ${e.name ?? e.function.name}${at}`).toBe(types.length);
          expect(types.length, `${f} ${e.name ?? e.function.name}${at}`).toBeGreaterThan(1);
        }
      }
    }
  });

  it("the portable formats use only the portable keywords", () => {
    for (const f of ["anthropic.json", "openai.json", "openai-chat.json", "mcp.json"]) {
      const used = new Set(load(f).flatMap((e) => [...keywords(inputOf(e))]));
      expect(
        [...used].filter((k) => !PORTABLE_KEYWORDS.has(k)),
        f,
      ).toEqual([]);
    }
  });

  it("every input's description is the full table's, but for what a keyword or the parent states", () => {
    const full = tools();
    const prose = new Map([...FORMAT_PROSE].map(([f, p]) => [f, p.trim()]));
    let aliases = 0;
    let formats = 0;
    for (const f of files.filter((x) => x !== "openai-strict.json")) {
      load(f).forEach((e, i) => {
        const want = descriptions(full[i]!.input_schema);
        const got = descriptions(inputOf(e));
        const nodes = Object.fromEntries(properties(inputOf(e)).map(([at, p]) => [at.replace(/\|\d+/g, "|"), p]));
        for (const [at, text] of Object.entries(want)) {
          const where = `${f} ${full[i]!.name}${at}`;
          if (/^Alias of \w+\.$/.test(text)) {
            aliases++;
            expect(got[at], where).toBeUndefined();
            continue;
          }
          if (f === "gemini.json") {
            // Gemini cannot carry a date format: its prose stays or is added (scripts/gen/emit/gemini.ts).
            const added = (got[at] ?? "").slice(text.length).trim();
            expect((got[at] ?? "").startsWith(text), where).toBe(true);
            expect(added === "" || [...prose.values()].includes(added), where).toBe(true);
            continue;
          }
          const stated = prose.get(nodes[at]?.format);
          if (stated && text.endsWith(stated) && got[at] !== text) {
            formats++;
            expect(got[at] ?? "", where).toBe(text.slice(0, -stated.length).trim());
          } else expect(got[at], where).toBe(text);
        }
      });
    }
    expect(aliases).toBeGreaterThan(0);
    expect(formats).toBeGreaterThan(0);
  });

  it("no input schema carries the output-only truncated marker", () => {
    for (const f of files) for (const e of load(f)) expect(JSON.stringify(inputOf(e))).not.toContain("truncated");
  });
});

describe("output schemas", () => {
  const ajv = new Ajv2020({ strict: false });
  const full = exportTools("mcp-full") as any[];

  it("the compact mcp export carries none; mcp-full carries the table's", () => {
    for (const e of exportTools("mcp") as any[]) expect(e.outputSchema, e.name).toBeUndefined();
    full.forEach((e, i) => expect(e.outputSchema, e.name).toEqual(tools()[i]!.output_schema));
  });

  it("mcp-full's output schema accepts real results of every tool", async () => {
    for (const e of full) {
      const result = await callTool(e.name, KNOWN[e.name] ?? {});
      expect(ajv.validate(e.outputSchema, result), e.name).toBe(true);
    }
  });
});

describe("the served tools/list", () => {
  let client: Client;
  beforeAll(async () => {
    const server = await buildServer();
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    client = new Client({ name: "portable-test", version: "1" });
    await client.connect(b);
  });
  afterAll(async () => client.close());

  it("is the mcp export: every tool, no $ref, $defs or type array", async () => {
    const { tools: served } = await client.listTools();
    expect(served.map((t) => t.name)).toEqual(listTools().map((t) => t.name));
    expect(forbidden(served)).toEqual([]);
    expect(served).toEqual(exportTools("mcp"));
  });
});
