// Catalogue tools are priced and bounded (#33 defect 3): a long slot-name list is refused by name before
// any work, did-you-mean suggestions stop after a few names, and every catalogue tool has a price.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { badInput } from "../helpers.js";
import { countOps } from "./op_count.js";
import { MAX_SLOT_NAMES, MAX_SUGGESTED } from "../../../src/runtime/catalogue/name_limits.js";

/** The catalogue tools and the name comparisons (the size cap's linear pass over the arguments is not counted). */
const CATALOGUE_CODE = /\/src\/runtime\/(catalogue\/|codec\/similarity)/;
const names = (n: number, stem = "retrns") => Array.from({ length: n }, (_, i) => `${stem}${i}`);

describe("bundle_coverage's slot list is bounded", () => {
  it("300,000 slot names are refused as too_large at 'slots', before any name is compared", async () => {
    let call: Promise<unknown> = Promise.resolve();
    const ops = await countOps(CATALOGUE_CODE, async () => {
      call = callToolUntyped("bundle_coverage", { slots: names(300_000) });
      await call.catch(() => undefined);
    });
    const e = await badInput(call);
    expect([e.code, e.field]).toEqual(["too_large", "slots"]);
    expect(e.message).toContain(`300,000 slot names sent; at most ${MAX_SLOT_NAMES.toLocaleString("en-US")}`);
    expect(ops).toBeLessThan(1_000);
  });
  it("one name over the bound is refused; the bound itself is served", async () => {
    const over = await badInput(callToolUntyped("bundle_coverage", { slots: names(MAX_SLOT_NAMES + 1) }));
    expect(over.code).toBe("too_large");
    const at = (await callToolUntyped("bundle_coverage", { slots: names(MAX_SLOT_NAMES) })) as any;
    expect(Object.keys(at.unknown)).toHaveLength(MAX_SLOT_NAMES);
  });
  it("only the first unknown names get suggestions", async () => {
    const r = (await callToolUntyped("bundle_coverage", { slots: names(500) })) as any;
    const suggested = Object.values(r.unknown as Record<string, string[]>).filter((s) => s.length > 0);
    expect(suggested).toHaveLength(MAX_SUGGESTED);
    expect(r.unknown.retrns0).toContain("returns");
  });
});

describe("check_backtest's slot names are bounded", () => {
  it("unknown slot names: the first few are named with suggestions, the rest counted", async () => {
    const slots = Object.fromEntries(names(50).map((n) => [n, 1]));
    const e = await badInput(callToolUntyped("check_backtest", { slots }));
    expect(e.message).toContain(`and ${50 - MAX_SUGGESTED} more`);
    expect(e.message).not.toContain("retrns10");
  });
  it("more slot names than the bound are refused as too_large", async () => {
    const slots = Object.fromEntries(names(MAX_SLOT_NAMES + 1).map((n) => [n, 1]));
    const e = await badInput(callToolUntyped("check_backtest", { slots }));
    expect([e.code, e.field]).toEqual(["too_large", "slots"]);
  });
});

describe("every catalogue tool is priced", () => {
  for (const tool of ["list_skills", "list_guards", "describe_guard", "bundle_coverage", "search_skills"]) {
    it(`${tool} is refused when its price is over the call's work budget`, async () => {
      const args = tool === "describe_guard" ? { name: "cost_curve" } : tool === "search_skills" ? { terms: "x" } : {};
      const e = await badInput(callToolUntyped(tool, args, { workBudget: 10 }));
      expect(e.code).toBe("too_large");
      expect(e.message).toContain("the work budget is 10");
    });
  }
});
