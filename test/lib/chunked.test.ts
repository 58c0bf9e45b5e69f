import { describe, expect, it } from "vitest";
import { Progress } from "../../src/lib/chunked.js";
import { withRunContext, type ProgressEvent } from "../../src/lib/progress.js";

describe("Progress", () => {
  it("maps in chunks and reports progress after each chunk, capped at the total", async () => {
    const events: ProgressEvent[] = [];
    const out = await withRunContext({ onProgress: (p) => events.push(p) }, async () => {
      const p = new Progress(12);
      const squares = await p.map(5, (i) => i * i, 2);
      await p.forChunks(10, () => undefined, 4);
      return squares;
    });
    expect(out).toEqual([0, 1, 4, 9, 16]);
    expect(events.map((e) => e.progress)).toEqual([2, 4, 5, 9, 12, 12]);
    const tail: number[] = [];
    await withRunContext({ onProgress: (p) => tail.push(p.progress) }, async () => {
      const p = new Progress(100);
      await p.advance(30);
      await p.finish();
    });
    expect(tail).toEqual([30, 100]);
    expect(events.every((e) => e.total === 12)).toBe(true);
  });

  it("stops with the abort reason when the call is cancelled", async () => {
    const ac = new AbortController();
    ac.abort(new Error("cancelled by test"));
    await expect(withRunContext({ signal: ac.signal }, () => new Progress(3).map(3, (i) => i, 1))).rejects.toThrow(
      "cancelled by test",
    );
  });
});
