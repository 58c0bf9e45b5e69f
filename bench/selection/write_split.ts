// `npx tsx bench/selection/write_split.ts <pool.json>`: files each question of a pool into its half
// (split.ts), appending to bench/selection/dev.json and heldout.json. Run once per batch of new
// questions, before any description is edited against them, then `npx biome format --write` both; a question
// already filed is skipped.
import { readFileSync, writeFileSync } from "node:fs";
import { HALVES, halfOf } from "./split.js";
import { halfPath, type Question, readHalf } from "./score.js";

const poolPath = process.argv[2];
if (!poolPath) {
  console.error("usage: write_split.ts <pool.json>");
  process.exit(2);
}
const pool: Question[] = JSON.parse(readFileSync(poolPath, "utf8"));
const halves = Object.fromEntries(HALVES.map((h) => [h, [...readHalf(h)]])) as Record<string, Question[]>;
const filed = new Set(Object.values(halves).flatMap((qs) => qs.map((q) => q.ask)));
for (const q of pool) if (!filed.has(q.ask)) halves[halfOf(q.ask)]!.push({ ask: q.ask, answers: q.answers });
for (const h of HALVES) {
  writeFileSync(halfPath(h), `${JSON.stringify(halves[h], null, 2)}\n`);
  console.log(`${h}: ${halves[h]!.length} questions`);
}
