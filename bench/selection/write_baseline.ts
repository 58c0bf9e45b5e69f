// `npx tsx bench/selection/write_baseline.ts`: records today's hits as the baseline the bench holds
// every later change to. Run it only when a change raised them (or the question set changed).
import { writeFileSync } from "node:fs";
import { BASELINE_JSON, profileHits } from "./score.js";

const hits = profileHits();
const baseline = Object.fromEntries(Object.entries(hits).map(([p, h]) => [p, { top1: h.top1, top3: h.top3 }]));
writeFileSync(BASELINE_JSON, `${JSON.stringify(baseline, null, 2)}\n`);
for (const [p, h] of Object.entries(hits)) console.log(`${p}: top-1 ${h.top1}, top-3 ${h.top3} of ${h.questions}`);
