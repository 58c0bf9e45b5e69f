// A call does each step once: its arguments hashed once, validated once in and once out; its trials
// fingerprinted only for a ledger to record them in; the ledger's digest hashed once while nothing changes.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callToolUntyped, configureLedger } from "../../src/runtime/index.js";

type Fn = (...a: never[]) => unknown;
const counts = vi.hoisted(() => new Map<string, number>());
/** `f`, counting its calls under `name` (own properties, like a validator's errors, copied after each call). */
const counted = vi.hoisted(() => <F extends Fn>(name: string, f: F): F => {
  const wrapped = (...a: never[]) => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const out = f(...a);
    Object.assign(wrapped, f);
    return out;
  };
  return wrapped as unknown as F;
});

vi.mock("../../src/runtime/canonical_digest.js", async (original) => {
  const m = await original<typeof import("../../src/runtime/canonical_digest.js")>();
  return { ...m, canonicalDigest: counted("canonicalDigest", m.canonicalDigest) };
});
vi.mock("../../src/ledger/trial.js", async (original) => {
  const m = await original<typeof import("../../src/ledger/trial.js")>();
  return { ...m, pacedTrialStats: counted("pacedTrialStats", m.pacedTrialStats) };
});
vi.mock("../../src/ledger/digest.js", async (original) => {
  const m = await original<typeof import("../../src/ledger/digest.js")>();
  return { ...m, groupDigest: counted("groupDigest", m.groupDigest) };
});
vi.mock("../../generated/validators.js", async (original) => {
  const m = await original<Record<string, Fn>>();
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [k, counted(k, v)]));
});

const count = (name: string) => counts.get(name) ?? 0;
const sharpes = Array.from({ length: 10_000 }, (_, i) => Math.sin(i + 1) * 1.2);
const dsr = { best_sharpe: 1.4, n_obs: 1260, periods_per_year: 252, sharpes };
const series = (seed: number) => Array.from({ length: 504 }, (_, i) => Math.sin(i * seed + 1) * 0.01 + 0.0004);
const dir = mkdtempSync(path.join(os.tmpdir(), "fin-call-counts-"));

beforeEach(() => counts.clear());
afterAll(() => configureLedger({ ledger: null }));

describe("what one call costs, by counts", () => {
  it("a 10,000-Sharpe call hashes its arguments once and runs its input and output validators once", async () => {
    await configureLedger({ ledger: null });
    await callToolUntyped("check_trial_ledger", dsr);
    counts.clear();
    await callToolUntyped("check_trial_ledger", dsr);
    expect(count("canonicalDigest")).toBe(1);
    expect(count("in_check_trial_ledger")).toBe(1);
    expect(count("out_check_trial_ledger")).toBe(1);
    expect([...counts.keys()].filter((k) => /^(in|out)_/.test(k))).toHaveLength(2);
  });

  it("fingerprints a call's trials only when a ledger is configured to record them", async () => {
    await configureLedger({ ledger: null });
    await callToolUntyped("check_cost_curve", { returns: series(1), turnover: 0.2 });
    expect(count("pacedTrialStats")).toBe(0);
    await configureLedger({ ledger: path.join(dir, "a.sqlite") });
    await callToolUntyped("check_cost_curve", { returns: series(1), turnover: 0.2 });
    expect(count("pacedTrialStats")).toBe(1);
  });

  // The summary is kept incrementally: a digest group is hashed again only when a trial joined it.
  it("hashes the ledger's digest once while nothing is recorded, again after a trial is", async () => {
    await configureLedger({ ledger: path.join(dir, "b.sqlite") });
    await callToolUntyped("check_cost_curve", { returns: series(2), turnover: 0.2 });
    const first = await callToolUntyped("check_trial_ledger", dsr);
    const again = await callToolUntyped("check_trial_ledger", dsr);
    expect(count("groupDigest")).toBe(1);
    expect(again.provenance).toMatchObject({ ledger: { count: 1 } });
    expect(again.evidence).toEqual(first.evidence);
    await callToolUntyped("check_cost_curve", { returns: series(3), turnover: 0.2 });
    const after = await callToolUntyped("check_trial_ledger", dsr);
    expect(count("groupDigest")).toBe(2);
    expect(after.provenance).toMatchObject({ ledger: { count: 2 } });
  });
});
