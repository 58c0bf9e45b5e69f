// `fin-skills ledger list|show|export|reset|retract`: reading a research ledger, exporting its trials (CSV
// or JSON, for a pull request or a paper's appendix), resetting it (an explicit flag) and retracting one
// trial (a reason required); a reset or retraction is itself recorded, nothing is deleted.
import { existsSync } from "node:fs";
import path from "node:path";
import { chainReportText } from "../ledger/chain_verify.js";
import { openLedgerStore } from "../ledger/open.js";
import { unrecordedLog } from "../ledger/unrecorded.js";
import { isPostgresUrl, redactLocation, scrubSecrets } from "../ledger/redact.js";
import type { LedgerStore, TrialRecord } from "../ledger/store.js";
import { DEFAULT_LEDGER_NAME } from "../runtime/index.js";
import { ledgerNameError, ledgerSpec } from "./ledger_flags.js";
import { UsageError, parseCommandArgs } from "./usage_error.js";

export const LEDGER_USAGE_LINES = `  fin-skills ledger list|show|export|reset|verify|acknowledge
                   [--ledger FILE|URL] [--name NAME] [--experiment X] [--format csv|json]
                   [--with-returns] [--yes-reset-ledger] [--reason TEXT]
  fin-skills ledger retract <fingerprint> --reason TEXT [--ledger FILE|URL] [--name NAME]
      list the ledgers, show one (count, since, digest, experiments, Sharpes), export its
      trials (--with-returns: and the returns kept of each), reset it (needs --yes-reset-ledger;
      recorded, nothing deleted), verify its hash chain (exit 1 naming the first row edited,
      deleted or inserted outside the server), acknowledge the trials it could not record (until
      then verdicts warn that their count is a lower bound), or retract one trial (it stops
      counting, stays listed; the retraction is recorded and chained); the ledger defaults to the
      server's: $FIN_SKILLS_LEDGER, else .fin-skills/ledger.sqlite here
`;

