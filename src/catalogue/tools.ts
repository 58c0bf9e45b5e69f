// The eight catalogue tools' definitions (docs/contract.md §5), written by hand. The compiler
// freezes them into generated/tools.json (they pass the same lints as guard tools); the runtime's
// implementation table (src/runtime/catalogue) is keyed by CatalogueToolName, so the two agree.
import type { Schema } from "./json.js";
import { GUARD_RESULT_SCHEMA, catalogueResult } from "./result_schema.js";
import { LEDGER_ARGUMENT_SCHEMAS } from "./ledger_args.js";

/** The catalogue tools, in served order. */
export const CATALOGUE_TOOL_NAMES = [
  "list_skills",
  "read_skill",
  "search_skills",
  "list_guards",
  "describe_guard",
  "bundle_coverage",
  "check_backtest",
  "list_trials",
] as const;

export type CatalogueToolName = (typeof CATALOGUE_TOOL_NAMES)[number];

export interface CatalogueTool {
  readonly name: CatalogueToolName;
  readonly title: string;
  readonly description: string;
  /** The exports' description when the table's is longer (the full one stays in the table, neutral and mcp-full). */
  readonly compact?: string;
  readonly input_schema: Schema;
  readonly output_schema: Schema;
  /** The tool runs guard tools, so it records the trials theirs record (its annotations say so). */
  readonly runsGuards?: true;
}

const str = { type: "string" };
const int = { type: "integer" };
const bool = { type: "boolean" };
const strs = { type: "array", items: str };
const nullableStr = { type: ["string", "null"] };
const _obj = { type: "object" };
const objOf = (v: Schema) => ({ type: "object", additionalProperties: v });
const closed = (properties: Schema, required = Object.keys(properties)): Schema => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const input = (properties: Schema, required: string[] = []): Schema => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
/** The keys list_guards and describe_guard both start a guard's entry with. */
const GUARD_HEADER = {
  guard: str,
  skill: str,
  title: str,
  summary: str,
  required: strs,
  optional: strs,
  requires: strs,
};
const num = { type: "number" };
const nullableNum = { type: ["number", "null"] };

/** The whole ledger's effective number of trials (src/contract/guard.ts EffectiveTrials), or a reason it is not. */
const EFFECTIVE_SCHEMA: Schema = {
  anyOf: [
    str,
    closed({
      available: bool,
      reason: nullableStr,
      method: str,
      n_trials_recorded: int,
      n_trials_effective: { type: ["integer", "null"] },
      n_clusters: int,
      n_aligned: int,
      n_not_aligned: int,
      n_without_returns: int,
      n_truncated: int,
      n_dates: int,
      cross_cluster_sharpe_variance: nullableNum,
      clusters: { type: "array", items: closed({ size: int, best_sharpe: nullableNum, sharpe: nullableNum }) },
      screened: bool,
    }),
  ],
};
const nameList = (what: string) => ({ type: "array", items: str, description: `${what} A bare string is one name.` });

