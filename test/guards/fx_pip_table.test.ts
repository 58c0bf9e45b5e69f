// Issue #31 item 3: pip sizes per instrument with their source; the quote-currency rule only for pairs the
// table does not list, and then the guard says it assumed; USDJPY converted through usd_leg_rates says so.
import { describe, expect, it } from "vitest";
import { check } from "../../guards/fx_conventions.js";
import { PIP_RULE, PIP_SOURCE } from "../../guards/_fx_conventions_pips.js";

const errors = (o: ReturnType<typeof check>) => o.findings.filter((f) => f.severity === "error");
const warnings = (o: ReturnType<typeof check>) => o.findings.filter((f) => f.severity === "warning");
const messages = (o: ReturnType<typeof check>) => o.findings.map((f) => f.message);

describe("the pip table and its source", () => {
  it.each([
    ["XAUUSD", 0.01],
    ["XPTUSD", 0.01],
    ["XAGUSD", 0.0001],
    ["USDHUF", 0.01],
    ["EURHUF", 0.01],
    ["USDTHB", 0.01],
    ["HKDJPY", 0.0001],
    ["USDJPY", 0.01],
    ["EURUSD", 0.0001],
  ])("%s: pip %s from the table, and that size assumed by the caller is right", (pair, pip) => {
    const o = check(pair, undefined, undefined, undefined, undefined, pip);
    expect(o.evidence["pip_size"]).toBe(pip);
    expect(o.evidence["pip_source"]).toBe(PIP_SOURCE);
    expect(errors(o)).toEqual([]);
    expect(warnings(o)).toEqual([]);
  });
  it("XAUUSD counted in 0.0001 pips is an error naming 0.01, the source and the factor", () => {
    expect(errors(check("XAUUSD", undefined, undefined, undefined, undefined, 0.0001)).map((f) => f.message)).toEqual([
      `assumed_pip_size 0.0001 is wrong for XAUUSD: its pip is 0.01 (${PIP_SOURCE}), so a move counted in your ` +
        "pips is 100 x the market's pips (P&L per pip off by 100x)",
    ]);
  });
  it("a pair the table does not list says its pip was assumed; a different size is a warning, not an error", () => {
    const o = check("USDKES");
    expect(o.evidence["pip_source"]).toBe(PIP_RULE);
    expect(messages(o)).toEqual([`USD/KES, pip 0.0001 (${PIP_RULE}), USD is BASE: rising price = stronger dollar`]);
    const other = check("USDKES", undefined, undefined, undefined, undefined, 0.01);
    expect(errors(other)).toEqual([]);
    expect(warnings(other).map((f) => f.message)).toEqual([
      `assumed_pip_size 0.01 differs from 0.0001 for USDKES, whose pip is ${PIP_RULE}; if your venue's pip is ` +
        "also 0.0001, a move counted in your pips is 0.01 x the market's pips (P&L per pip off by 0.01x)",
    ]);
  });
});

describe("USDJPY with only usd_leg_rates", () => {
  it("computes the USD pip value and does not say it cannot be converted", () => {
    const o = check("USDJPY", undefined, 100000, undefined, { USDJPY: 150 });
    expect(o.evidence["pip_value_usd"]).toBe(Number("6.6666666666666666667"));
    expect(messages(o).filter((m) => m.includes("cannot be converted"))).toEqual([]);
  });
  it("without any USDJPY rate it still says the rate is needed", () => {
    const o = check("USDJPY", undefined, 100000);
    expect(o.evidence["pip_value_usd"]).toBeNull();
    expect(messages(o).some((m) => m.includes("cannot be converted without the USDJPY rate"))).toBe(true);
  });
});
