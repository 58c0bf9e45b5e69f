// The selection bench holds: the question set is split by its hash alone, no export profile finds
// fewer right tools than the committed baseline on either half, and a profile whose descriptions lost
// their words is caught.
import { describe, expect, it } from "vitest";
import { HALF_QUESTIONS, halfHits, hits, QUESTIONS, readBaseline, regressions } from "../../bench/selection/score.js";
import { HALVES, halfOf } from "../../bench/selection/split.js";
import { exportTools, listTools } from "../../src/runtime/index.js";

describe("tool selection bench", () => {
  it("has at least 150 distinct questions, each answered by real tools", () => {
    const names = new Set(listTools().map((t) => t.name));
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(QUESTIONS.map((q) => q.ask)).size).toBe(QUESTIONS.length);
    for (const q of QUESTIONS) for (const a of q.answers) expect(names.has(a), `${q.ask} -> ${a}`).toBe(true);
  });

  it("files every question in the half its text hashes to", () => {
    for (const h of HALVES) {
      expect(HALF_QUESTIONS[h].length).toBeGreaterThan(QUESTIONS.length / 4);
      for (const q of HALF_QUESTIONS[h]) expect(halfOf(q.ask), q.ask).toBe(h);
    }
  });

  it("no profile falls below the committed baseline on either half", () => {
    const now = halfHits();
    const baseline = readBaseline();
    for (const h of HALVES) expect(regressions(now[h], baseline[h], h)).toEqual([]);
  });

  it("fails a profile whose tool descriptions were cut to their first three words", () => {
    const cut = exportTools("anthropic").map((e: any) => ({
      ...e,
      description: e.description.split(" ").slice(0, 3).join(" "),
    }));
    const fell = regressions({ anthropic: hits(cut, HALF_QUESTIONS.dev) }, readBaseline().dev, "dev");
    expect(fell.length).toBeGreaterThan(0);
    expect(fell[0]).toMatch(/^dev anthropic: top-1 \d+ < baseline \d+$/);
  });
});
