// Accept/reject checks of a tool's input schemas: each input's schema (with the tool's $defs) judged by
// Ajv 2020 with the three date formats checked, as the fixture values files state them.
import { Ajv2020 } from "ajv/dist/2020.js";

export interface Values {
  readonly accept: readonly unknown[];
  readonly reject: readonly unknown[];
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
/** For schemas written by other tools, whose extra keywords strict mode would refuse. */
const lax = new Ajv2020({ strict: false, allowUnionTypes: true });
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
for (const a of [ajv, lax]) {
  a.addFormat("date", DATE);
  a.addFormat("date-time", DATE_TIME);
  a.addFormat("date-or-date-time", (s: string) => DATE.test(s) || DATE_TIME.test(s));
}

type Tool = { name: string; input_schema: { properties: Record<string, object>; $defs?: object } };

/** Values the schema of `input` judges wrongly: accepted ones it rejects and rejected ones it accepts. */
export function misjudged(tool: Tool, input: string, values: Values): string[] {
  const property = tool.input_schema.properties[input];
  if (!property) return [`${tool.name} has no input '${input}'`];
  return judge({ ...property, $defs: tool.input_schema.$defs ?? {} }, values, true);
}

/** Values a whole schema misjudges; `strict` false for schemas from other tools. */
export function judge(schema: object, values: Values, strict: boolean): string[] {
  const validate = (strict ? ajv : lax).compile(schema);
  return [
    ...values.accept.filter((v) => !validate(v)).map((v) => `rejects ${JSON.stringify(v)}`),
    ...values.reject.filter((v) => validate(v)).map((v) => `accepts ${JSON.stringify(v)}`),
  ];
}
