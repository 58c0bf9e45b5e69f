import { describe, expect, it } from "vitest";
import { check } from "../../guards/fx_conventions.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

const errors = (o: ReturnType<typeof check>) => o.findings.filter((f) => f.severity === "error");
type Facts = Record<string, unknown>;
const pairs = (o: ReturnType<typeof check>) => (o.evidence as Facts)["pairs"] as Record<string, Facts>;

describe("fx_conventions: spec examples", () => {
  it("1. EURUSD, USD/JPY, AUDUSD pass with USD side and pip size", () => {
    const o = check(["EURUSD", "USD/JPY", "AUDUSD"]);
    expect(errors(o)).toEqual([]);
    const p = pairs(o);
    expect(Object.keys(p)).toEqual(["EURUSD", "USD/JPY", "AUDUSD"]);
    expect([p["EURUSD"]!["usd_is_base"], p["EURUSD"]!["pip_size"]]).toEqual([false, 0.0001]);
    expect([p["USD/JPY"]!["usd_is_base"], p["USD/JPY"]!["pip_size"]]).toEqual([true, 0.01]);
    expect([p["AUDUSD"]!["usd_is_base"], p["AUDUSD"]!["pip_size"]]).toEqual([false, 0.0001]);
    // several pairs: no top-level copies
    expect(Object.keys(o.evidence)).toEqual(["pairs"]);
    expect(o.findings.map((f) => f.where)).toEqual(["EURUSD", "USD/JPY", "AUDUSD"]);
    expect(o.findings[0]!.message).toBe("EUR/USD, pip 0.0001, USD is QUOTE: rising price = weaker dollar");
    expect(o.findings[1]!.message).toBe("USD/JPY, pip 0.01, USD is BASE: rising price = stronger dollar");
  });

  it("2. JPYUSD fails, USDHKD passes (unranked), USDXYZ is bad input naming XYZ", () => {
    const bad = check("JPYUSD");
    expect(errors(bad).map((f) => [f.message, f.where])).toEqual([
      ["JPYUSD is quoted backwards: market convention is USDJPY", "JPYUSD"],
    ]);
    expect(pairs(bad)["JPYUSD"]!["backwards"]).toBe(true);
    const hkd = check("USDHKD");
    expect(errors(hkd)).toEqual([]);
    expect(pairs(hkd)["USDHKD"]!["backwards"]).toBe(false);
    expect(badField(() => check("USDXYZ"))).toMatch(/^pair \| .*XYZ/);
  });

  it("3. USDJPY 100000 at 150.25: pip value 1000 JPY = 6.6555740432612312812 USD; EURUSD 10 = 10", () => {
    const o = check("USDJPY", 150.25, 100000);
    expect(o.evidence["pip_value_quote"]).toBe(1000);
    // hand: 1000 / 150.25 = 6.65557404326123128119800332779...
    expect(o.evidence["pip_value_usd"]).toBe(Number("6.6555740432612312812"));
    expect(Math.abs((o.evidence["pip_value_usd"] as number) - 1000 / 150.25)).toBeLessThan(1e-15);
    expect(o.evidence["point_size"]).toBe(0.001);
    expect(o.evidence["pip_size"]).toBe(0.01);
    const e = check("EURUSD", undefined, 100000);
    expect(e.evidence["pip_value_quote"]).toBe(10);
    expect(e.evidence["pip_value_usd"]).toBe(10);
    expect(e.evidence["point_size"]).toBe(0.00001);
  });

  it("4. EURUSD traded Friday 2024-01-05 values Tuesday 2024-01-09; USDCAD T+1 values Monday 2024-01-08", () => {
    const o = check("EURUSD", undefined, undefined, "2024-01-05");
    expect(o.evidence["value_date"]).toBe("2024-01-09");
    expect(o.evidence["settlement_days"]).toBe(2);
    expect(o.evidence["triple_rollover_weekday"]).toBe("Wednesday");
    expect(o.findings.some((f) => f.where === "value_date" && f.severity === "info" && /holiday/.test(f.message))).toBe(
      true,
    );
    const c = check("USDCAD", undefined, undefined, "2024-01-05");
    expect(c.evidence["settlement_days"]).toBe(1);
    expect(c.evidence["value_date"]).toBe("2024-01-08");
    expect(c.evidence["triple_rollover_weekday"]).toBe("Thursday");
  });
});

