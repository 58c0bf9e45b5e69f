// Issue #31 item 2: the percent check runs on the raw returns before the > -1 bound, so a percent
// series with one loss worse than 1% is named as percent (divide by 100), not refused as "must be > -1".
import { describe, expect, it } from "vitest";
import { check as costCurve } from "../../guards/cost_curve.js";
import { check as leveragedReset } from "../../guards/leveraged_reset.js";
import { check as regimeCoverage } from "../../guards/regime_coverage.js";
import { check as rfConvention } from "../../guards/rf_convention.js";
import { badFieldAndMessage } from "../helpers/bad_field.js";

/** 60 daily returns in percent (0.5 meaning 0.5%), one of them a loss of 1.2%. */
const PCT = Array.from({ length: 60 }, (_, i) => (i === 7 ? -1.2 : i % 2 ? -0.4 : 0.6));
const percentMessage = (field: string) =>
  `${field} look like percent: median |return| 0.6 per period is above 0.2 (252 periods a year); simple ` +
  `returns are decimals, so 0.6% is 0.006: divide ${field} by 100 (-1.2 at ${field}/values/7 breaks the > -1 ` +
  "bound of a decimal return)";
/** What badFieldAndMessage shows for bad input at `at`. */
const shown = (at: string, message: string) => `${at} | ${at}: ${message}`;
const dates = PCT.map((_, i) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));

describe("percent returns with a loss worse than 1% get the percent message, not the bound", () => {
  it("check_cost_curve names returns (and a benchmark series) as percent", () => {
    expect(badFieldAndMessage(() => costCurve({ values: PCT }, 0.1))).toBe(
      shown("returns/values/7", percentMessage("returns")),
    );
    const decimals = { values: PCT.map((x) => x / 100) };
    expect(badFieldAndMessage(() => costCurve(decimals, 0.1, [0, 5], 10, { values: PCT }))).toBe(
      shown("benchmark/values/7", percentMessage("benchmark")),
    );
  });
  it("check_rf_convention names returns as percent", () => {
    expect(badFieldAndMessage(() => rfConvention({ values: PCT }, 0.05))).toBe(
      shown("returns/values/7", percentMessage("returns")),
    );
  });
  it("check_regime_coverage names asset and strategy as percent", () => {
    const labels = PCT.map((_, i) => (i < 30 ? "calm" : "storm"));
    const ok = { index: dates, values: PCT.map((x) => x / 100) };
    const pct = { index: dates, values: PCT };
    const pos = { index: dates, values: PCT.map(() => 1) };
    expect(badFieldAndMessage(() => regimeCoverage(dates, pct, ok, pos, labels))).toBe(
      shown("asset/values/7", percentMessage("asset")),
    );
    expect(badFieldAndMessage(() => regimeCoverage(dates, ok, pct, pos, labels))).toBe(
      shown("strategy/values/7", percentMessage("strategy")),
    );
  });
  it("check_leveraged_reset names index_returns as percent", () => {
    expect(badFieldAndMessage(() => leveragedReset({ values: PCT }, 2))).toBe(
      shown("index_returns/values/7", percentMessage("index_returns")),
    );
  });
  it("a decimal series with a loss of 100% or more keeps the plain bound message", () => {
    const crash = { values: [0.01, -0.02, -1, 0.003] };
    expect(badFieldAndMessage(() => costCurve(crash, 0.1))).toBe(shown("returns/values/2", "must be > -1, got -1"));
    expect(badFieldAndMessage(() => rfConvention(crash, 0.05))).toBe(shown("returns/values/2", "must be > -1, got -1"));
  });
  it("the same percent series without the big loss still gets the percent finding (an error, not bad input)", () => {
    const mild = { values: PCT.map((x) => (x < -1 ? -0.4 : x)) };
    const f = costCurve(mild, 0.1).findings.filter((x) => x.where === "returns");
    expect(f.map((x) => x.severity)).toEqual(["error"]);
    expect(f[0]!.message).toContain("divide returns by 100");
  });
});
