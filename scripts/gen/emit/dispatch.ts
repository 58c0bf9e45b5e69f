// dispatch.ts: static imports of every guard module (the one place guards are imported at
// run time), keyed by guard name, with parameter order; agreement.ts: the type-level check, both
// ways, that each guard accepts everything its schema admits and the schema admits every JSON
// value the guard's parameter type accepts.
import type { GuardModel } from "../model.js";
import { MAX_LINE } from "./layout.js";
import { pascal } from "./types.js";

/** One GUARDS entry: one line, or one property per line when the line would exceed MAX_LINE. */
function dispatchEntry(g: GuardModel): string {
  const parts = [
    `load: () => import("../guards/${g.guard}.js")`,
    `params: ${JSON.stringify([...g.required, ...g.optional])}`,
    `async: ${g.async}`,
    ...(g.trials.length ? [`trials: ${JSON.stringify(g.trials)}`] : []),
    ...(g.ledgerInput ? [`ledger: ${JSON.stringify(g.ledgerInput)}`] : []),
  ];
  const line = `  ${g.guard}: { ${parts.join(", ")} },`;
  if (line.length <= MAX_LINE) return line;
  return [`  ${g.guard}: {`, ...parts.map((p) => `    ${p},`), "  },"].join("\n");
}

export function emitDispatch(guards: readonly GuardModel[], header: string): string {
  const lines = [
    header,
    'import type { TrialInput } from "../src/contract/artefacts.js";',
    "",
    "export interface GuardEntry {",
    "  /** Imports the guard module on first use (a literal path: the runtime never builds one). */",
    "  readonly load: () => Promise<{ readonly check: (...args: never[]) => unknown }>;",
    "  readonly params: readonly string[];",
    "  readonly async: boolean;",
    "  /** Inputs the tool layer records as trials in the research ledger (`@trial`). */",
    "  readonly trials?: readonly TrialInput[];",
    "  /** The input the tool layer fills with the research ledger's summary (`@ledger`). */",
    "  readonly ledger?: string;",
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

/** One Assert entry: one line, or one part per line when the line would exceed MAX_LINE. */
function assertLine(check: "Accepts" | "Admits", arg: string, param: string, what: string): string {
  const line = `  Assert<${check}<${arg}, ${param}>>, // ${what}`;
  if (line.length <= MAX_LINE) return line;
  return [`  Assert<`, `    ${check}<`, `      ${arg},`, `      ${param}`, "    >", `  >, // ${what}`].join("\n");
}

export function emitAgreement(guards: readonly GuardModel[], header: string): string {
  const exported = guards.filter((g) => g.tool);
  const lines = [
    header,
    'import type { Cell, Frame, Series } from "../src/contract/guard.js";',
    'import type { Decoded } from "../src/runtime/decoded.js";',
    'import type { ToolArgs } from "./types.js";',
    ...exported.map((g) => `import type { check as ${g.guard} } from "../guards/${g.guard}.js";`),
    "",
    "type Assert<T extends true> = T;",
    "type Accepts<Arg, Param> = [Decoded<NonNullable<Arg>>] extends [NonNullable<Param>] ? true : false;",
    "/**",
    " * The JSON values a parameter type admits. Series and Frame are what the codec makes of a payload",
    " * (the forward check covers them); functions, typed arrays, dates and other class instances are not JSON.",
    " */",
    "type JsonOf<T> = T extends string | number | boolean | null",
    "  ? T",
    "  : T extends undefined | ((...args: never[]) => unknown) | ArrayBufferView | Date | Map<unknown, unknown>",
    "    ? never",
    "    : T extends Series<Cell> | Frame | Set<unknown>",
    "      ? never",
    "      : T extends object",
    "        ? { -readonly [K in keyof T]: JsonOf<T[K]> }",
    "        : never;",
    "type AllKeys<A> = A extends object ? keyof A : never;",
    "type ValueAt<A, K> = A extends object ? (K extends keyof A ? A[K] : never) : never;",
    "/** Property names, at any depth, that J has and no alternative of A declares (structural typing allows them). */",
    "type ExtraKeys<J, A> = J extends readonly (infer E)[]",
    "  ? ExtraKeys<E, Extract<A, readonly unknown[]>[number]>",
    "  : J extends object",
    "    ? Exclude<keyof J, AllKeys<A>> | { [K in keyof J]-?: ExtraKeys<J[K], ValueAt<A, K>> }[keyof J]",
    "    : never;",
    "type Admits<Arg, Param> = [JsonOf<Exclude<Param, undefined>>] extends [Exclude<Arg, undefined>]",
    "  ? [ExtraKeys<JsonOf<Exclude<Param, undefined>>, Exclude<Arg, undefined>>] extends [never]",
    "    ? true",
    "    : false",
    "  : false;",
    "",
    "/** Two lines per exported input: the guard accepts what its schema admits, and the other way round. */",
    "export type Agreement = [",
  ];
  for (const g of exported) {
    g.inputs.forEach((i, idx) => {
      if (!i.property) return;
      const arg = `ToolArgs[${JSON.stringify(g.tool)}][${JSON.stringify(i.name)}]`;
      const param = `Parameters<typeof ${g.guard}>[${idx}]`;
      const what = `${pascal(g.guard)}.${i.name}`;
      lines.push(assertLine("Accepts", arg, param, what));
      // A depth-bounded recursive input admits only the stated depth, less than its type: no reverse check.
      if (!i.depthBounded) lines.push(assertLine("Admits", arg, param, `${what}, reverse`));
    });
  }
  lines.push("];", "");
  return lines.join("\n");
}
