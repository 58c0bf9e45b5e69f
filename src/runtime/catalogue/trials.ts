// list_trials (docs/ledger.md, "Reading a ledger"): what the research ledger the server keeps recorded, as the
// guards count it: distinct trials (per experiment), the annualised Sharpes' spread, the digest and since the
// guards' evidence carries, and where a reported Sharpe ranks. No ledger, or one that cannot be read, is an
// answer that says so, never a failed call.
import { ledgerErrorText, ledgerLocation, ledgerSetting, ledgerStore } from "../../ledger/config.js";
import type { LedgerStore, LedgerSummary } from "../../ledger/store.js";
import { sharpeDistribution, sharpeRank } from "../../lib/sharpe_distribution.js";
import type { CallOptions } from "../call_options.js";
import { ledgerSizeWarning } from "../ledger_caps.js";
import type { ToolArgs } from "../../../generated/types.js";

const fixed = (x: number, digits = 3) => x.toFixed(digits);

interface Read {
  readonly store: LedgerStore;
  readonly summary: LedgerSummary;
  readonly experiments: { experiment: string | null; count: number }[];
}

/** The store's summary of the named ledger (of one experiment), or the reason it could not be opened or read. */
async function readTrials(name: string, experiment: string | null): Promise<Read | string> {
  const opening = ledgerStore()!;
  let store: LedgerStore;
  try {
    store = await opening;
  } catch (e) {
    return `research ledger ${ledgerLocation()} could not be opened (${ledgerErrorText(e)})`;
  }
  try {
    return { store, summary: await store.summary(name, experiment), experiments: await store.experiments(name) };
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
        "no research ledger is kept: the server runs with --no-ledger (or FIN_SKILLS_LEDGER=off), or the library " +
        "was called in process without configureLedger; trial counts are self-declared",
    };
  const read = await readTrials(name, experiment);
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
  const { store, summary: s } = read;
  const past = ledgerSizeWarning(ledgerLocation(), s.count);
  const sharpes = sharpeDistribution(s.sharpes);
  const rank = args.sharpe === undefined ? null : sharpeRank(s.sharpes, args.sharpe);
  const lines = [
    `${scope} (${store.kind} ${store.location}): ${s.count} distinct trial(s) since ${s.since ?? "-"}; ` +
      `digest ${s.digest}`,
  ];
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
    experiments: read.experiments,
    since: s.since,
    digest: s.digest,
    sharpes,
    rank,
    ...(past ? { warnings: [past.message] } : {}),
    summary: lines.join("\n"),
  };
}
