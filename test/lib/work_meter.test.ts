import { describe, expect, it } from "vitest";
import { withRunContext } from "../../src/lib/progress.js";
import { WorkMeter } from "../../src/lib/work_meter.js";

describe("WorkMeter", () => {
  it("steps each time unitsPerStep units accumulate, then once on finish", async () => {
    const seen: [number, number | undefined][] = [];
    await withRunContext({ onProgress: (p) => seen.push([p.progress, p.total]) }, async () => {
      const m = new WorkMeter(100, 30);
      for (let i = 0; i < 10; i++) await m.add(10);
      await m.finish();
    });
    expect(seen).toEqual([
      [30, 100],
      [60, 100],
      [90, 100],
      [100, 100],
    ]);
  });
  it("caps progress at the total", async () => {
    const seen: number[] = [];
    await withRunContext({ onProgress: (p) => seen.push(p.progress) }, async () => {
      const m = new WorkMeter(10, 5);
      await m.add(50);
    });
    expect(seen).toEqual([10]);
  });
  it("throws the abort reason on a cancelled call", async () => {
    const ac = new AbortController();
    ac.abort(new Error("stop"));
    const run = withRunContext({ signal: ac.signal }, async () => {
      const m = new WorkMeter(10, 1);
      await m.add(1);
    });
    await expect(run).rejects.toThrow("stop");
  });
});
