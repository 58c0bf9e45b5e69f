// `npx tsx bench/selection/write_baseline.ts`: records today's hits of both halves as the baseline the
// bench holds every later change to. Run it only when a change raised them (or the question set grew).
import { writeFileSync } from "node:fs";
import { BASELINE_JSON, halfHits } from "./score.js";

const now = halfHits();
const counts = (byProfile: Record<string, { top1: number; top3: number }>) =>
  Object.fromEntries(Object.entries(byProfile).map(([p, h]) => [p, { top1: h.top1, top3: h.top3 }]));
writeFileSync(BASELINE_JSON, `${JSON.stringify({ dev: counts(now.dev), heldout: counts(now.heldout) }, null, 2)}\n`);
for (const [half, byProfile] of Object.entries(now))
  for (const [p, h] of Object.entries(byProfile))
    console.log(`${half} ${p}: top-1 ${h.top1}, top-3 ${h.top3} of ${h.questions}`);
