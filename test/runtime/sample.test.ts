// The embedded sample bundle is reproducible from its seed, and has the advertised character.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sampleBundle } from "../../scripts/sample.js";
import { ROOT } from "./helpers.js";

describe("data/sample-bundle.json", () => {
  it("is exactly what scripts/sample.ts generates", () => {
    expect(readFileSync(path.join(ROOT, "data/sample-bundle.json"), "utf8")).toBe(
      `${JSON.stringify(sampleBundle())}\n`,
    );
  });
  it("is 504 business days from 2023-01-02 with gross Sharpe near 1.5 and one-way turnover near 0.9", () => {
    const b = sampleBundle() as any;
    const idx: string[] = b.returns.index;
    expect(idx.length).toBe(504);
    expect(idx[0]).toBe("2023-01-02");
    for (const d of idx) expect([0, 6]).not.toContain(new Date(`${d}T00:00:00Z`).getUTCDay());
    const r: number[] = b.returns.values;
    const m = r.reduce((a, x) => a + x, 0) / r.length;
    const sd = Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / (r.length - 1));
    expect((m / sd) * Math.sqrt(252)).toBeCloseTo(1.5, 3);
    const t: number[] = b.turnover.values;
    expect(t.reduce((a, x) => a + x, 0) / t.length).toBeGreaterThan(0.85);
    expect(t.reduce((a, x) => a + x, 0) / t.length).toBeLessThan(0.95);
  });
});
