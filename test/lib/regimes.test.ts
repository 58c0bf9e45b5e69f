import { describe, expect, it } from "vitest";
import { compoundedReturn, episodeDrawdown, episodes, labelEpisodes } from "../../src/lib/regimes.js";

describe("regimes", () => {
  it("episodes are maximal runs of true", () => {
    expect(episodes([true, true, false, true, false, false, true])).toEqual([
      { start: 0, end: 2 },
      { start: 3, end: 4 },
      { start: 6, end: 7 },
    ]);
    expect(episodes([false, false])).toEqual([]);
    expect(episodes([])).toEqual([]);
  });
  it("labelEpisodes groups in first-appearance order with runs", () => {
    const g = labelEpisodes(["b", "b", "a", "b", 1, 1, "a"]);
    expect(g).toEqual([
      {
        label: "b",
        rows: [0, 1, 3],
        episodes: [
          { start: 0, end: 2 },
          { start: 3, end: 4 },
        ],
      },
      {
        label: "a",
        rows: [2, 6],
        episodes: [
          { start: 2, end: 3 },
          { start: 6, end: 7 },
        ],
      },
      { label: 1, rows: [4, 5], episodes: [{ start: 4, end: 6 }] },
    ]);
  });
  it("labelEpisodes keeps the string '1' apart from the integer 1", () => {
    expect(labelEpisodes(["1", 1]).map((g) => g.label)).toEqual(["1", 1]);
  });
  it("compounded return and per-episode drawdown (starting equity is the first peak)", () => {
    const r = [0.1, -0.1, 0.5, -0.1];
    expect(compoundedReturn(r, { start: 0, end: 2 })).toBeCloseTo(-0.01, 14);
    expect(episodeDrawdown(r, { start: 0, end: 2 })).toBeCloseTo(-0.1, 14);
    expect(episodeDrawdown(r, { start: 3, end: 4 })).toBeCloseTo(-0.1, 14);
    expect(episodeDrawdown(r, { start: 2, end: 3 })).toBe(0);
    // 1 -> 0.9 -> 0.45 -> 0.9: worst 0.45/1 - 1
    expect(episodeDrawdown([-0.1, -0.5, 1], { start: 0, end: 3 })).toBeCloseTo(-0.55, 14);
  });
});
