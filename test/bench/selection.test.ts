// The selection bench holds: no export profile finds fewer right tools than the committed baseline,
// and a profile whose descriptions lost their words is caught.
import { describe, expect, it } from "vitest";
import { hits, profileHits, QUESTIONS, readBaseline, regressions } from "../../bench/selection/score.js";
import { exportTools, listTools } from "../../src/runtime/index.js";

describe("tool selection bench", () => {
  it("has at least 40 questions, each answered by real tools", () => {
    const names = new Set(listTools().map((t) => t.name));
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
    for (const q of QUESTIONS) for (const a of q.answers) expect(names.has(a), `${q.ask} -> ${a}`).toBe(true);
  });

  it("no profile falls below the committed baseline", () => {
    const now = profileHits();
    expect(regressions(now, readBaseline())).toEqual([]);
    expect(now.anthropic!.top1).toBeGreaterThanOrEqual(40);
  });

  it("fails a profile whose tool descriptions were cut to their first three words", () => {
    const cut = exportTools("anthropic").map((e: any) => ({
      ...e,
      description: e.description.split(" ").slice(0, 3).join(" "),
    }));
    const fell = regressions({ anthropic: hits(cut) }, readBaseline());
    expect(fell.length).toBeGreaterThan(0);
    expect(fell[0]).toMatch(/^anthropic: top-1 \d+ < baseline \d+$/);
  });
});
