// dispatch.ts: static imports of every guard module (the one place guards are imported at
// run time), keyed by guard name, with parameter order; agreement.ts: the type-level check
// that each guard accepts everything its schema admits.
import type { GuardModel } from "../model.js";
import { MAX_LINE } from "./layout.js";
import { pascal } from "./types.js";

/** One GUARDS entry: one line, or one property per line when the line would exceed MAX_LINE. */
function dispatchEntry(g: GuardModel): string {
  const load = `load: () => import("../guards/${g.guard}.js")`;
  const params = `params: ${JSON.stringify([...g.required, ...g.optional])}`;
  const line = `  ${g.guard}: { ${load}, ${params}, async: ${g.async} },`;
  if (line.length <= MAX_LINE) return line;
  return [`  ${g.guard}: {`, `    ${load},`, `    ${params},`, `    async: ${g.async},`, "  },"].join("\n");
}

export function emitDispatch(guards: readonly GuardModel[], header: string): string {
  const lines = [
    header,
    "export interface GuardEntry {",
    "  /** Imports the guard module on first use (a literal path: the runtime never builds one). */",
    "  readonly load: () => Promise<{ readonly check: (...args: never[]) => unknown }>;",
    "  readonly params: readonly string[];",
    "  readonly async: boolean;",
    "}",
    "",
    "/** Guard name -> its module loader and the parameter order (required, then optional). */",
    "export const GUARDS: Readonly<Record<string, GuardEntry>> = Object.freeze({",
    ...guards.map(dispatchEntry),
    "});",
    "",
  ];
  return lines.join("\n");
}

export function emitAgreement(guards: readonly GuardModel[], header: string): string {
  const exported = guards.filter((g) => g.tool);
  const lines = [
    header,
    'import type { Decoded } from "../src/runtime/decoded.js";',
    'import type { ToolArgs } from "./types.js";',
    ...exported.map((g) => `import type { check as ${g.guard} } from "../guards/${g.guard}.js";`),
    "",
    "type Assert<T extends true> = T;",
    "type Accepts<Arg, Param> = [Decoded<NonNullable<Arg>>] extends [NonNullable<Param>] ? true : false;",
    "",
    "/** One line per exported input: the guard must accept everything its schema admits. */",
    "export type Agreement = [",
  ];
  for (const g of exported) {
    g.inputs.forEach((i, idx) => {
      if (!i.property) return;
      lines.push(
        `  Assert<Accepts<ToolArgs[${JSON.stringify(g.tool)}][${JSON.stringify(i.name)}], Parameters<typeof ` +
          `${g.guard}>[${idx}]>>, // ${pascal(g.guard)}.${i.name}`,
      );
    });
  }
  lines.push("];", "");
  return lines.join("\n");
}
