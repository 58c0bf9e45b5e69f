// The ledger at scale (#48 item 6): a SQLite ledger of 250,000 trials, and each measured call right after
// another process recorded one more. A verdict (check_trial_ledger) on a server keeping that ledger against
// one with --no-ledger gives the time the ledger adds; list_trials is timed whole. The first call after
// start reads every row once (reported, not targeted); later ones read only the rows after the last seen.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import type { Row } from "../report.js";
import { StdioClient } from "../lib/mcp.js";
import { spread } from "../lib/stats.js";

const TRIALS = 250_000;
const ROUNDS = 30;
const VERDICT = { name: "check_trial_ledger", arguments: { best_sharpe: 1, n_obs: 756, n_trials: 2 } };

const COLUMNS =
  "ledger, epoch, fingerprint, tool, input, experiment, n_obs, periods_per_year, mean, sd, skew, kurtosis, " +
  "sharpe_annual, recorded_at";
/** One random trial's values after its fingerprint (random: fingerprints are SHA-256 digests). */
const VALUES =
  "'default', 0, lower(hex(randomblob(32))), 'bench', 'returns', NULL, 252, 252, 0.0004, 0.01, 0, 3, " +
  "(abs(random()) % 2000) / 1000.0 - 1, '2026-01-01T00:00:00.000Z'";

/** A ledger file holding TRIALS distinct trials of the default ledger. */
async function seeded(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-bench-scale-")), "ledger.sqlite");
  await (await openSqliteStore(file)).close();
  const db = new Database(file);
  db.prepare(
    "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?) " +
      `INSERT INTO trials (${COLUMNS}) SELECT ${VALUES} FROM k`,
  ).run(TRIALS);
  db.close();
  return file;
}

async function timed(client: StdioClient, call: { name: string; arguments: object }): Promise<number> {
  const t0 = performance.now();
  const r = await client.request("tools/call", call);
  const ms = performance.now() - t0;
  if (r.error || r.result?.isError) throw new Error(`${call.name} failed: ${JSON.stringify(r).slice(0, 300)}`);
  return ms;
}

export async function ledgerScale(): Promise<Row[]> {
  const file = await seeded();
  const kept = new StdioClient(["--ledger", file]);
  const none = new StdioClient(["--no-ledger"]);
  const writer = new Database(file);
  const writeOne = writer.prepare(`INSERT INTO trials (${COLUMNS}) SELECT ${VALUES}`);
  try {
    await kept.initialize();
    await none.initialize();
    const first = await timed(kept, VERDICT);
    const times = { kept: [] as number[], none: [] as number[], list: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      writeOne.run();
      times.kept.push(await timed(kept, VERDICT));
      times.none.push(await timed(none, VERDICT));
      writeOne.run();
      times.list.push(await timed(kept, { name: "list_trials", arguments: {} }));
    }
    const [k, n, l] = [spread(times.kept), spread(times.none), spread(times.list)];
    const at = `${TRIALS.toLocaleString("en-US")} trials`;
    return [
      {
        case: "3 ledger",
        label: `verdict at ${at}, right after another process wrote: time the ledger adds (median)`,
        unit: "ms",
        value: k.median - n.median,
        target: 5,
        note:
          `check_trial_ledger median ${k.median.toFixed(2)} ms keeping the ledger vs ${n.median.toFixed(2)} ms ` +
          `with --no-ledger, ${ROUNDS} calls each; the first after start (reads every row) ${first.toFixed(0)} ms`,
      },
      {
        case: "3 ledger",
        label: `list_trials at ${at}, right after another process wrote (p90)`,
        unit: "ms",
        value: l.p90,
        spread: l,
        target: 200,
        note: `median ${l.median.toFixed(1)} ms, max ${l.max.toFixed(1)} ms, ${ROUNDS} calls`,
      },
    ];
  } finally {
    writer.close();
    await kept.close();
    await none.close();
  }
}