describe("fx_conventions: conventions", () => {
  it("evidence keys for a single pair, in the spec order", () => {
    const o = check("GBP-USD", 1.27, 100000, "2024-01-04");
    expect(Object.keys(o.evidence)).toEqual([
      "pairs",
      "pip_size",
      "pip_source",
      "point_size",
      "pip_value_quote",
      "pip_value_usd",
      "settlement_days",
      "value_date",
      "triple_rollover_weekday",
      "usd_is_base",
      "pnl_quote",
      "pnl_usd",
    ]);
    expect(Object.keys(pairs(o)["GBP-USD"]!)).toEqual([
      "base",
      "quote",
      "backwards",
      "usd_is_base",
      "pip_size",
      "pip_source",
      "point_size",
      "pip_value_quote",
      "pip_value_usd",
      "settlement_days",
      "value_date",
      "triple_rollover_weekday",
      "pnl_quote",
      "pnl_usd",
    ]);
    // Thursday + 2 business days = Monday
    expect(o.evidence["value_date"]).toBe("2024-01-08");
  });

  it("backwards pairs by precedence; unranked pairs assert nothing", () => {
    for (const p of ["JPYUSD", "USDEUR", "CADUSD", "GBPEUR", "JPYCHF", "usd_gbp"])
      expect(errors(check(p))).toHaveLength(1);
    for (const p of ["EURGBP", "GBPJPY", "USDCHF", "NZDCAD", "EURSEK", "SGDJPY", "USDCNH", "XAUUSD", "HKDUSD"])
      expect(errors(check(p))).toEqual([]);
  });

  it("cross pairs have null usd_is_base and null USD pip value even with a rate", () => {
    const o = check("EURJPY", 160, 100000);
    expect(o.evidence["usd_is_base"]).toBeNull();
    expect(o.evidence["pip_value_quote"]).toBe(1000);
    expect(o.evidence["pip_value_usd"]).toBeNull();
    expect(o.findings[0]!.message).toBe("EUR/JPY, pip 0.01, cross with no USD leg");
  });

  it("USD-base pair with notional but no rate: info that the USD pip value needs rate", () => {
    const o = check("USDCHF", undefined, 250000);
    expect(o.evidence["pip_value_quote"]).toBe(25);
    expect(o.evidence["pip_value_usd"]).toBeNull();
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "USDCHF"],
      ["info", "USDCHF"],
    ]);
    expect(o.findings[1]!.message).toContain("pip value in USD needs rate");
  });

  it("rates keyed by pair string; decimal pip value for USDCAD", () => {
    const o = check(["USDCAD", "EUR/USD"], { USDCAD: 1.35 }, 100000);
    const p = pairs(o);
    // 10 CAD / 1.35 = 7.4074074074074074074 (20 significant digits)
    expect(p["USDCAD"]!["pip_value_usd"]).toBe(Number("7.4074074074074074074"));
    expect(p["EUR/USD"]!["pip_value_usd"]).toBe(10);
    expect(p["USDCAD"]!["value_date"]).toBeNull();
  });

  it("a weekend trade_date warns", () => {
    const o = check("EURUSD", undefined, undefined, "2024-01-06");
    expect(o.findings.filter((f) => f.severity === "warning").map((f) => f.where)).toEqual(["trade_date"]);
    expect(o.evidence["value_date"]).toBe("2024-01-09");
  });
});

describe("fx_conventions: bad input", () => {
  it("pair", () => {
    expect(badField(() => check(42 as unknown as string))).toMatch(/^pair \|/);
    expect(badField(() => check([]))).toMatch(/^pair \|/);
    expect(badField(() => check(["EURUSD", 7 as unknown as string]))).toMatch(/^pair\/1 \|/);
    expect(badField(() => check("EURUS"))).toMatch(/^pair \| .*"EURUS"/);
    expect(badField(() => check(["EURUSD", "EUR/USDX"]))).toMatch(/^pair\/1 \| .*6-letter/);
    expect(badField(() => check("USDUSD"))).toMatch(/^pair \| .*same currency USD/);
    expect(badField(() => check("ABCUSD"))).toMatch(/ABC/);
    expect(badField(() => check(["EURUSD", "EURUSD"]))).toMatch(/^pair\/1 \| .*twice/);
  });
  it("rate", () => {
    expect(badField(() => check(["EURUSD", "USDJPY"], 1.1))).toMatch(/^rate \| .*single pair/);
    expect(badField(() => check(["EURUSD"], { USDJPY: 150 }))).toMatch(/^rate\/USDJPY \| .*not one of/);
    expect(badField(() => check("USDJPY", 0))).toMatch(/^rate \| .*> 0/);
    expect(badField(() => check("USDJPY", -1))).toMatch(/^rate \|/);
    expect(badField(() => check("USDJPY", NaN))).toMatch(/^rate \| .*null/);
    expect(badField(() => check("USDJPY", Infinity))).toMatch(/^rate \|/);
    expect(badField(() => check("USDJPY", { USDJPY: "150" as unknown as number }))).toMatch(/^rate\/USDJPY \|/);
  });
  it("notional and trade_date", () => {
    expect(badField(() => check("EURUSD", undefined, 0))).toMatch(/^notional \|/);
    expect(badField(() => check("EURUSD", undefined, -5))).toMatch(/^notional \|/);
    expect(badField(() => check("EURUSD", undefined, Infinity))).toMatch(/^notional \|/);
    expect(badField(() => check("EURUSD", undefined, undefined, "2024-02-30"))).toMatch(/^trade_date \|/);
    expect(badField(() => check("EURUSD", undefined, undefined, "05/01/2024"))).toMatch(/^trade_date \|/);
  });
});

