import { describe, expect, it } from "vitest";
import { withRunContext, type ProgressEvent } from "../../src/lib/progress.js";
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

  // Chunked row loops and immediate steps.
  it("maps in chunks and reports progress after each chunk, capped at the total", async () => {
    const events: ProgressEvent[] = [];
    const out = await withRunContext({ onProgress: (p) => events.push(p) }, async () => {
      const p = new WorkMeter(12);
      const squares = await p.map(5, (i) => i * i, 2);
      await p.forChunks(10, () => undefined, 4);
      return squares;
    });
    expect(out).toEqual([0, 1, 4, 9, 16]);
    expect(events.map((e) => e.progress)).toEqual([2, 4, 5, 9, 12, 12]);
    const tail: number[] = [];
    await withRunContext({ onProgress: (p) => tail.push(p.progress) }, async () => {
      const p = new WorkMeter(100);
      await p.advance(30);
      await p.finish();
    });
    expect(tail).toEqual([30, 100]);
    expect(events.every((e) => e.total === 12)).toBe(true);
  });

  it("stops with the abort reason when the call is cancelled", async () => {
    const ac = new AbortController();
    ac.abort(new Error("cancelled by test"));
    await expect(withRunContext({ signal: ac.signal }, () => new WorkMeter(3).map(3, (i) => i, 1))).rejects.toThrow(
      "cancelled by test",
    );
  });
});
