// Precompiled Ajv 2020 standalone validators: in_<tool> and out_<tool> per tool.
import * as standaloneModule from "ajv/dist/standalone/index.js";
import { makeAjv } from "../ajv.js";
import type { NeutralTool } from "./formats.js";
import { PAYLOAD_DEFS, type Json } from "../schema.js";
import { GUARD_RESULT_SCHEMA } from "../../../src/catalogue/result_schema.js";
import { formatJs } from "./layout.js";

/**
 * Points local payload refs at the shared payload_series / payload_frame schemas and drops string descriptions
 * (annotations; next to a $ref they make Ajv compile the target once per site).
 */
function sharedRefs(s: Json): Json {
  if (Array.isArray(s)) return s.map(sharedRefs);
  if (!s || typeof s !== "object") return s;
  return Object.fromEntries(
    Object.entries(s)
      .filter(([k, v]) => !(k === "description" && typeof v === "string"))
      .map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/") ? `payload_${v.slice(8)}` : sharedRefs(v),
      ]),
  );
}

// Under NodeNext the CommonJS module's function is its `default` export.
type StandaloneFn = (ajv: object, refs: Record<string, string>) => string;
const standalone = (standaloneModule.default as unknown as { default: StandaloneFn }).default;
const SHIM = 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\n';

export const validatorName = (kind: "in" | "out", tool: string) => `${kind}_${tool}`;

export function emitValidators(tools: readonly NeutralTool[], header: string): { js: string; dts: string } {
  const ajv = makeAjv();
  const refs: Record<string, string> = {};
  // The payload definitions are compiled once and shared by every tool's validator.
  for (const [name, def] of Object.entries(PAYLOAD_DEFS))
    ajv.addSchema({ $id: `payload_${name}`, ...(sharedRefs(def) as object) });
  // Guard tools share one result schema, hence one compiled output validator.
  ajv.addSchema({ $id: "guard_result", ...GUARD_RESULT_SCHEMA } as object);
  refs.out_guard_result = "guard_result";
  const aliases: string[] = [];
  for (const t of tools) {
    const { $defs: _local, ...input } = t.input_schema;
    ajv.addSchema({ $id: validatorName("in", t.name), ...(sharedRefs(input) as object) });
    refs[validatorName("in", t.name)] = validatorName("in", t.name);
    if (t.guard) aliases.push(validatorName("out", t.name));
    else {
      ajv.addSchema({ $id: validatorName("out", t.name), ...t.output_schema } as object);
      refs[validatorName("out", t.name)] = validatorName("out", t.name);
    }
  }
  const code = `${standalone(ajv, refs)}\n${aliases.map((a) => `export const ${a} = out_guard_result;`).join("\n")}`;
  const names = [...Object.keys(refs), ...aliases];
  const dts = [
    header.replace(/^\/\//gm, "//"),
    'import type { ErrorObject } from "ajv";',
    "export interface CompiledValidator { (data: unknown): boolean; errors?: ErrorObject[] | null }",
    ...names.map((n) => `export declare const ${n}: CompiledValidator;`),
    "",
  ].join("\n");
  return { js: formatJs(`${header}${SHIM}${code}\n`), dts };
}
