// The Sharpe aggregates a tally keeps as trials arrive (sharpe_aggregates.ts: the histogram and the
// dilution-proof spread a verdict reads) against the whole computation over every counted row, bit for bit,
// on every backend: after a first read, one trial at a time from another connection (counted in place), a new
// extreme and a Sharpe beyond the spread's typed-array bins, retractions, a reset, and a call's preview.
import { expect, it } from "vitest";
import { previewSummary } from "../../src/ledger/preview.js";
import type { LedgerStore, TrialRecord } from "../../src/ledger/store.js";
import { dilutionProofVariance } from "../../src/lib/recorded_spread.js";
import { sharpeHistogram } from "../../src/lib/sharpe_distribution.js";
import { BACKENDS, storeOpener } from "./backends.js";
import { trial } from "./trials.js";

const L = "L";

/** Trial i with a scattered annualised Sharpe in (-1.5, 1.5) (or `sharpe`), experiment "a" when even. */
const scattered = (i: number, sharpe = 1.5 * Math.sin(i * 12.9898)): TrialRecord =>
  trial(i, { sharpeAnnual: sharpe, experiment: i % 2 === 0 ? "a" : null });

/** The whole computation over the Sharpes of the counted rows (of one experiment; null: all), in order. */
const whole = (sharpes: readonly number[]) => ({
  sharpeHistogram: sharpeHistogram(sharpes),
  dilutionVariance: dilutionProofVariance(sharpes),
});

for (const describeBackend of BACKENDS)
  describeBackend("the tally's kept Sharpe aggregates", (backend) => {
    const open = storeOpener(backend);

    it("equal the whole computation through appends, retractions, a reset and a preview", async () => {
      const location = await backend.fresh();
      const [reader, writer] = [await open(location), await open(location)];
      const same = async () => {
        const tally = await reader.tally(L);
        const rows = (await writer.list(L)).filter((t) => !t.retracted);
        for (const experiment of [null, "a"]) {
          const scope = rows.filter((t) => experiment === null || t.experiment === experiment);
          const kept = tally.summary(L, experiment);
          expect({ sharpeHistogram: kept.sharpeHistogram, dilutionVariance: kept.dilutionVariance }).toEqual(
            whole(scope.flatMap((t) => (t.sharpeAnnual === null ? [] : [t.sharpeAnnual]))),
          );
        }
      };
      await reader.record(
        L,
        Array.from({ length: 200 }, (_, i) => scattered(i + 1)),
      );
      await same();
      for (let i = 201; i <= 220; i++) {
        await writer.record(L, [scattered(i)]);
        await same();
      }
      await writer.record(L, [scattered(221, 3.25), scattered(222, -150), scattered(223, null as unknown as number)]);
      await same();
      await writer.retract(L, scattered(7).fingerprint, "a middle one");
      await writer.retract(L, scattered(221).fingerprint, "the highest");
      await same();
      for (let i = 224; i <= 230; i++) await writer.record(L, [scattered(i)]);
      await same();
      const call = [scattered(231), scattered(232, 2.5), scattered(5)];
      const { summary } = await previewSummary(reader, L, call);
      const sharpes = (await writer.list(L)).filter((t) => !t.retracted).map((t) => t.sharpeAnnual!);
      const after = [...sharpes.filter((s) => s !== null), 1.5 * Math.sin(231 * 12.9898), 2.5];
      expect({ sharpeHistogram: summary.sharpeHistogram, dilutionVariance: summary.dilutionVariance }).toEqual(
        whole(after),
      );
      await writer.reset(L, "new question");
      await writer.record(
        L,
        Array.from({ length: 30 }, (_, i) => scattered(i + 300)),
      );
      await same();
    });
  });
