// Tool selection: top-1 and top-3 hits of each half of the question set (development and held-out,
// bench/selection/split.ts) under a BM25 tool search over each export profile. Rows are misses, so a
// target is "no more misses than the committed baseline"; `npm run bench` exits 1 when a count falls below it.
import type { Row } from "../report.js";
import { halfHits, readBaseline } from "../selection/score.js";

export const SELECTION_CASE = "8 tool selection";

export function selection(): Row[] {
  const now = halfHits();
  const baseline = readBaseline();
  const rows: Row[] = [];
  for (const [half, byProfile] of Object.entries(now)) {
    for (const [profile, h] of Object.entries(byProfile)) {
      const b = baseline[half as keyof typeof baseline]?.[profile] ?? { top1: 0, top3: 0 };
      for (const [k, hit, base] of [
        ["top-1", h.top1, b.top1],
        ["top-3", h.top3, b.top3],
      ] as const) {
        rows.push({
          case: SELECTION_CASE,
          label: `${half} half, ${profile}, ${k} misses (${hit} of ${h.questions} hit)`,
          unit: "count",
          value: h.questions - hit,
          target: h.questions - base + 1,
        });
      }
    }
  }
  return rows;
}