/** Every catalogue tool's definition, keyed by name (the type makes the set complete). */
const DEFINITIONS: { readonly [N in CatalogueToolName]: Omit<CatalogueTool, "name"> } = {
  list_skills: {
    title: "List skills",
    description:
      "Lists the available knowledge documents (skills) an agent can read, which explain each topic and its silent " +
      "mistakes: name, plugin, summary, reference count, verification date. Required: nothing.",
    compact:
      "Lists the available knowledge documents (skills) that explain each topic and its silent mistakes: name, " +
      "plugin, summary, references.",
    input_schema: input({ plugin: { type: "string", description: "Restrict to one plugin, e.g. fin-core." } }),
    output_schema: catalogueResult(
      {
        skills: {
          type: "array",
          items: closed({
            name: str,
            plugin: str,
            summary: str,
            scripts: strs,
            references: int,
            verified_on: nullableStr,
          }),
        },
        count: int,
        plugins: strs,
        next: str,
      },
      ["skills", "count", "plugins", "next"],
    ),
  },
  read_skill: {
    title: "Read a skill",
    description:
      "Reads one skill's SKILL.md, which explains a topic (its silent mistakes, checks, guards and sources), " +
      "with its reference list and guards, or one of its reference documents. Required: name.",
    compact:
      "Reads one skill's SKILL.md, which explains a topic (its silent mistakes, checks, guards, sources), or one " +
      "reference document.",
    input_schema: input(
      {
        name: { type: "string", description: "A skill name from list_skills, e.g. backtest-validation." },
        reference: {
          type: "string",
          description: "A document from the skill's references list, e.g. costs.md; omit for SKILL.md.",
        },
      },
      ["name"],
    ),
    output_schema: catalogueResult(
      {
        skill: str,
        reference: str,
        chars: int,
        references: strs,
        guards: strs,
        text: str,
        truncated: closed({ kept: int, of: int }),
      },
      ["skill", "chars", "text"],
    ),
  },
  search_skills: {
    title: "Search skills",
    description:
      "Explains how and why: full-text search of the skills (guidance, what a method is, why a mistake " +
      "happens); every term must match as a prefix (delist finds delisting); BM25-ranked hits with their " +
      "best-matching line. Required: terms.",
    compact:
      "Explains how and why: full-text search of the skills (guidance, what a method is, why a mistake happens); " +
      "every term must match as a prefix (delist finds delisting).",
    input_schema: input(
      {
        terms: {
          type: "array",
          items: { type: "string", maxLength: 200 },
          minItems: 1,
          maxItems: 32,
          description: "Search terms, all must match. A bare string is one term.",
        },
        limit: { type: "integer", minimum: 1, maximum: 100, description: "Most hits to return. Default 20." },
      },
      ["terms"],
    ),
    output_schema: catalogueResult(
      {
        terms: strs,
        count: int,
        total: int,
        skills: { type: "array", items: closed({ skill: str, plugin: str, score: { type: "number" }, match: str }) },
      },
      ["terms", "count", "total", "skills"],
    ),
  },
  list_guards: {
    title: "List guards",
    description:
      "Lists every guard: owning skill, title, summary, required and optional inputs, tool name, and whether " +
      "it is callable over JSON (and why not). Required: nothing.",
    compact: "Lists every guard: skill, title, summary, inputs, tool name, whether callable over JSON (why not).",
    input_schema: input({
      skill: { type: "string", description: "Restrict to the guards one skill owns, e.g. backtest-validation." },
    }),
    output_schema: catalogueResult(
      {
        guards: {
          type: "array",
          items: closed({
            ...GUARD_HEADER,
            tool: nullableStr,
            callable_over_json: bool,
            excluded_because: nullableStr,
          }),
        },
        count: int,
        exported: int,
        excluded: int,
      },
      ["guards", "count", "exported", "excluded"],
    ),
  },
  describe_guard: {
    title: "Describe a guard",
    description:
      "Describes one guard in full: inputs with units and conventions, slot aliases, tool and input schema, " +
      "omitted inputs; for a guard that cannot cross JSON, why and the blocking inputs. Required: name.",
    input_schema: input(
      { name: { type: "string", description: "A guard name (cost_curve) or its tool name (check_cost_curve)." } },
      ["name"],
    ),
    output_schema: catalogueResult(
      {
        ...GUARD_HEADER,
        inputs: objOf(str),
        slots: objOf(str),
        tool: nullableStr,
        callable_over_json: bool,
        description: nullableStr,
        input_schema: { type: ["object", "null"] },
        omitted: { type: ["object", "null"], additionalProperties: str },
        excluded_because: nullableStr,
        blockers: { type: ["object", "null"], additionalProperties: str },
      },
      [
        "guard",
        "skill",
        "title",
        "summary",
        "required",
        "optional",
        "requires",
        "inputs",
        "slots",
        "tool",
        "callable_over_json",
        "description",
        "input_schema",
        "omitted",
        "excluded_because",
        "blockers",
      ],
    ),
  },
  bundle_coverage: {
    title: "Bundle coverage",
    description:
      "Without slots: the slot vocabulary (curated data slots, their kind, the guards reading them; tuning " +
      "parameters). With the slot names you have data for (no data): which audits (guards) those make ready, " +
      "what each other still needs, and which one slot would ready more. Required: nothing.",
    compact:
      "Without slots: the data-slot vocabulary (kind, guards reading them). With the slot names you have data " +
      "for: which audits (guards) those make ready, what the rest still need, which one slot would ready more.",
    input_schema: input({
      slots: nameList(
        'Slot names you have data for, e.g. ["returns", "turnover", "universe"]. Omit for the vocabulary.',
      ),
    }),
    output_schema: catalogueResult(
      {
        vocabulary: { type: "array", items: closed({ slot: str, kind: str, means: str }) },
        parameters: strs,
        count: int,
        next: str,
        have: strs,
        ready: strs,
        ready_over_json: strs,
        not_ready: objOf(strs),
        one_slot_away: objOf(strs),
        unknown: objOf(strs),
        summary: str,
      },
      [],
    ),
  },
  check_backtest: {
    title: "Check a backtest bundle",
    runsGuards: true,
    description:
      "Runs every guard the given data slots make ready (or only the guards named) and returns status pass, " +
      "fail or incomplete: fail when a guard failed; pass only when at least one guard ran, none failed, " +
      "nothing was rejected and every audit guard ran. Each guard's result equals calling its check_ tool " +
      "directly. Required: slots. Slot names come from bundle_coverage() called with no arguments; a guard " +
      "input name that stands for one slot (benchmark for benchmark_returns, labels for regime_labels) is read " +
      "as that slot with a note in aliases_used, and unread_slots lists slots given but read by no guard that " +
      "ran.",
    compact:
      "Runs every guard the given data slots make ready (or those named): status pass, fail or incomplete. " +
      "Slot names: bundle_coverage(); an input name standing for a slot (benchmark for benchmark_returns) " +
      "reads as it (aliases_used).",
    input_schema: input(
      {
        slots: {
          type: "object",
          description:
            'Slot name to value: series and frames as payloads, the rest as JSON, e.g. {"returns": [...], ' +
            '"turnover": 0.9}.',
        },
        guards: nameList("Run only these guards (list_guards names)."),
        audit: nameList("Guards that must run for a pass."),
        strict: {
          type: "boolean",
          description: "Raise the first rejected guard input as an error, not list it in rejected. Default false.",
        },
        ...LEDGER_ARGUMENT_SCHEMAS,
      },
      ["slots"],
    ),
    output_schema: catalogueResult(
      {
        status: { type: "string", enum: ["pass", "fail", "incomplete"] },
        passed: bool,
        ran: strs,
        failed: strs,
        skipped: objOf(strs),
        rejected: objOf(str),
        not_callable_over_json: strs,
        results: { type: "array", items: GUARD_RESULT_SCHEMA },
        summary: str,
        unread_slots: strs,
        aliases_used: strs,
      },
      ["status", "passed", "ran", "failed", "skipped", "rejected", "not_callable_over_json", "results", "summary"],
    ),
  },
  list_trials: {
    title: "List recorded trials",
    description:
      "What the research ledger recorded so far: how many distinct trials (strategies) per experiment, the " +
      "distribution of their annualised Sharpe ratios, a reported Sharpe's rank (3rd of 41). Required: nothing.",
    input_schema: input({
      experiment: {
        ...LEDGER_ARGUMENT_SCHEMAS.experiment,
        description: "Only trials recorded with this experiment label (default: every trial).",
      },
      sharpe: {
        type: "number",
        description: "ANNUALISED Sharpe to rank among the trials' (mean / sd x sqrt(periods per year)).",
      },
    }),
    output_schema: catalogueResult(
      {
        kept: bool,
        ledger: str,
        experiment: nullableStr,
        backend: nullableStr,
        location: nullableStr,
        count: int,
        experiments: { type: "array", items: closed({ experiment: nullableStr, count: int }) },
        since: nullableStr,
        digest: str,
        flagged: int,
        retracted: int,
        sharpes: {
          type: ["object", "null"],
          properties: {
            n: int,
            min: num,
            p05: num,
            p25: num,
            median: num,
            p75: num,
            p95: num,
            max: num,
            mean: num,
            sd: nullableNum,
            histogram: closed({ edges: { type: "array", items: num }, counts: { type: "array", items: int } }),
          },
          required: ["n", "min", "p05", "p25", "median", "p75", "p95", "max", "mean", "sd", "histogram"],
          additionalProperties: false,
        },
        rank: {
          type: ["object", "null"],
          properties: {
            sharpe: num,
            rank: int,
            of: int,
            at_or_above: int,
            share_at_or_above: num,
            text: str,
          },
          required: ["sharpe", "rank", "of", "at_or_above", "share_at_or_above", "text"],
          additionalProperties: false,
        },
        effective: EFFECTIVE_SCHEMA,
        warnings: strs,
        summary: str,
      },
      ["kept", "ledger", "experiment", "summary"],
    ),
  },
};

export const CATALOGUE: readonly CatalogueTool[] = CATALOGUE_TOOL_NAMES.map((name) => ({ name, ...DEFINITIONS[name] }));

export const CATALOGUE_NAMES: ReadonlySet<string> = new Set(CATALOGUE_TOOL_NAMES);
