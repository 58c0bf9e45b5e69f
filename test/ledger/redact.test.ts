// Secrets never appear: a postgres URL's password (user-info, a password parameter, percent-encoded) is
// removed from the ledger's location, warnings, list_trials and `fin-skills ledger` output, here against a
// port nothing listens on (the driver fails to connect, and its message is scrubbed too).
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactLocation, scrubSecrets, secretsOf } from "../../src/ledger/redact.js";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";
import { freePort } from "../helpers/postgres.js";
import { CLI_JS, ROOT, costFail, ensureBuilt } from "../server/fixtures.js";

const SECRET = "SECRETXYZ";

/** URL forms and the location each must redact to (the secret gone, everything else kept). */
const FORMS: readonly [string, string][] = [
  [`postgres://u:${SECRET}@h:5433/db`, "postgres://u@h:5433/db"],
  [`postgresql://u:${SECRET}@h/db`, "postgresql://u@h/db"],
  [`postgres://u@h/db?password=${SECRET}`, "postgres://u@h/db"],
  [
    `postgres://u@h/db?application_name=t&password=${SECRET}&sslmode=disable`,
    "postgres://u@h/db?application_name=t&sslmode=disable",
  ],
  [`postgres://u@h/db?PASSWORD=${SECRET}`, "postgres://u@h/db"],
  [`postgres://u@h/db?sslpassword=${SECRET}`, "postgres://u@h/db"],
  [`postgres://u:${SECRET}%40%2F@h/db`, "postgres://u@h/db"],
  [`postgres://u@h/db?password=${SECRET}%26%3D`, "postgres://u@h/db"],
  [`POSTGRES://u:${SECRET}@h/db?password=${SECRET}`, "postgres://u@h/db"],
];

describe("redactLocation", () => {
  it.each(FORMS)("%s → %s", (url, want) => {
    expect(redactLocation(url)).toBe(want);
    expect(redactLocation(url)).not.toContain(SECRET);
  });

  it("leaves a file path as it is and names an unparseable URL without echoing it", () => {
    expect(redactLocation("/tmp/l.sqlite")).toBe("/tmp/l.sqlite");
    expect(redactLocation(`postgres://u:${SECRET}@h:notaport/db`)).toBe("postgres://(unparseable URL)");
  });

  it("scrubs the secret, raw and decoded, and any URL's credentials out of a driver's message", () => {
    const url = `postgres://u:${SECRET}%21@h/db`;
    expect(secretsOf(url)).toEqual([`${SECRET}%21`, `${SECRET}!`]);
    const message = `connect to ${url} failed; password "${SECRET}!" rejected`;
    expect(scrubSecrets(message, url)).toBe('connect to postgres://u@h/db failed; password "***" rejected');
    expect(scrubSecrets(`bad postgres://a:${SECRET}@x/y`, null)).toBe("bad postgres://a@x/y");
  });
});

describe("an unreachable PostgreSQL ledger with a password", () => {
  let url = "";
  beforeAll(async () => {
    url = `postgres://u@127.0.0.1:${await freePort()}/db?application_name=t&password=${SECRET}`;
    await configureLedger({ ledger: url });
  });
  afterAll(() => configureLedger({ ledger: null }));

  it("keeps the password out of the result's provenance, warnings and list_trials", async () => {
    const verdict = await callToolUntyped("check_trial_ledger", { best_sharpe: 1, n_obs: 500, n_trials: 3 });
    const recording = await callToolUntyped("check_cost_curve", costFail);
    const listed = await callToolUntyped("list_trials", {});
    for (const r of [verdict, recording, listed]) expect(JSON.stringify(r)).not.toContain(SECRET);
    const ledger = (verdict as { provenance: { ledger: { location: string } } }).provenance.ledger;
    expect(ledger.location).toBe(url.replace(`&password=${SECRET}`, ""));
    // The failure is reported (not silently dropped), naming the server.
    expect(JSON.stringify(recording)).toContain("research ledger postgres://u@127.0.0.1:");
  });

  it("keeps it out of every `fin-skills ledger` subcommand's stdout and stderr", () => {
    ensureBuilt();
    for (const sub of [["list"], ["show"], ["export"], ["reset", "--yes-reset-ledger"]]) {
      const r = spawnSync(process.execPath, [CLI_JS, "ledger", ...sub, "--ledger", url], {
        encoding: "utf8",
        cwd: ROOT,
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^fin-skills: ledger postgres:\/\/u@127\.0\.0\.1:\d+\/db\?application_name=t: /);
      expect(r.stderr.trimEnd().split("\n").length).toBe(1);
      expect(r.stdout + r.stderr).not.toContain(SECRET);
    }
  });
});
