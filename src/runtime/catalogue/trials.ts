// list_trials (docs/ledger.md, "Reading a ledger"): what the research ledger this process keeps recorded, as the
// guards count it: distinct trials (per experiment), the annualised Sharpes' spread, the digest and since the
// guards' evidence carries, and where a reported Sharpe ranks. No ledger, or one that cannot be read, is an
// answer that says so, never a failed call.
import { absentSqliteLedger, absentStore } from "../../ledger/absent.js";
import { ledgerErrorText, ledgerLocation, ledgerSetting, ledgerStore, ledgerStoreOpened } from "../../ledger/config.js";
import type { LedgerStore, StoreSummary, StoreTally } from "../../ledger/store.js";
import { ledgerExtras } from "../../ledger/effective.js";
import type { EffectiveTrials } from "../../contract/guard.js";
import { sharpeDistribution, sharpeRank } from "../../lib/sharpe_distribution.js";
import type { CallOptions } from "../call_options.js";
import type { ToolArgs } from "../../../generated/types.js";
import { ledgerSizeWarning } from "../ledger_caps.js";

const fixed = (x: number, digits = 3) => x.toFixed(digits);

/**
 * The store's tally of the named ledger (only what was recorded since this process last read it is read),
 * or the reason it could not be opened or read. A SQLite ledger file that does not exist yet holds no
 * trials, and reading it creates nothing.
 */
async function readTally(name: string): Promise<{ store: LedgerStore; tally: StoreTally } | string> {
  const absent = ledgerStoreOpened() ? null : absentSqliteLedger(ledgerSetting().spec!);
  const opening = absent === null ? ledgerStore()! : Promise.resolve(absentStore(absent));
  let store: LedgerStore;
  try {
    store = await opening;
  } catch (e) {
    return `research ledger ${ledgerLocation()} could not be opened (${ledgerErrorText(e)})`;
  }
  try {
    return { store, tally: await store.tally(name) };
  } catch (e) {
    return `research ledger ${ledgerLocation()} could not be read (${ledgerErrorText(e)})`;
  }
}

export async function listTrials(args: ToolArgs["list_trials"], options: CallOptions) {
  const name = options.ledger ?? ledgerSetting().name;
  const experiment = args.experiment ?? null;
  const scope = `research ledger '${name}'${experiment === null ? "" : ` (experiment '${experiment}')`}`;
  if (ledgerSetting().spec === null)
    return {
      kept: false,
      ledger: name,
      experiment,
      summary:
        "no research ledger is kept: this process runs with --no-ledger (or FIN_SKILLS_LEDGER=off), or the " +
        "library was called in process without configureLedger; trial counts are self-declared",
    };
  const read = await readTally(name);
  if (typeof read === "string")
    return {
      kept: true,
      ledger: name,
      experiment,
      backend: null,
      location: ledgerLocation(),
      warnings: [read],
      summary: `${read}; nothing about its trials can be reported`,
    };
  const { store, tally } = read;
  // Retracted trials are counted by no verdict (the CLI lists them).
  const whole = tally.summary(name, null);
  const s = experiment === null ? whole : tally.summary(name, experiment);
  const flagged = tally.flagged(experiment);
  const retracted = tally.retracted.size;
  const sharpes = sharpeDistribution(s.sharpes);
  const rank = args.sharpe === undefined ? null : sharpeRank(s.sharpes, args.sharpe);
  const effective = await effectiveOf(store, whole);
  const past = ledgerSizeWarning(ledgerLocation(), whole.count);
  const lines = [
    `${scope} (${store.kind} ${store.location}): ${s.count} distinct trial(s) since ${s.since ?? "-"}; ` +
      `digest ${s.digest}`,
  ];
  if (flagged > 0)
    lines.push(`${flagged} of them first seen flagged in the wrong unit (percent), counted as the series corrected`);
  if (retracted > 0) lines.push(`${retracted} trial(s) retracted by the operator (listed by the CLI, not counted)`);
  lines.push(effectiveLine(effective));
  if (sharpes)
    lines.push(
      `annualised Sharpes (${sharpes.n}): min ${fixed(sharpes.min)}, median ${fixed(sharpes.median)}, ` +
        `max ${fixed(sharpes.max)}, mean ${fixed(sharpes.mean)}, sd ${sharpes.sd === null ? "-" : fixed(sharpes.sd)}`,
    );
  if (rank)
    lines.push(
      `a Sharpe of ${rank.sharpe} ranks ${rank.text} recorded; ${rank.at_or_above} ` +
        `(${fixed(100 * rank.share_at_or_above, 1)}%) are at or above it`,
    );
  else if (args.sharpe !== undefined) lines.push(`no recorded Sharpe to rank ${args.sharpe} among`);
  if (past) lines.push(past.message);
  return {
    kept: true,
    ledger: name,
    experiment,
    backend: store.kind,
    location: store.location,
    count: s.count,
    experiments: tally.experiments(),
    since: s.since,
    digest: s.digest,
    flagged,
    retracted,
    effective,
    sharpes,
    rank,
    ...(past ? { warnings: [past.message] } : {}),
    summary: lines.join("\n"),
  };
}

/** The whole ledger's effective number of trials (what a verdict weighs), or the reason it is not known. */
async function effectiveOf(store: LedgerStore, whole: StoreSummary): Promise<EffectiveTrials | string> {
  try {
    return (await ledgerExtras(store, whole, ledgerSetting().keepReturns, false)).effective;
  } catch (e) {
    return `research ledger ${ledgerLocation()}: its kept returns could not be read (${ledgerErrorText(e)})`;
  }
}

function effectiveLine(e: EffectiveTrials | string): string {
  if (typeof e === "string") return `effective number of trials unavailable: ${e}`;
  if (!e.available) return `effective number of trials unavailable: ${e.reason}`;
  const top = e.clusters
    .slice(0, 5)
    .map((c) => `${c.size} (best Sharpe ${c.best_sharpe === null ? "-" : fixed(c.best_sharpe)})`)
    .join(", ");
  return (
    `effective number of trials (whole ledger): ${e.n_trials_effective} of ${e.n_trials_recorded} recorded; ` +
    `${e.n_clusters} cluster(s) over ${e.n_dates} common dates, largest: ${top}`
  );
}
