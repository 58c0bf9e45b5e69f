// bundle_coverage and check_backtest (docs/contract.md §6) and the worked exchange.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { callToolUntyped } from "../../src/runtime/index.js";
import { ROOT, badInput, sample, untimed } from "./helpers.js";

const call = (name: string, args: object = {}) => callToolUntyped(name, args) as Promise<any>;
const excluded = () =>
  JSON.parse(readFileSync(path.join(ROOT, "generated/manifest.json"), "utf8")).excluded as string[];
const slotsJson = () => JSON.parse(readFileSync(path.join(ROOT, "generated/slots.json"), "utf8"));

describe("bundle_coverage", () => {
  it("returns the vocabulary with no arguments", async () => {
    const r = await call("bundle_coverage");
    const slots = r.vocabulary.map((v: any) => v.slot);
    for (const s of ["returns", "turnover", "bars", "signal_fn"]) expect(slots).toContain(s);
    expect(r.count).toBe(slotsJson().curated.length + slotsJson().parameters.length);
    expect(r.parameters).toContain("tol");
    expect(r.parameters).not.toContain("returns");
    expect(r.vocabulary.find((v: any) => v.slot === "returns").means).toMatch(/-> .*cost_curve/);
    expect(await call("bundle_coverage", { slots: ["  "] })).toHaveProperty("vocabulary");
  });
  it("says what returns + turnover make ready and what one slot more buys", async () => {
    const r = await call("bundle_coverage", { slots: ["returns", "turnover", "retruns"] });
    expect(r.have).toEqual(["returns", "turnover"]);
    expect(r.ready).toContain("cost_curve");
    expect(r.ready_over_json).toContain("cost_curve");
    expect(r.not_ready.rf_convention).toEqual(["rf"]);
    expect(r.one_slot_away.rf).toContain("rf_convention");
    expect(r.unknown.retruns[0]).toBe("returns");
    expect(r.summary).toMatch(
      /^2 slot\(s\) known, 1 unknown\. \d+ guard\(s\) ready \(\d+ over JSON\), \d+ not ready\./,
    );
  });
  it("understands either/or requirements", async () => {
    const r = await call("bundle_coverage", { slots: ["returns"] });
    expect(r.ready).not.toContain("brinson_attribution");
    expect(r.one_slot_away.panel).toContain("brinson_attribution");
    expect(r.one_slot_away.panels).toContain("brinson_attribution");
    const bare = await call("bundle_coverage", { slots: "returns" });
    expect(bare.have).toEqual(["returns"]);
    const pit = await call("bundle_coverage", { slots: ["members"] });
    expect(pit.one_slot_away.rebalance_dates).toContain("pit_universe");
    expect(pit.not_ready.pit_universe).toEqual(["universe or (members + rebalance_dates)"]);
  });
});

