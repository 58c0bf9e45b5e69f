// One Ajv 2020 instance configured as the validators are compiled (docs/compiler.md, "What it writes").
import { Ajv2020 } from "ajv/dist/2020.js";
import { PAYLOAD_DEFS, type Json, type Schema } from "./schema.js";

export function makeAjv(): Ajv2020 {
  return new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    validateFormats: false,
    code: { source: true, esm: true },
    inlineRefs: false,
  });
}

const shared = makeAjv();

/** Validates `value` against a fragment that may reference the payload `$defs`; null when valid. */
export function fragmentError(fragment: Schema, value: Json): string | null {
  const validate = shared.compile({ ...fragment, $defs: PAYLOAD_DEFS } as object);
  if (validate(value)) return null;
  const e = validate.errors?.[0];
  return e ? `${e.instancePath || "(value)"} ${e.message ?? "is invalid"}` : "is invalid";
}

/** Meta-schema and strict-compile problems of a schema, or null. One instance compiles the meta-schema once. */
export function schemaProblem(schema: Schema): string | null {
  if (!shared.validateSchema(schema as object))
    return `fails the 2020-12 meta-schema: ${shared.errorsText(shared.errors)}`;
  try {
    shared.compile(schema as object);
    return null;
  } catch (e) {
    return `does not compile in Ajv strict mode: ${(e as Error).message}`;
  } finally {
    shared.removeSchema(schema as object); // the next schema may reuse this one's $id
  }
}
