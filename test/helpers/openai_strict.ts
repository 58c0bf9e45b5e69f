// OpenAI Structured Outputs (strict mode): the JSON Schema keywords it supports, as its documentation
// lists them. Stated here, independently of the emitter, so the export tests check against the rules.
export const OPENAI_STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "format",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
