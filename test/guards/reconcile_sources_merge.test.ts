// findSteps attributes each step by one merge pass over the sorted actions (#33): it must pick exactly
// the action the former scan did, the first in date order within window_days of the step, on inputs
// with many steps, actions on both sides of each window and several actions in one window.
import { describe, expect, it } from "vitest";
import { check } from "../../guards/reconcile_sources.js";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A seeded generator in [0, 1). */
function rng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** The former attribution: the first action (sorted stably by day) within the window, by a full scan. */
function scanAttribution(day: number, acts: [string, number][], window: number): string {
  const sorted = acts.map((a, i) => ({ a, i })).sort((x, y) => Date.parse(x.a[0]) - Date.parse(y.a[0]) || x.i - y.i);
  const hit = sorted.find(({ a }) => Math.abs(Date.parse(a[0]) / DAY - day) <= window);
  return hit === undefined ? "UNEXPLAINED -> data error" : `split ${hit.a[1]} on ${hit.a[0]}`;
}

describe("reconcile_sources: merge attribution equals the full scan", () => {
  for (const seed of [3, 11, 29, 71]) {
    it(`seed ${seed}: every step's attribution`, () => {
      const rand = rng(seed);
      const t0 = Date.UTC(2020, 0, 1);
      const n = 400;
      const index = Array.from({ length: n }, (_, i) => iso(t0 + i * DAY));
      // the ratio jumps at random dates: a level of 1 or 1.5
      const level = index.map(() => (rand() < 0.2 ? 1.5 : 1));
      const other = index.map(() => 100);
      const close = level.map((l) => 100 * l);
      const acts: [string, number][] = Array.from({ length: 60 }, () => [
        iso(t0 + Math.floor(rand() * (n + 20) - 10) * DAY),
        2 + Math.floor(rand() * 5),
      ]);
      const window = 1 + Math.floor(rand() * 4);
      const r = check({ index, values: close }, { index, values: other }, acts, 10, window);
      const steps = r.evidence.steps as { date: string; attribution: string }[];
      expect(steps.length).toBeGreaterThan(20);
      const explained = steps.filter((st) => st.attribution.startsWith("split")).length;
      expect([explained > 0, explained < steps.length]).toEqual([true, true]);
      for (const st of steps)
        expect([st.date, st.attribution]).toEqual([st.date, scanAttribution(Date.parse(st.date) / DAY, acts, window)]);
    });
  }
});