/** A ledger that could not be opened, read or written (exit 1), or a missing ledger or bad name (exit 2): one line. */
export class LedgerFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** The trial fields exported, in column order (TrialRecord's keys). */
const FIELDS: readonly (keyof TrialRecord)[] = [
  "fingerprint",
  "tool",
  "input",
  "experiment",
  "nObs",
  "periodsPerYear",
  "mean",
  "sd",
  "skew",
  "kurtosis",
  "sharpeAnnual",
  "recordedAt",
  "flagged",
];

/** The export's columns after FIELDS: the retraction of a retracted trial. */
const RETRACTION_FIELDS = ["retractedAt", "retractionReason"] as const;

const SUBCOMMANDS = ["list", "show", "export", "reset", "verify", "acknowledge", "retract"];

function options(argv: string[]) {
  return parseCommandArgs("ledger", {
    args: argv,
    options: {
      ledger: { type: "string" },
      name: { type: "string" },
      experiment: { type: "string" },
      format: { type: "string" },
      reason: { type: "string" },
      "yes-reset-ledger": { type: "boolean" },
      "with-returns": { type: "boolean" },
    },
    allowPositionals: true,
    strict: true,
  });
}

type Values = ReturnType<typeof options>["values"];

/** Runs one ledger subcommand; resolves to its output text. */
export async function ledgerCommand(argv: string[]): Promise<string> {
  const { values, positionals } = options(argv);
  const [sub, fingerprint] = positionals;
  if (!sub || !SUBCOMMANDS.includes(sub)) throw new UsageError(`ledger needs one of ${SUBCOMMANDS.join(", ")}`);
  if (sub === "retract") checkRetract(positionals, values);
  else if (positionals.length > 1) throw new UsageError(`ledger ${sub} takes no argument, got '${fingerprint}'`);
  const spec = ledgerSpec({ ledger: values.ledger }, undefined);
  if (spec === null) throw new UsageError("FIN_SKILLS_LEDGER is off: give --ledger FILE|URL");
  if (spec === "") throw new LedgerFailure("--ledger needs a file path or a postgres:// URL", 2);
  const name = values.name ?? DEFAULT_LEDGER_NAME;
  const badName = ledgerNameError("--name", name);
  if (badName !== null) throw new LedgerFailure(badName, 2);
  const experiment = values.experiment ?? null;
  if (sub === "reset" && !values["yes-reset-ledger"])
    throw new UsageError("reset needs --yes-reset-ledger (the trials stop counting; the reset is recorded)");
  if (sub === "export" && !["csv", "json"].includes(values.format ?? "csv"))
    throw new UsageError(`--format must be csv or json, got '${values.format}'`);
  // Acknowledging needs only the unrecorded-trials log: the ledger file itself may be the one that vanished.
  if (sub === "acknowledge") return acknowledge(spec, name, values.reason ?? "acknowledged from the command line");
  // Usage mistakes first; then a ledger that is not there: nothing is created.
  if (!isPostgresUrl(spec) && !existsSync(spec))
    throw new LedgerFailure(`no ledger at ${path.resolve(spec)} (nothing was created)`, 2);
  try {
    return await run(sub, spec, name, experiment, values, fingerprint);
  } catch (e) {
    if (e instanceof UsageError || e instanceof LedgerFailure) throw e;
    const reason = scrubSecrets(e instanceof Error ? e.message : String(e), spec).split("\n")[0];
    throw new LedgerFailure(`ledger ${redactLocation(spec)}: ${reason}`);
  }
}

/** retract needs one full fingerprint (64 hex digits) and a reason. */
function checkRetract(positionals: string[], values: Values): void {
  const fingerprint = positionals[1];
  if (positionals.length !== 2 || fingerprint === undefined)
    throw new UsageError(
      "ledger retract needs one trial's fingerprint: fin-skills ledger retract <fingerprint> --reason ...",
    );
  if (!/^[0-9a-f]{64}$/.test(fingerprint))
    throw new UsageError(`a fingerprint is 64 lowercase hex digits (ledger export lists them), got '${fingerprint}'`);
  if (values.reason === undefined || values.reason.trim() === "")
    throw new UsageError("ledger retract needs --reason TEXT (recorded with the retraction)");
}

async function run(
  sub: string,
  spec: string,
  name: string,
  experiment: string | null,
  values: Values,
  fingerprint?: string,
) {
  const store = await openLedgerStore(spec);
  try {
    if (sub === "retract") return await retract(store, name, fingerprint!, values.reason!);
    if (sub === "list") return await list(store);
    if (sub === "show") return await show(store, name, experiment);
    if (sub === "export")
      return await exportTrials(store, name, experiment, values.format ?? "csv", values["with-returns"] === true);
    if (sub === "verify") return await verify(store, name);
    const event = await store.reset(name, values.reason ?? "reset from the command line");
    return `reset ledger '${name}' in ${redactLocation(spec)} at ${event.at}: ${event.reason}\n`;
  } finally {
    await store.close();
  }
}

async function retract(store: LedgerStore, name: string, fingerprint: string, reason: string): Promise<string> {
  const event = await store.retract(name, fingerprint, reason);
  const s = await store.summary(name);
  return (
    `retracted trial ${event.fingerprint} of ledger '${name}' in ${store.location} at ${event.at}: ${event.reason}; ` +
    `the ledger now counts ${s.count} trial(s)\n`
  );
}

/** Acknowledges the trials ledger `name` could not record; the verdicts' lower-bound warning stops. */
function acknowledge(spec: string, name: string, reason: string): string {
  const log = unrecordedLog(spec);
  const open = log.count(name);
  const where = `ledger '${name}' in ${redactLocation(spec)}`;
  if (open.total - open.acknowledged <= 0) return `${where}: no unrecorded trials to acknowledge\n`;
  try {
    log.acknowledge(name, reason);
  } catch (e) {
    throw new LedgerFailure(`${where}: ${(e as Error).message}`);
  }
  return (
    `${where}: acknowledged ${open.total - open.acknowledged} trial(s) that could not be recorded ` +
    `(since ${open.since}; last: ${open.lastReason}): ${reason}\n`
  );
}

/** The chain report: intact (exit 0), or a LedgerFailure naming the first broken row (exit 1). */
async function verify(store: LedgerStore, name: string): Promise<string> {
  const report = await store.verify(name);
  const text = chainReportText(report);
  if (report.problems.length > 0) throw new LedgerFailure(text.trimEnd());
  return text;
}

async function list(store: LedgerStore): Promise<string> {
  const lines = [`${store.kind} ledger ${store.location}`];
  for (const name of await store.ledgers()) {
    const s = await store.summary(name);
    lines.push(`  ${name}: ${s.count} trial(s) since ${s.since ?? "-"}`);
  }
  return `${lines.join("\n")}\n`;
}

async function show(store: LedgerStore, name: string, experiment: string | null): Promise<string> {
  const listed = await store.list(name, experiment);
  const trials = listed.filter((t) => !t.retracted);
  const s = await store.summary(name, experiment);
  const perExperiment = new Map<string, number>();
  for (const t of trials)
    perExperiment.set(t.experiment ?? "(none)", (perExperiment.get(t.experiment ?? "(none)") ?? 0) + 1);
  const sorted = [...s.sharpes].sort((a, b) => a - b);
  const q = (p: number) => (sorted.length ? sorted[Math.round(p * (sorted.length - 1))]!.toFixed(3) : "-");
  const resets = await store.resets(name);
  return [
    `ledger '${name}'${experiment === null ? "" : ` experiment '${experiment}'`} (${store.kind} ${store.location})`,
    `  trials: ${s.count} since ${s.since ?? "-"}`,
    `  digest: ${s.digest}`,
    `  experiments: ${[...perExperiment].map(([e, n]) => `${e} ${n}`).join(", ") || "-"}`,
    `  annualised Sharpes: min ${q(0)}, p25 ${q(0.25)}, median ${q(0.5)}, p75 ${q(0.75)}, max ${q(1)}`,
    `  first seen flagged (counted as the series corrected): ${trials.filter((t) => t.flagged).length}`,
    `  retracted (listed, not counted): ${retractedLines(listed) || "none"}`,
    `  resets: ${resets.map((r) => `${r.at} (${r.reason})`).join("; ") || "none"}`,
    `  unrecorded: ${unrecordedLine(store, name)}`,
    "",
  ].join("\n");
}

function retractedLines(listed: readonly TrialRecord[]): string {
  return listed
    .flatMap((t) => (t.retracted ? [`${t.fingerprint} at ${t.retracted.at} (${t.retracted.reason})`] : []))
    .join("; ");
}

/** The trials the ledger could not record, acknowledged or not. */
function unrecordedLine(store: LedgerStore, name: string): string {
  const c = unrecordedLog(store.location).count(name);
  if (c.total === 0) return "none";
  const open = c.total - c.acknowledged;
  return `${c.total} trial(s) since ${c.since}, ${open === 0 ? "all acknowledged" : `${open} not acknowledged`}`;
}

/**
 * `format` is csv or json (checked with the other usage mistakes, before the ledger is opened). With returns:
 * each trial's kept returns (JSON gets `returns: {total, index, values}` or null; CSV three more columns,
 * returns_total and JSON arrays returns_index and returns_values, empty when none were kept).
 */
async function exportTrials(
  store: LedgerStore,
  name: string,
  experiment: string | null,
  format: string,
  withReturns: boolean,
) {
  const trials = await store.list(name, experiment);
  const kept = withReturns ? new Map((await store.returns(name)).series.map((r) => [r.fingerprint, r])) : null;
  const returnsOf = (t: TrialRecord) => {
    const r = kept?.get(t.fingerprint);
    return r === undefined ? null : { total: r.total, index: r.index, values: Array.from(r.values) };
  };
  if (format === "json") {
    const out = kept === null ? trials : trials.map((t) => ({ ...t, returns: returnsOf(t) }));
    return `${JSON.stringify(out, null, 2)}\n`;
  }
  const cell = (v: unknown) =>
    v === null ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v);
  const extra = kept === null ? [] : ["returns_total", "returns_index", "returns_values"];
  const row = (t: TrialRecord) => {
    const cells = [
      ...FIELDS.map((f) => cell(t[f] ?? null)),
      cell(t.retracted?.at ?? null),
      cell(t.retracted?.reason ?? null),
    ];
    if (kept === null) return cells.join(",");
    const r = returnsOf(t);
    const more =
      r === null ? ["", "", ""] : [String(r.total), cell(JSON.stringify(r.index)), cell(JSON.stringify(r.values))];
    return [...cells, ...more].join(",");
  };
  return `${[[...FIELDS, ...RETRACTION_FIELDS, ...extra].join(","), ...trials.map(row)].join("\n")}\n`;
}