describe("fx_conventions: crosses in USD, assumed pip size, P&L of a move", () => {
  it("EURJPY pip value in USD from USDJPY given as a second pair or as usd_leg_rates", () => {
    // 100,000 EUR x 0.01 JPY = 1000 JPY per pip; / 150 JPY per USD = 6.6666666666666666667 USD (20 digits).
    const both = check(["EURJPY", "USDJPY"], { EURJPY: 160, USDJPY: 150 }, 100000);
    expect(pairs(both)["EURJPY"]!["pip_value_usd"]).toBe(Number("6.6666666666666666667"));
    const leg = check("EURJPY", 160, 100000, undefined, { USDJPY: 150 });
    expect(leg.evidence["pip_value_usd"]).toBe(Number("6.6666666666666666667"));
    // A quote currency quoted against USD the other way round multiplies: EURGBP with GBPUSD 1.25.
    const gbp = check("EURGBP", 0.85, 100000, undefined, { GBPUSD: 1.25 });
    expect(gbp.evidence["pip_value_usd"]).toBe(12.5);
  });
  it("without a USD leg the cross says which rate it needs", () => {
    const o = check("EURJPY", 160, 100000);
    expect(o.findings.map((f) => f.message)).toContain(
      'pip value in USD needs a USD-leg rate: give usd_leg_rates {"USDJPY": rate} (or "JPYUSD") to convert ' +
        "1000 JPY per pip",
    );
  });
  it("assumed_pip_size 0.0001 on a JPY quote is an error naming 0.01 and the factor; the right size is not", () => {
    const o = check("USDJPY", 150, 100000, undefined, undefined, 0.0001);
    expect(errors(o).map((f) => f.message)).toEqual([
      "assumed_pip_size 0.0001 is wrong for USDJPY: its pip is 0.01 (OANDA v20 instrument list (pipLocation)), " +
        "so a move counted in your pips is 100 x the market's pips (P&L per pip off by 100x)",
    ]);
    expect(errors(check("USDJPY", 150, 100000, undefined, undefined, 0.01))).toEqual([]);
    expect(errors(check(["EURUSD", "USDJPY"], undefined, undefined, undefined, undefined, { EURUSD: 0.0001 }))).toEqual(
      [],
    );
  });
  it("P&L of a move in pips: 25 pips on 100,000 GBPJPY with USDJPY 150", () => {
    const o = check("GBPJPY", 190, 100000, undefined, { USDJPY: 150 }, undefined, -25);
    expect(o.evidence["pnl_quote"]).toBe(-25000); // 1000 JPY per pip x -25
    expect(o.evidence["pnl_usd"]).toBe(Number("-166.66666666666666667"));
    expect(check("EURUSD", 1.1, 100000, undefined, undefined, undefined, 12).evidence["pnl_usd"]).toBe(120);
  });
  it("bad inputs name the field", () => {
    expect(badField(() => check("EURJPY", 160, 1, undefined, { EURGBP: 0.85 }))).toBe(
      'usd_leg_rates/EURGBP | usd_leg_rates/EURGBP: "EURGBP" has no USD leg',
    );
    expect(badField(() => check("EURJPY", 160, 1, undefined, { USDJPY: -1 }))).toMatch(/^usd_leg_rates\/USDJPY \|/);
    expect(badField(() => check("EURJPY", 160, 1, undefined, undefined, 0))).toMatch(/^assumed_pip_size \|/);
    expect(badField(() => check("EURJPY", 160, 1, undefined, undefined, undefined, Number.NaN))).toMatch(
      /^move_pips \| move_pips: must be a finite number of pips/,
    );
  });
});
