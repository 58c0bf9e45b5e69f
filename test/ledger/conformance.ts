// The LedgerStore contract (src/ledger/store.ts), as tests any backend must pass.
import { createHash } from "node:crypto";
import { afterEach, expect, it } from "vitest";
import { CHAIN_START, linksAfter } from "../../src/ledger/chain.js";
import { trialSetDigest } from "../../src/ledger/digest.js";
import type { LedgerStore } from "../../src/ledger/store.js";
import { fingerprintOf, trial } from "./trials.js";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A backend under test: `fresh` makes an empty ledger location, `open` opens a store on one. */
export interface BackendUnderTest {
  fresh(): Promise<string>;
  open(location: string): Promise<LedgerStore>;
}

export function storeConformance(backend: BackendUnderTest): void {
  const opened: LedgerStore[] = [];
  const openAt = async (location: string) => {
    const s = await backend.open(location);
    opened.push(s);
    return s;
  };
  const store = async () => openAt(await backend.fresh());
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  it("an empty ledger counts nothing; its digest is the SHA-256 of the empty string", async () => {
    const s = await store();
    expect(await s.summary("empty")).toEqual({
      ledger: "empty",
      experiment: null,
      count: 0,
      sharpes: [],
      since: null,
      digest: sha256(""),
      longestNObs: null,
      maxSharpe: null,
      sharpeHistogram: { edges: [], counts: [] },
      dilutionVariance: null,
      chainHead: null,
    });
    expect(await s.list("empty")).toEqual([]);
    expect(await s.ledgers()).toEqual([]);
  });

  it("records each fingerprint once, within a call and across calls, and lists the records as given", async () => {
    const s = await store();
    expect(await s.record("L", [trial(3), trial(1), trial(3)])).toBe(2);
    expect(await s.record("L", [trial(1, { tool: "spa_test" }), trial(2, { skew: 1.5 })])).toBe(1);
    expect(await s.record("L", [])).toBe(0);
    expect(await s.list("L")).toEqual([trial(3), trial(1), trial(2, { skew: 1.5 })]);
  });

  it("summarises count, Sharpes in order, earliest time, maxima and the digest with the chain head", async () => {
    const s = await store();
    await s.record("L", [trial(5), trial(2, { sharpeAnnual: null, periodsPerYear: null }), trial(9)]);
    const sum = await s.summary("L");
    expect(sum.count).toBe(3);
    expect(sum.sharpes).toEqual([trial(5).sharpeAnnual, trial(9).sharpeAnnual]);
    expect(sum.since).toBe("2026-01-01T00:00:02.000Z");
    const fingerprints = [fingerprintOf(9), fingerprintOf(2), fingerprintOf(5)];
    // The longest track record of any counted trial, and the highest recorded Sharpe (null ones left out).
    expect(sum.longestNObs).toBe(trial(9).nObs);
    expect(sum.maxSharpe).toBe(trial(9).sharpeAnnual);
    const events = [5, 2, 9].map((i) => ({
      kind: "trial" as const,
      ledger: "L",
      epoch: 0,
      trial: i === 2 ? trial(2, { sharpeAnnual: null, periodsPerYear: null }) : trial(i),
    }));
    const head = linksAfter(CHAIN_START, events).at(-1)!.hash;
    expect(sum.chainHead).toBe(head);
    expect(sum.digest).toBe(trialSetDigest(fingerprints, head));
    await s.record("M", [trial(9), trial(2), trial(5)]);
    // One trial set, another chain (another ledger, another order): the digest tells them apart.
    expect((await s.summary("M")).digest).not.toBe(sum.digest);
  });

  it("chains every trial and reset: verify is intact and the head is the one computed from the events", async () => {
    const s = await store();
    await s.record("L", [trial(1), trial(2), trial(1)]);
    await s.record("L", [trial(2)]);
    const reset = await s.reset("L", "why");
    await s.record("L", [trial(2), trial(3)]);
    const events = [
      { kind: "trial" as const, ledger: "L", epoch: 0, trial: trial(1) },
      { kind: "trial" as const, ledger: "L", epoch: 0, trial: trial(2) },
      { kind: "reset" as const, ledger: "L", epoch: 1, at: reset.at, reason: "why" },
      { kind: "trial" as const, ledger: "L", epoch: 1, trial: trial(2) },
      { kind: "trial" as const, ledger: "L", epoch: 1, trial: trial(3) },
    ];
    const report = await s.verify("L");
    expect(report).toEqual({ ledger: "L", rows: 5, head: linksAfter(CHAIN_START, events).at(-1), problems: [] });
    expect(await s.verify("nobody")).toEqual({ ledger: "nobody", rows: 0, head: null, problems: [] });
  });

  it("keeps named ledgers apart and lists their names", async () => {
    const s = await store();
    await s.record("beta", [trial(1), trial(2)]);
    await s.record("alpha", [trial(2), trial(3), trial(4)]);
    expect((await s.summary("beta")).count).toBe(2);
    expect((await s.summary("alpha")).count).toBe(3);
    expect((await s.list("beta")).map((t) => t.fingerprint)).toEqual([fingerprintOf(1), fingerprintOf(2)]);
    expect(await s.ledgers()).toEqual(["alpha", "beta"]);
  });

  it("filters by experiment; a fingerprint counts under the experiment that first recorded it", async () => {
    const s = await store();
    await s.record("L", [trial(1, { experiment: "a" }), trial(2, { experiment: "b" }), trial(3, { experiment: "a" })]);
    await s.record("L", [trial(2, { experiment: "a" })]);
    const a = await s.summary("L", "a");
    expect([a.experiment, a.count, a.sharpes]).toEqual(["a", 2, [trial(1).sharpeAnnual, trial(3).sharpeAnnual]]);
    expect((await s.list("L", "b")).map((t) => t.fingerprint)).toEqual([fingerprintOf(2)]);
    expect((await s.summary("L", null)).count).toBe(3);
    expect((await s.summary("L", "none")).count).toBe(0);
  });

  it("counts trials per experiment label in order of first recording", async () => {
    const s = await store();
    await s.record("L", [trial(1, { experiment: "b" }), trial(2), trial(3, { experiment: "a" })]);
    await s.record("L", [trial(4, { experiment: "b" }), trial(1, { experiment: "a" })]);
    await s.record("other", [trial(5, { experiment: "z" })]);
    expect(await s.experiments("L")).toEqual([
      { experiment: "b", count: 2 },
      { experiment: null, count: 1 },
      { experiment: "a", count: 1 },
    ]);
    await s.reset("L", "new question");
    expect(await s.experiments("L")).toEqual([]);
  });

  it("a summary read before another connection recorded and reset moves with them", async () => {
    const location = await backend.fresh();
    const [reader, writer] = await Promise.all([openAt(location), openAt(location)]);
    await reader.record("L", [trial(1), trial(2, { experiment: "x" })]);
    expect((await reader.summary("L")).count).toBe(2);
    await writer.record("L", [trial(3, { experiment: "x" }), trial(1)]);
    const after = await reader.summary("L");
    expect([after.count, after.sharpes]).toEqual([3, [1, 2, 3].map((i) => trial(i).sharpeAnnual)]);
    expect(after.digest).toBe(trialSetDigest([1, 2, 3].map(fingerprintOf), after.chainHead));
    expect((await reader.summary("L", "x")).count).toBe(2);
    await writer.reset("L", "start again");
    await writer.record("L", [trial(2)]);
    const again = await reader.summary("L");
    expect([again.count, again.digest]).toEqual([1, trialSetDigest([fingerprintOf(2)], again.chainHead)]);
    await reader.record("L", [trial(4)]);
    expect((await writer.summary("L")).count).toBe(2);
  });

  it("a reset starts an epoch: earlier trials stop counting, may be recorded again; the reset is kept", async () => {
    const s = await store();
    await s.record("L", [trial(1), trial(2)]);
    await s.record("other", [trial(1)]);
    const first = await s.reset("L", "new research question");
    expect([first.ledger, first.reason]).toEqual(["L", "new research question"]);
    expect(Number.isNaN(Date.parse(first.at))).toBe(false);
    expect((await s.summary("L")).count).toBe(0);
    expect(await s.record("L", [trial(2), trial(3)])).toBe(2);
    expect((await s.list("L")).map((t) => t.fingerprint)).toEqual([fingerprintOf(2), fingerprintOf(3)]);
    await s.reset("L", "second");
    expect((await s.summary("L")).count).toBe(0);
    expect((await s.resets("L")).map((r) => r.reason)).toEqual(["new research question", "second"]);
    expect(await s.resets("other")).toEqual([]);
    expect((await s.summary("other")).count).toBe(1);
  });

  it("a ledger that was only reset is still listed", async () => {
    const s = await store();
    await s.reset("quiet", "start clean");
    expect(await s.ledgers()).toEqual(["quiet"]);
    expect((await s.summary("quiet")).count).toBe(0);
  });

  it("keeps its trials and resets across a close and a reopen; opening twice at once is safe", async () => {
    const location = await backend.fresh();
    const [a, b] = await Promise.all([openAt(location), openAt(location)]);
    await a.record("L", [trial(1), trial(2)]);
    await b.reset("L", "kept");
    await b.record("L", [trial(3)]);
    await a.close();
    await b.close();
    opened.splice(0);
    const again = await openAt(location);
    expect((await again.list("L")).map((t) => t.fingerprint)).toEqual([fingerprintOf(3)]);
    expect((await again.resets("L")).map((r) => r.reason)).toEqual(["kept"]);
  });
}
