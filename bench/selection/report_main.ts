// `npx tsx bench/selection/report_main.ts [--misses]`: top-1 and top-3 of each half per profile.
// --misses lists the development half's misses only: the held-out half is reported as counts, never
// as questions, so descriptions are not edited against it.
import { halfHits } from "./score.js";

const now = halfHits();
for (const [half, byProfile] of Object.entries(now))
  for (const [p, h] of Object.entries(byProfile))
    console.log(`${half.padEnd(7)} ${p.padEnd(18)} top-1 ${h.top1}/${h.questions}  top-3 ${h.top3}/${h.questions}`);
if (process.argv.includes("--misses")) for (const m of now.dev.anthropic!.misses) console.log(`dev miss: ${m}`);
