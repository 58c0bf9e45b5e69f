// The in-process tally (summary_incremental.ts) against a whole read, on every backend: after trials, flagged
// trials, experiments, retractions (of a middle trial, of the one holding the maxima, of the earliest), a
// repeat, a reset, written by another connection, every summary, flagged and retracted count, per-experiment
// count and preview equals what reading every row gives; and a read after another connection wrote reads
// only the rows it wrote.
import { expect, it } from "vitest";
import type { LedgerStore, StoreTally, TrialRecord } from "../../src/ledger/store.js";
import { previewSummary } from "../../src/ledger/preview.js";
import { summarize } from "../../src/ledger/summary.js";
import { BACKENDS, storeOpener } from "./backends.js";
import { trial } from "./trials.js";

const L = "L";
const SCOPES = [null, "a", "b", "none-such"] as const;

/** Trial i: experiment "a" when even, "b" when a multiple of 3, else none; flagged percent every fourth. */
const labelled = (i: number): TrialRecord =>
  trial(i, { experiment: i % 2 === 0 ? "a" : i % 3 === 0 ? "b" : null, flagged: i % 4 === 0 ? "percent" : null });

/** What list_trials reads, from the tally. */
function fromTally(tally: StoreTally) {
  return {
    scopes: SCOPES.map((e) => ({ ...tally.summary(L, e), flagged: tally.flagged(e) })),
    retracted: tally.retracted.size,
    experiments: tally.experiments(),
  };
}

/** The same from every row of the epoch (the chain head from `verify`, which reads the chain itself). */
async function fromEveryRow(store: LedgerStore) {
  const listed = await store.list(L);
  const head = (await store.verify(L)).head?.hash ?? null;
  const counted = listed.filter((t) => !t.retracted);
  const experiments = new Map<string | null, number>();
  for (const t of counted) experiments.set(t.experiment, (experiments.get(t.experiment) ?? 0) + 1);
  return {
    scopes: SCOPES.map((e) => {
      const scope = e === null ? counted : counted.filter((t) => t.experiment === e);
      return { ...summarize(L, e, scope, head), flagged: scope.filter((t) => t.flagged).length };
    }),
    retracted: listed.length - counted.length,
    experiments: [...experiments].map(([experiment, count]) => ({ experiment, count })),
  };
}

/** The whole epoch once `trials` are recorded, from every row (new fingerprints only, first of repeats). */
async function previewFromEveryRow(store: LedgerStore, trials: readonly TrialRecord[]) {
  const listed = await store.list(L);
  const held = new Set(listed.map((t) => t.fingerprint));
  const counted: TrialRecord[] = listed.filter((t) => !t.retracted);
  for (const t of trials) {
    if (held.has(t.fingerprint)) continue;
    counted.push(t);
    held.add(t.fingerprint);
  }
  return summarize(L, null, counted, (await store.verify(L)).head?.hash ?? null);
}

for (const describeBackend of BACKENDS)
  describeBackend("the ledger's in-process tally", (backend) => {
    const open = storeOpener(backend);

    it("equals a whole read through flagged trials, retractions, a repeat and another connection's reset", async () => {
      const location = await backend.fresh();
      const [reader, writer] = [await open(location), await open(location)];
      const same = async () => expect(fromTally(await reader.tally(L))).toEqual(await fromEveryRow(writer));
      await reader.record(
        L,
        Array.from({ length: 12 }, (_, i) => labelled(i + 1)),
      );
      await same();
      await writer.record(L, [labelled(13), labelled(14)]);
      await same();
      // A middle trial, a flagged one, then the one with the highest Sharpe and longest track, then the earliest.
      for (const i of [5, 8, 14, 1]) {
        await writer.retract(L, trial(i).fingerprint, `retract ${i}`);
        await same();
      }
      expect(await writer.record(L, [labelled(5), labelled(15)])).toBe(1);
      await same();
      const call = [labelled(16), labelled(3), labelled(16), labelled(5), labelled(17)];
      expect((await reader.tally(L)).preview(L, call)).toEqual(await previewFromEveryRow(writer, call));
      // Pending (their returns join the kept ones in the effective count): those the epoch holds in no row.
      const { pending } = await previewSummary(reader, L, call);
      expect(pending.map((t) => t.fingerprint)).toEqual([16, 16, 17].map((i) => trial(i).fingerprint));
      await writer.reset(L, "new question");
      await same();
      await writer.record(L, [labelled(5), labelled(2)]);
      await writer.retract(L, trial(2).fingerprint, "after the reset");
      await same();
      const counted = fromTally(await reader.tally(L));
      expect(counted.scopes[0]).toMatchObject({ count: 1, sharpes: [trial(5).sharpeAnnual] });
      expect(counted.retracted).toBe(1);
    });

    it("reads only the rows another connection wrote since its last read", async () => {
      const location = await backend.fresh();
      const [reader, writer] = [await open(location), await open(location)];
      await writer.record(
        L,
        Array.from({ length: 40 }, (_, i) => labelled(i + 1)),
      );
      const first = await reader.tally(L);
      expect(first.rowsRead).toBe(40);
      await writer.record(L, [labelled(41), labelled(42)]);
      expect((await reader.tally(L)).rowsRead).toBe(42);
      await writer.retract(L, trial(7).fingerprint, "a middle one");
      const after = await reader.tally(L);
      expect(after).toBe(first);
      expect(after.rowsRead).toBe(43);
      expect((await reader.tally(L)).rowsRead).toBe(43);
      expect(after.summary(L, null).count).toBe(41);
    });
  });
