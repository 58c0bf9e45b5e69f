// The SQLite store: append-only and deduplicated per epoch, experiments, digests, resets as epochs.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import type { TrialRecord } from "../../src/ledger/store.js";

const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), "fin-ledger-unit-")), "l.sqlite");
const trial = (fingerprint: string, sharpeAnnual: number | null, experiment: string | null = null): TrialRecord => ({
  fingerprint,
  tool: "check_cost_curve",
  input: "returns",
  experiment,
  nObs: 252,
  periodsPerYear: 252,
  mean: 0.001,
  sd: 0.01,
  skew: 0,
  kurtosis: 3,
  sharpeAnnual,
  recordedAt: `2026-01-0${fingerprint.length}T00:00:00.000Z`,
});

describe("SQLite ledger store", () => {
  it("records each fingerprint once per ledger, and summarises count, Sharpes, since and digest", async () => {
    const store = await openSqliteStore(file());
    expect(await store.record("p", [trial("a", 1), trial("bb", null), trial("a", 2)])).toBe(2);
    expect(await store.record("p", [trial("bb", 3), trial("ccc", -0.5)])).toBe(1);
    expect(await store.record("q", [trial("a", 4)])).toBe(1);
    const s = await store.summary("p");
    expect(s).toMatchObject({ ledger: "p", experiment: null, count: 3, sharpes: [1, -0.5] });
    expect(s.since).toBe("2026-01-01T00:00:00.000Z");
    const again = await store.summary("p");
    expect(again.digest).toBe(s.digest);
    expect((await store.summary("q")).digest).not.toBe(s.digest);
    expect(await store.ledgers()).toEqual(["p", "q"]);
    await store.close();
  });

  it("counts one experiment's trials when asked", async () => {
    const store = await openSqliteStore(file());
    await store.record("p", [trial("a", 1, "x"), trial("bb", 2, "y"), trial("ccc", 3, "x")]);
    expect((await store.summary("p", "x")).count).toBe(2);
    expect((await store.list("p", "y")).map((t) => t.fingerprint)).toEqual(["bb"]);
    await store.close();
  });

  it("resets by starting an epoch: earlier trials stop counting, none is deleted, the reset is recorded", async () => {
    const f = file();
    const store = await openSqliteStore(f);
    await store.record("p", [trial("a", 1), trial("bb", 2)]);
    const event = await store.reset("p", "new study");
    expect((await store.summary("p")).count).toBe(0);
    expect(await store.record("p", [trial("a", 1)])).toBe(1);
    expect((await store.resets("p")).map((r) => [r.reason, r.at])).toEqual([["new study", event.at]]);
    await store.close();
    const reopened = await openSqliteStore(f);
    expect((await reopened.summary("p")).count).toBe(1);
    await reopened.close();
  });

  it("a summary asked again is current after any connection writes or resets, and is each call's own", async () => {
    const f = file();
    const [a, b] = [await openSqliteStore(f), await openSqliteStore(f)];
    await a.record("p", [trial("a", 1), trial("bb", 2)]);
    const first = await a.summary("p");
    (first.sharpes as number[]).push(99);
    expect(await a.summary("p")).toMatchObject({ count: 2, sharpes: [1, 2] });
    expect(await a.record("p", [trial("a", 1)])).toBe(0);
    expect(await a.summary("p")).toEqual({ ...first, sharpes: [1, 2] });
    await b.record("p", [trial("ccc", 3)]);
    const second = await a.summary("p");
    expect(second).toMatchObject({ count: 3, sharpes: [1, 2, 3] });
    await a.record("p", [trial("dddd", 4)]);
    expect((await a.summary("p")).count).toBe(4);
    expect((await b.summary("p", "x")).count).toBe(0);
    await b.reset("p", "again");
    expect((await a.summary("p")).count).toBe(0);
    await a.reset("p", "once more");
    await b.record("p", [trial("a", 1)]);
    expect((await a.summary("p")).count).toBe(1);
    await a.close();
    await b.close();
  });
});
