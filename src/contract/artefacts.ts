// The artefacts `npm run gen` writes to generated/ and the runtime reads back: their shapes and the
// facts both sides must agree on, written once. A leaf module: it imports nothing, so the compiler
// (scripts/gen) and the runtime (src/runtime) can both depend on it without depending on each other.

/** One entry of tools.json's `tools` array: a catalogue tool, or a guard's tool (with guard/skill). */
export interface ToolEntry {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input_schema: Readonly<Record<string, unknown>>;
  readonly output_schema: Readonly<Record<string, unknown>>;
  readonly annotations: Readonly<Record<string, boolean>>;
  readonly guard?: string;
  readonly skill?: string;
  readonly requires?: readonly string[];
}

/** A required-input alternative: one input name, or a set of names given together. */
export type Alternative = string | readonly string[];

/** How an input's value crosses JSON: a series or frame payload, or any other JSON value. */
export type InputKind = "series" | "frame" | "other";

/** One entry of guards.json's `guards` array: every guard, whether or not it is a tool. */
export interface GuardEntry {
  readonly guard: string;
  readonly skill: string;
  readonly title: string;
  readonly summary: string;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  readonly alternatives: readonly (readonly Alternative[])[];
  readonly requires: readonly string[];
  readonly inputs: Readonly<Record<string, string>>;
  readonly kinds: Readonly<Record<string, InputKind>>;
  readonly slots: Readonly<Record<string, string>>;
  readonly input_slots: Readonly<Record<string, string>>;
  readonly async: boolean;
  readonly tool: string | null;
  readonly excluded_because: string | null;
  readonly blockers: Readonly<Record<string, string>> | null;
  readonly omitted: Readonly<Record<string, string>> | null;
  /** What the guard catches in the words users type (`@keywords`): the MCP export's search hint. */
  readonly keywords: readonly string[];
}

/** One entry of skills.json's `skills` array. */
export interface SkillEntry {
  readonly name: string;
  readonly plugin: string;
  readonly summary: string;
  readonly description: string;
  readonly scripts: readonly string[];
  readonly references: readonly string[];
  readonly verified_on: string | null;
  readonly guards: readonly string[];
  readonly text: string;
  readonly reference_texts: Readonly<Record<string, string>>;
}

/** skills.json: the skills and their serialized search index (built and loaded with SEARCH_INDEX). */
export interface SkillsFile {
  readonly skills: readonly SkillEntry[];
  readonly search: unknown;
}

/** slots.json: the curated slot table, the parameter-only slot names, and each guard's input -> slot. */
export interface SlotsFile {
  readonly curated: readonly { readonly slot: string; readonly kind: string; readonly doc: string }[];
  readonly parameters: readonly string[];
  readonly guards: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * manifest.json. The table hash `tools_sha256` is the lowercase hex SHA-256 of the RFC 8785
 * (JSON Canonicalization Scheme) text of tools.json's `tools` array, and nothing else: the
 * compiler writes it, the runtime refuses to serve a table whose hash differs.
 */
export interface Manifest {
  readonly version: string;
  /** The tool table's identity: SHA-256 of the RFC 8785 canonical JSON of tools.json's `tools`. */
  readonly tools_sha256: string;
  /** SHA-256 of the exact bytes of each generated file the runtime reads. */
  readonly files_sha256: Readonly<Record<string, string>>;
  readonly counts: Readonly<Record<string, number>>;
  readonly excluded: readonly string[];
}

/** The `$defs` names of the two payloads every input schema that takes one carries, and their refs. */
export const PAYLOAD_DEF_NAMES = ["series", "frame"] as const;
export type PayloadDefName = (typeof PAYLOAD_DEF_NAMES)[number];
export const DEFS_PREFIX = "#/$defs/";
export const SERIES_REF = `${DEFS_PREFIX}series` as const;
export const FRAME_REF = `${DEFS_PREFIX}frame` as const;

/**
 * The JSON Schema `format` of each date alias; the runtime recognises a date input by it alone.
 * IsoTimestamp (a date or a date-time) has no standard format: "date-or-date-time" is this
 * project's name, an annotation to validators that do not know it (the description says the same).
 */
export const DATE_FORMATS = {
  IsoDate: "date",
  IsoDateTime: "date-time",
  IsoTimestamp: "date-or-date-time",
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

const DATE_FORMAT_VALUES: readonly unknown[] = Object.values(DATE_FORMATS);

/** The date format of a string schema fragment, or null when it is not one of the date aliases. */
export function dateFormatOf(fragment: { readonly [k: string]: unknown }): DateFormat | null {
  const t = fragment["type"];
  const isString = t === "string" || (Array.isArray(t) && t.includes("string"));
  const f = fragment["format"];
  return isString && DATE_FORMAT_VALUES.includes(f) ? (f as DateFormat) : null;
}

/** The MiniSearch options the compiler builds the skills index with and the runtime loads it with. */
export const SEARCH_INDEX = {
  fields: ["name", "summary", "text"],
  idField: "name",
  storeFields: [],
} as const satisfies { fields: readonly string[]; idField: string; storeFields: readonly string[] };

/**
 * An input a guard declares a trial (`@trial` on its Inputs line): a strategy's return series, or a
 * frame of candidates (one trial per column). `periods` names the guard's periods-per-year input, whose
 * value (or `periodsDefault` when the call omits it) annualises the trial's Sharpe; null: inferred from
 * the series' date index.
 */
export interface TrialInput {
  readonly input: string;
  readonly kind: "series" | "frame";
  readonly periods: string | null;
  readonly periodsDefault: number | null;
}

/** The input name of a guard's periods per year, read to annualise its trials' Sharpes. */
export const PERIODS_INPUT = "periods_per_year";

/** The tool arguments every guard tool that records or reads trials takes besides the guard's inputs (the
 * ledger itself is the operator's setting, never an argument). */
export const LEDGER_ARGUMENTS = ["experiment"] as const;

/** Why a `@ledger` input is not in its tool's schema: the tool layer fills it. */
export const LEDGER_FILLED =
  "filled by the tool layer from the research ledger (in process: pass a LedgerSummary, or leave it out)";
