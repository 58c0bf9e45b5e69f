// The ledger's documented caps (docs/ledger.md, "Caps"), in process: a call carrying more trials than
// MAX_TRIALS_PER_CALL is refused before its guard runs, naming the input, and records nothing (never a part
// of it); a ledger past MAX_LEDGER_TRIALS keeps recording and counting, and every verdict and list_trials
// that reads it warns.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { trialSetDigest } from "../../src/ledger/digest.js";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { MAX_LEDGER_TRIALS, MAX_TRIALS_PER_CALL } from "../../src/runtime/ledger_caps.js";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { costArgs, noise } from "../server/ledger_fixtures.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-caps-"));
afterAll(() => configureLedger({ ledger: null }));

/** A frame of `k` candidate columns over `n` days, each column its own strategy. */
function candidates(k: number, n = 3) {
  const columns = Array.from({ length: k }, (_, j) => `m${j}`);
  return { columns, data: Array.from({ length: n }, (_, i) => columns.map((_, j) => ((i + 1) * (j + 1)) % 7e-3)) };
}

/** Writes `n` distinct trials into the default ledger of a SQLite file in one statement. */
async function seed(file: string, n: number): Promise<void> {
  await (await openSqliteStore(file)).close();
  const db = new Database(file);
  db.prepare(
    "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?) " +
      "INSERT INTO trials (ledger, epoch, fingerprint, tool, input, experiment, n_obs, periods_per_year, mean, sd, " +
      "skew, kurtosis, sharpe_annual, recorded_at) SELECT 'default', 0, printf('%02x%062x', i % 256, i), 'seed', " +
      "'returns', NULL, 252, 252, 0.0004, 0.01, 0, 3, (i % 200) / 100.0 - 1, '2026-01-01T00:00:00.000Z' FROM k",
  ).run(n);
  db.close();
}

const ledgerWarnings = (r: any): string[] =>
  (r.findings as any[]).filter((f) => f.where === "ledger").map((f) => f.message as string);

describe("trials per call", () => {
  it("refuses a call carrying MAX_TRIALS_PER_CALL + 1 candidates, naming the input, and records none", async () => {
    await configureLedger({ ledger: path.join(dir, "per-call.sqlite") });
    const args = {
      benchmark_returns: [0.001, -0.002, 0.003],
      model_returns: candidates(MAX_TRIALS_PER_CALL + 1),
      reps: 10,
      block_size: 1,
    };
    const e = (await callToolUntyped("check_spa_test", args).catch((x: unknown) => x)) as any;
    expect(e.code).toBe("too_large");
    expect(e.field).toBe("model_returns");
    expect(e.message).toContain(
      `model_returns: ${MAX_TRIALS_PER_CALL + 1} candidate column(s), ${MAX_TRIALS_PER_CALL + 1} trial(s) in this call`,
    );
    expect(e.message).toContain(`at most ${MAX_TRIALS_PER_CALL} per call (MAX_TRIALS_PER_CALL)`);
    expect(((await callToolUntyped("list_trials", {})) as any).count).toBe(0);
  });
});

describe("ledger size", () => {
  it("at the cap no warning; one trial past it, every verdict and list_trials warns and still counts", async () => {
    const file = path.join(dir, "size.sqlite");
    await seed(file, MAX_LEDGER_TRIALS - 1);
    await configureLedger({ ledger: file });
    const declared = { best_sharpe: 1, n_obs: 756, n_trials: 2 };
    await callToolUntyped("check_cost_curve", costArgs(noise(1)));
    const at = (await callToolUntyped("check_trial_ledger", declared)) as any;
    expect(at.evidence.n_trials).toBe(MAX_LEDGER_TRIALS);
    expect(ledgerWarnings(at)).toEqual([]);
    const recorded = (await callToolUntyped("check_cost_curve", costArgs(noise(2)))) as any;
    expect(recorded.provenance.ledger).toMatchObject({ trials: 1, recorded: 1 });
    const past = (await callToolUntyped("check_trial_ledger", declared)) as any;
    expect(past.evidence.n_trials).toBe(MAX_LEDGER_TRIALS + 1);
    const [w] = ledgerWarnings(past);
    expect(w).toContain(`holds ${MAX_LEDGER_TRIALS + 1} trials in its current epoch, past its cap of`);
    expect(w).toContain("every trial is still recorded and counted");
    const listed = (await callToolUntyped("list_trials", {})) as any;
    expect(listed.count).toBe(MAX_LEDGER_TRIALS + 1);
    expect(listed.warnings).toEqual([w]);
    // The tally kept in process (read in chunks, advanced by new rows) gives the digest of every row counted.
    const store = await openSqliteStore(file);
    const every = (await store.list("default")).map((t) => t.fingerprint);
    await store.close();
    expect(every.length).toBe(MAX_LEDGER_TRIALS + 1);
    expect(listed.digest).toBe(trialSetDigest(every, past.provenance.ledger.chain_head));
    expect(past.evidence.ledger.digest).toBe(listed.digest);
  });
});
