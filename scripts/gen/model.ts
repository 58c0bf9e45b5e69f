// Facts -> a normalised GuardModel per guard, with every cross-check of docs/contract.md §2.
import { diag, type Diagnostic, type Where } from "./diagnostics.js";
import { applyTags, type Constrained } from "./constraints.js";
import { parseDoc, type DocEntry } from "./jsdoc.js";
import { KEYWORDS_TAG, readKeywords } from "./keywords.js";
import { fragmentError } from "./ajv.js";
import { nonAscii } from "./ascii.js";
import { jsonSpelling } from "./json_spelling.js";
import { lintSchema } from "./lint.js";
import {
  FILE_REFERENCE_SENTENCE,
  PAYLOAD_DEFS,
  SERIES_REF,
  FRAME_REF,
  referencedDefs,
  type Json,
  type Schema,
} from "./schema.js";
import type { Alternative, GuardFacts, ParamFact } from "./extract.js";
import { limitsSentence } from "../../src/runtime/budget/refuse.js";
import {
  LEDGER_ARGUMENTS,
  LEDGER_FILLED,
  dateFormatOf,
  type GuardEntry,
  type InputKind,
  type PayloadDefName,
  type TrialInput,
} from "../../src/contract/artefacts.js";
import { LEDGER_ARGUMENT_SCHEMAS } from "../../src/catalogue/ledger_args.js";
import { LEDGER_TAG, TRIAL_TAG, hasTag, ledgerInput, trialInputs, trialKind, trialSentence } from "./trials.js";

export const TOOL_NAME = /^[a-z][a-z0-9_]{0,47}$/;
export const INPUT_NAME = /^[a-z][a-z0-9_]{0,63}$/;
export const ASCII = /^[\x20-\x7e]*$/;

export type { InputKind } from "../../src/contract/artefacts.js";

export interface InputModel {
  readonly name: string;
  readonly required: boolean;
  readonly doc: string;
  readonly fragment: Schema | null;
  readonly cannot: string | null;
  readonly kind: InputKind;
  readonly hasDefault: boolean;
  readonly default: Json | undefined;
  readonly slot: string;
  readonly property: Schema | null;
  /** A recursive type nested to its @maxDepth: the schema admits less than the parameter type (FS106). */
  readonly depthBounded?: boolean;
}

/** The fields it shares with guards.json's entry are that entry's (one definition, in the leaf). */
export interface GuardModel
  extends Pick<
    GuardEntry,
    "guard" | "skill" | "title" | "summary" | "required" | "optional" | "alternatives" | "requires"
  > {
  readonly file: string;
  readonly prose: string;
  readonly async: boolean;
  readonly aliases: Readonly<Record<string, string>>;
  readonly inputs: readonly InputModel[];
  readonly blockers: Readonly<Record<string, string>>;
  readonly omitted: Readonly<Record<string, string>>;
  readonly tool: string | null;
  readonly reason: string | null;
  readonly description: string | null;
  /** The description the compact exports start from (scripts/gen/emit/portable.ts). */
  readonly compactDescription: string | null;
  readonly inputSchema: Schema | null;
  /** Inputs declared trials (`@trial`), recorded by the tool layer. */
  readonly trials: readonly TrialInput[];
  /** The input the tool layer fills with the ledger's summary (`@ledger`), or null. */
  readonly ledgerInput: string | null;
  /** The words users type for what the guard catches (`@keywords`, scripts/gen/keywords.ts). */
  readonly keywords: readonly string[];
}

export interface SlotDef {
  readonly slot: string;
  readonly kind: string;
  readonly doc: string;
}