describe("check_backtest", () => {
  const slots = { returns: Array.from({ length: 200 }, (_, i) => (i % 2 ? -0.0099 : 0.01)), turnover: 2.0, rf: 0.05 };
  /** The arguments check_backtest assembles for `guard`: each input whose slot the bundle has. */
  async function assembled(guard: string, bundle: Record<string, unknown>): Promise<Record<string, unknown>> {
    const d = await call("describe_guard", { name: guard });
    const pairs = Object.keys(d.inputs).map((input) => [input, d.slots[input] ?? input] as const);
    return Object.fromEntries(pairs.filter(([, slot]) => slot in bundle).map(([input, slot]) => [input, bundle[slot]]));
  }
  it("runs the ready guards: cost_curve fails, rf_convention passes", async () => {
    const r = await call("check_backtest", { slots });
    // Derived, not pinned: a new guard that reads these slots legitimately joins the run.
    const ready = (await call("bundle_coverage", { slots: Object.keys(slots) })).ready_over_json;
    expect(r.ran).toEqual(ready);
    expect(r.ran).toContain("cost_curve");
    expect(r.ran).toContain("rf_convention");
    expect(r.failed).toContain("cost_curve");
    expect(r.failed).not.toContain("rf_convention");
    expect(r.status).toBe("fail");
    expect(r.passed).toBe(false);
    expect(r.skipped).toHaveProperty("survivorship_audit");
    expect(r.skipped.brinson_attribution).toEqual(["panel or panels"]);
    expect(r.not_callable_over_json).toEqual(excluded());
    expect(Object.keys(r)).toEqual([
      "tool",
      "status",
      "passed",
      "ran",
      "failed",
      "skipped",
      "rejected",
      "not_callable_over_json",
      "results",
      "summary",
      "unread_slots",
      "aliases_used",
      "elapsed_s",
      "provenance",
    ]);
    const skipped = Object.keys(r.skipped);
    const first = (names: string[]) =>
      names.slice(0, 5).join(", ") + (names.length > 5 ? ` and ${names.length - 5} more` : "");
    const head =
      `FAIL. ${ready.length} of ${ready.length + skipped.length} guards ran: ${r.failed.length} failed ` +
      `(${first(r.failed)}), ${ready.length - r.failed.length} passed; ${skipped.length} skipped ` +
      `(need more data): ${first(skipped)}`;
    expect(r.summary.split("\n")[0]).toBe(head);
    for (const res of r.results) {
      const direct = await call(res.tool, await assembled(res.guard, slots));
      expect(untimed(res)).toEqual(untimed(direct));
    }
  });
  it("statuses: empty is incomplete, a clean run passes, an audited skip is incomplete", async () => {
    expect((await call("check_backtest", { slots: {} })).status).toBe("incomplete");
    const rf = await call("check_backtest", { slots: { returns: [0.01, -0.005, 0.002, 0.004, -0.001], rf: 0.05 } });
    expect(rf.status).toBe("pass");
    expect(rf.passed).toBe(true);
    const audited = await call("check_backtest", {
      slots: { returns: [0.01, -0.005, 0.002, 0.004, -0.001], rf: 0.05 },
      audit: ["cost_curve"],
    });
    expect(audited.status).toBe("incomplete");
  });
  it("a slot one guard rejects keeps the status from passing and names the slot path", async () => {
    const r = await call("check_backtest", {
      slots: { returns: [0.01, -0.005, 0.002, 0.004, -0.001], rf: 0.05, turnover: -1 },
    });
    expect(r.status).not.toBe("pass");
    expect(r.rejected.cost_curve).toMatch(/^slots\/turnover/);
    const strict = await badInput(
      call("check_backtest", {
        slots: { returns: [0.01, -0.005, 0.002, 0.004, -0.001], rf: 0.05, turnover: -1 },
        strict: true,
      }),
    );
    expect(strict.field).toMatch(/^slots\/turnover/);
  });
  it("bad guard and slot names are bad input with suggestions", async () => {
    const g = await badInput(call("check_backtest", { slots, guards: ["cost_curv"] }));
    expect(g.field).toBe("guards/0");
    expect(g.message).toContain("did you mean");
    const ex = await badInput(call("check_backtest", { slots, guards: ["assert_causal"] }));
    expect(ex.message).toContain("'assert_causal' cannot be driven over JSON");
    const s = await badInput(call("check_backtest", { slots: { retruns: [0.01] } }));
    expect(s.field).toBe("slots/retruns");
    expect(s.message.startsWith('slots: unknown slot name(s) ["retruns"] - did you mean {"retruns":["returns"')).toBe(
      true,
    );
    expect(s.message.endsWith("]}? bundle_coverage lists the vocabulary")).toBe(true);
    const a = await badInput(call("check_backtest", { slots, guards: ["cost_curve"], audit: ["rf_convention"] }));
    expect(a.message).toBe("audit/0: 'rf_convention' is not among the guards to run");
  });
});

describe("the worked exchange on the seeded sample strategy", () => {
  it("coverage then check_backtest: cost_curve fails below the 10 bps paid, rf_convention passes", async () => {
    const b = sample();
    const cov = await call("bundle_coverage", { slots: ["returns", "turnover", "rf"] });
    expect(cov.ready_over_json).toEqual(expect.arrayContaining(["cost_curve", "rf_convention"]));
    expect(Object.keys(cov.one_slot_away).length).toBeGreaterThan(0);
    const r = await call("check_backtest", { slots: { returns: b.returns, turnover: b.turnover, rf: b.rf } });
    expect(r.status).toBe("fail");
    expect(r.failed).toEqual(["cost_curve"]);
    const cc = r.results.find((x: any) => x.guard === "cost_curve");
    expect(cc.evidence.breakeven_bps).toBeLessThan(10);
    expect(cc.evidence.sharpe_gross).toBeGreaterThan(1.3);
    expect(cc.evidence.sharpe_gross).toBeLessThan(1.7);
    expect(cc.evidence.avg_turnover).toBeGreaterThan(0.8);
    expect(cc.evidence.avg_turnover).toBeLessThan(1.0);
    expect(r.results.find((x: any) => x.guard === "rf_convention").passed).toBe(true);
    for (const [g, missing] of Object.entries<string[]>(r.skipped)) expect(missing.length, g).toBeGreaterThan(0);
    expect(r.not_callable_over_json).toEqual(excluded());
  });
});