export interface ModelContext {
  readonly skills: ReadonlySet<string>;
  readonly slots: ReadonlyMap<string, SlotDef>;
  readonly catalogueNames: ReadonlySet<string>;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** `a or (b + c)` for one either/or group. */
export function renderGroup(group: readonly Alternative[]): string {
  return group.map((a) => (typeof a === "string" ? a : a.length === 1 ? a[0]! : `(${a.join(" + ")})`)).join(" or ");
}

function kindOf(fragment: Schema | null): InputKind {
  if (fragment && Object.keys(fragment).length === 1 && fragment.$ref === SERIES_REF) return "series";
  if (fragment && Object.keys(fragment).length === 1 && fragment.$ref === FRAME_REF) return "frame";
  return "other";
}

/**
 * An input's property: the fragment with the `default` keyword when the parameter has a JSON default;
 * the description is the doc, then `Default <json>.` (kept for targets that strip `default`), then
 * the fragment's own description.
 */
export function composeProperty(fragment: Schema, doc: string, required: boolean, value: Json | undefined): Schema {
  const withDefault = !required && value !== undefined;
  let text = doc;
  if (withDefault) text = `${text} Default ${JSON.stringify(value)}.`;
  if (typeof fragment.description === "string") text = `${text} ${fragment.description}`;
  const { description: _own, ...rest } = fragment;
  return { ...rest, ...(withDefault ? { default: value } : {}), description: collapse(text) };
}

/** Checks a slot's curated kind against an input's fragment (FS012). */
export function fitsSlotKind(kind: string, fragment: Schema | null, cannot: string | null): boolean {
  const members: Schema[] = fragment ? (Array.isArray(fragment.anyOf) ? (fragment.anyOf as Schema[]) : [fragment]) : [];
  const has = (p: (s: Schema) => boolean) => members.some(p);
  const isDate = (s: Schema) => dateFormatOf(s) !== null;
  switch (kind) {
    case "series":
      return has((s) => s.$ref === SERIES_REF);
    case "frame":
      return has((s) => s.$ref === FRAME_REF);
    case "scalar":
      return has((s) => s.type === "number" || s.type === "integer");
    case "text":
      return has((s) => s.type === "string" && !isDate(s));
    case "date":
      return has(isDate);
    case "sequence":
      return has((s) => s.type === "array");
    case "mapping":
      return has((s) => s.type === "object");
    case "callable":
      return cannot?.includes("callable") === true;
    case "any":
      return true;
    default:
      return false;
  }
}

class Checker {
  readonly out: Diagnostic[] = [];
  constructor(readonly facts: GuardFacts) {}
  at(line: number, path = "", column = 1): Where {
    return { guard: this.facts.guard, file: this.facts.file, line, path, column };
  }
  report(code: Parameters<typeof diag>[0], line: number, message: string, path = "", column = 1): void {
    this.out.push(diag(code, this.at(line, path, column), message));
  }
  /** A diagnostic at a parameter's own position. */
  reportParam(code: Parameters<typeof diag>[0], p: ParamFact, message: string): void {
    this.report(code, p.line, message, p.name, p.column);
  }
}

function checkNames(
  c: Checker,
  required: readonly string[],
  optional: readonly string[],
  params: readonly ParamFact[],
): void {
  const f = c.facts;
  const tupleLine = f.required?.line ?? 1;
  const seen = new Set<string>();
  for (const n of [...required, ...optional]) {
    if (seen.has(n)) c.report("FS005", tupleLine, `input '${n}' is listed twice in required/optional`, n);
    seen.add(n);
    if (!INPUT_NAME.test(n)) c.report("FS010", tupleLine, `input name '${n}' does not match ${INPUT_NAME.source}`, n);
  }
  const paramNames = params.map((p) => p.name);
  for (const n of seen)
    if (!paramNames.includes(n))
      c.report("FS002", tupleLine, `'${n}' is in the tuples but is not a parameter of check()`, n);
  for (const p of params)
    if (!seen.has(p.name)) c.reportParam("FS003", p, `parameter '${p.name}' is in neither required nor optional`);
  const expected = [...required, ...optional].filter((n) => paramNames.includes(n));
  const actual = paramNames.filter((n) => seen.has(n));
  if (JSON.stringify(expected) !== JSON.stringify(actual)) {
    c.report(
      "FS004",
      f.check?.line ?? tupleLine,
      `check() parameters are in order ${JSON.stringify(actual)}; required then optional is ` +
        `${JSON.stringify(expected)}`,
    );
  }
  for (const p of params) {
    const isReq = required.includes(p.name);
    const isOpt = optional.includes(p.name);
    if (isReq && (p.questionToken || p.initializer !== null))
      c.reportParam(
        "FS006",
        p,
        `required input '${p.name}' must have no '?' and no default; list it in optional, or drop the default`,
      );
    if (isOpt && !p.questionToken && p.initializer === null)
      c.reportParam("FS006", p, `optional input '${p.name}' needs '?' or a default`);
  }
}

/** The enum values a fragment allows, as JSON, or null when it is not an enumeration. */
function allowedValues(fragment: Schema): string | null {
  const members = Array.isArray(fragment.anyOf) ? (fragment.anyOf as Schema[]) : [fragment];
  const values = members.flatMap((m) => (Array.isArray(m.enum) ? m.enum : m.type === "null" ? [null] : []));
  return values.length ? values.map((v) => JSON.stringify(v)).join(", ") : null;
}

function checkDefault(c: Checker, p: ParamFact, fragment: Schema | null): Json | undefined {
  if (p.initializer === null) return undefined;
  let value: Json;
  try {
    value = JSON.parse(p.initializer) as Json;
  } catch {
    const json = jsonSpelling(p.initializer);
    const hint = json ? `; write it as JSON: ${json}` : "; write a JSON literal (a constant's name is not one)";
    c.reportParam("FS007", p, `default of '${p.name}' is not a JSON literal: ${p.initializer}${hint}`);
    return undefined;
  }
  if (fragment) {
    const err = fragmentError(fragment, value);
    const allowed = allowedValues(fragment);
    if (err)
      c.reportParam(
        "FS007",
        p,
        `default of '${p.name}' does not fit its type: ${err}${allowed ? `; allowed values: ${allowed}` : ""}`,
      );
  }
  return value;
}

/** The Inputs entry's constraint tags applied to an input's fragment; problems are FS030. */
function constrain(c: Checker, name: string, fragment: Schema, entry: DocEntry | undefined): Constrained {
  const out = applyTags(fragment, entry?.tags ?? []);
  const line = entry?.line ?? c.facts.check?.line ?? 1;
  for (const p of out.problems) c.report("FS030", line, `input '${name}': ${p}`, name);
  for (const ex of (out.schema.examples ?? []) as Json[]) {
    const err = fragmentError(out.schema, ex);
    if (err) c.report("FS030", line, `input '${name}': @example ${JSON.stringify(ex)} does not fit: ${err}`, name);
  }
  return out;
}

function checkDocs(c: Checker, names: readonly string[]) {
  const f = c.facts;
  const doc = f.check?.doc;
  const parsed = parseDoc(doc?.value ?? "", doc?.line ?? f.check?.line ?? 1);
  for (const p of parsed.problems) c.report(p.code, p.line, p.message);
  const ended = parsed.endedBy
    ? ` (the description ended at '@${parsed.endedBy.tag}' on line ${parsed.endedBy.line})`
    : "";
  if (names.length > 0 && !parsed.hasInputsHeader)
    c.report("FS008", doc?.line ?? f.check?.line ?? 1, `the JSDoc of check() has no 'Inputs' block${ended}`);
  const docs = new Map<string, string>();
  const tags = new Map<string, DocEntry>();
  for (const e of parsed.entries) {
    for (const n of e.names) {
      if (docs.has(n)) c.report("FS005", e.line, `input '${n}' is documented twice`, n);
      else if (!names.includes(n)) c.report("FS008", e.line, `documented name '${n}' is not an input`, n);
      docs.set(n, e.text);
      tags.set(n, e);
    }
  }
  for (const n of names)
    if (!docs.has(n) && parsed.hasInputsHeader)
      c.report("FS008", doc?.line ?? 1, `input '${n}' has no doc line in the Inputs block${ended}`, n);
  for (const bad of nonAscii(doc?.value ?? "", doc?.line ?? 1, doc?.column ?? 1))
    c.report("FS014", bad.line, `non-ASCII character in the JSDoc of check(): ${bad.shown}`, "", bad.column);
  return { parsed, docs, tags };
}

function checkAlternatives(c: Checker, required: readonly string[], optional: readonly string[]): void {
  const alts = c.facts.alternatives;
  if (!alts) return;
  const seen = new Set<string>();
  for (const group of alts.value) {
    if (group.length < 2)
      c.report("FS013", alts.line, `either/or group ${JSON.stringify(group)} has fewer than two alternatives`);
    for (const n of group.flat()) {
      if (seen.has(n)) c.report("FS005", alts.line, `'${n}' appears twice in alternatives`, n);
      seen.add(n);
      if (required.includes(n)) c.report("FS013", alts.line, `alternatives name '${n}', which is a required input`, n);
      else if (!optional.includes(n))
        c.report("FS013", alts.line, `alternatives name '${n}', which is not an input`, n);
    }
  }
}

function checkSlots(c: Checker, inputs: readonly InputModel[], ctx: ModelContext): void {
  const aliases = c.facts.slots;
  const line = aliases?.line ?? 1;
  const seen = new Set<string>();
  for (const [input, slot] of aliases?.value ?? []) {
    if (seen.has(input)) c.report("FS005", line, `slot alias for '${input}' is given twice`, input);
    seen.add(input);
    if (!inputs.some((i) => i.name === input)) c.report("FS012", line, `slots key '${input}' is not an input`, input);
    if (!ctx.slots.has(slot))
      c.report("FS012", line, `slots value '${slot}' is not a curated slot (src/catalogue/slots.ts)`, input);
  }
  for (const i of inputs) {
    const def = ctx.slots.get(i.slot);
    if (def && !fitsSlotKind(def.kind, i.fragment, i.cannot)) {
      c.report(
        "FS012",
        line,
        `input '${i.name}' resolves to slot '${i.slot}' of kind ${def.kind}, which its type does not fit`,
        i.name,
      );
    }
  }
}

function blockersReason(guard: string, blockers: Record<string, string>): string {
  const parts = Object.entries(blockers).map(([k, why], i) => `${i === 0 ? "required input " : ""}${k} is ${why}`);
  return (
    `${parts.join(" and ")} - it cannot be sent as JSON, and a fabricated one would not be the caller's. Call ` +
    `the guard in-process instead: runGuard('${guard}', inputs)`
  );
}

/**
 * The tool description in two forms from the same parts: `full` (the table's: all the prose, the
 * limits, the file-reference sentence) and `compact` (the exports': the summary paragraph; the rest of
 * the prose and the limits are served by describe_guard, the payload sentence is added by the portable profile).
 */
function describeTool(
  doc: { readonly summary: string; readonly prose: string },
  requires: readonly string[],
  omitted: Record<string, string>,
  skill: string,
  payloads: boolean,
  guard: string,
): { full: string; compact: string } {
  const required = requires.length ? `Required: ${requires.join(", ")}.` : "Required: nothing.";
  const om = Object.entries(omitted);
  // A `@ledger` input is no argument a caller sends: the tool layer fills it, so the exports do not name it.
  const inProcess = om.filter(([, why]) => why !== LEDGER_FILLED).map(([k]) => k);
  const full = [
    doc.prose,
    limitsSentence(guard),
    required,
    payloads ? FILE_REFERENCE_SENTENCE : "",
    om.length ? `Not available over JSON: ${om.map(([k, w]) => `${k} (${w})`).join("; ")}.` : "",
    `Owning skill: ${skill} - call read_skill('${skill}') for the text.`,
  ];
  const compact = [
    doc.summary,
    required,
    inProcess.length ? `In-process only: ${inProcess.join(", ")}.` : "",
    `Skill: ${skill}.`,
  ];
  return { full: full.filter(Boolean).join(" "), compact: compact.filter(Boolean).join(" ") };
}

/** The input schema; a guard that records or reads trials also takes the ledger arguments. */
function assembleSchema(inputs: readonly InputModel[], usesLedger: boolean): Schema {
  const properties: Schema = {};
  for (const i of inputs) if (i.property) properties[i.name] = i.property;
  if (usesLedger) for (const a of LEDGER_ARGUMENTS) properties[a] = LEDGER_ARGUMENT_SCHEMAS[a];
  const schema: Schema = {
    type: "object",
    properties,
    required: inputs.filter((i) => i.required && i.property).map((i) => i.name),
    additionalProperties: false,
  };
  const used = [...referencedDefs(properties)].sort();
  if (used.length) schema.$defs = Object.fromEntries(used.map((d) => [d, PAYLOAD_DEFS[d as PayloadDefName]]));
  return schema;
}

/** Builds the model of one guard; diagnostics go to `out`. Returns null when facts are too broken. */
export function modelGuard(facts: GuardFacts, ctx: ModelContext, out: Diagnostic[]): GuardModel | null {
  const c = new Checker(facts);
  out.push(...facts.diagnostics);
  const tool = `check_${facts.guard}`;
  if (!TOOL_NAME.test(tool)) c.report("FS010", 1, `tool name '${tool}' does not match ${TOOL_NAME.source}`);
  if (ctx.catalogueNames.has(tool)) c.report("FS016", 1, `tool name '${tool}' collides with a catalogue tool`);
  if (!facts.skill || !facts.title || !facts.required || !facts.optional || !facts.check) {
    out.push(...c.out);
    return null;
  }
  const required = facts.required.value;
  const optional = facts.optional.value;
  const params = facts.check.params;
  checkNames(c, required, optional, params);
  const title = facts.title.value;
  if (!ctx.skills.has(facts.skill.value))
    c.report(
      "FS015",
      facts.skill.line,
      `skill '${facts.skill.value}' is not in the skills index (skills/<name>/SKILL.md)`,
    );
  if (title.length < 1 || title.length > 64)
    c.report("FS015", facts.title.line, `title must be 1 to 64 characters, got ${title.length}`);
  for (const bad of nonAscii(title, facts.title.line, 1))
    c.report("FS014", bad.line, `non-ASCII character in the title: ${bad.shown}`);
  const names = [...required, ...optional];
  const { parsed, docs, tags } = checkDocs(c, names);
  const declared = readKeywords(parsed.blockTags);
  for (const p of declared.problems) c.report("FS030", p.line, `@${KEYWORDS_TAG}: ${p.value}`);
  checkAlternatives(c, required, optional);
  const aliasMap = Object.fromEntries(facts.slots?.value ?? []);
  const inputs: InputModel[] = params
    .filter((p) => names.includes(p.name))
    .map((p) => {
      const entry = tags.get(p.name);
      const mapped = hasTag(entry, LEDGER_TAG) ? { cannot: LEDGER_FILLED } : p.mapped;
      if (mapped && "unsupported" in mapped) c.reportParam("FS011", p, `input '${p.name}': ${mapped.unsupported}`);
      const constrained = mapped && "ok" in mapped ? constrain(c, p.name, mapped.ok, entry) : null;
      const fragment = constrained?.schema ?? null;
      const cannot = mapped && "cannot" in mapped ? mapped.cannot : null;
      const isRequired = required.includes(p.name);
      const value = checkDefault(c, p, fragment);
      const kind = kindOf(fragment);
      const trial = hasTag(entry, TRIAL_TAG) ? trialSentence(trialKind(kind, fragment)) : "";
      const doc = collapse(`${constrained?.prefix ?? ""} ${docs.get(p.name) ?? ""} ${trial}`);
      return {
        name: p.name,
        required: isRequired,
        doc,
        fragment,
        cannot,
        kind,
        hasDefault: p.initializer !== null,
        default: value,
        slot: aliasMap[p.name] ?? p.name,
        property: fragment ? composeProperty(fragment, doc, isRequired, value) : null,
        depthBounded: p.depthBounded,
      };
    });
  checkSlots(c, inputs, ctx);
  const blockers = Object.fromEntries(inputs.filter((i) => i.required && i.cannot).map((i) => [i.name, i.cannot!]));
  const omitted = Object.fromEntries(inputs.filter((i) => !i.required && i.cannot).map((i) => [i.name, i.cannot!]));
  const trials = trialInputs(inputs, tags);
  const ledger = ledgerInput(inputs, tags);
  for (const p of [...trials.problems, ...ledger.problems]) c.report("FS030", facts.check.line, p.message, p.input);
  for (const i of inputs.filter((x) => x.cannot && x.cannot !== LEDGER_FILLED)) {
    const p = params.find((x) => x.name === i.name)!;
    const effect = i.required
      ? `${tool} is not a tool; call runGuard('${facts.guard}', inputs) in-process`
      : `it is left out of ${tool}`;
    c.reportParam("FS103", p, `${i.required ? "required" : "optional"} input '${i.name}' is ${i.cannot}; ${effect}`);
  }
  const requires = [...required, ...(facts.alternatives?.value ?? []).map(renderGroup)];
  const exported = Object.keys(blockers).length === 0;
  const usesLedger = trials.trials.length > 0 || ledger.input !== null;
  const inputSchema = exported ? assembleSchema(inputs, usesLedger) : null;
  const payloads = inputSchema !== null && inputSchema.$defs !== undefined;
  const described = exported ? describeTool(parsed, requires, omitted, facts.skill.value, payloads, facts.guard) : null;
  if (inputSchema && c.out.every((d) => d.severity !== "error")) {
    for (const p of lintSchema(inputSchema, "input"))
      c.report("FS017", facts.check.line, `input schema of ${tool}: ${p}`);
  }
  out.push(...c.out);
  return {
    guard: facts.guard,
    file: facts.file,
    skill: facts.skill.value,
    title,
    summary: parsed.summary,
    prose: parsed.prose,
    async: facts.check.async,
    required,
    optional,
    alternatives: facts.alternatives?.value ?? [],
    requires,
    aliases: aliasMap,
    inputs,
    blockers,
    omitted,
    tool: exported ? tool : null,
    reason: exported ? null : blockersReason(facts.guard, blockers),
    description: described?.full ?? null,
    compactDescription: described?.compact ?? null,
    inputSchema,
    trials: trials.trials,
    ledgerInput: ledger.input,
    keywords: declared.keywords,
  };
}
