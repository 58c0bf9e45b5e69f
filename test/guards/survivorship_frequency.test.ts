// Issue #16 item 5: survivorship_audit annualises by the dates of its index, so the same path gives
// the same gap on daily, weekly and monthly panels (hand-checked), with exit dates and the sign in words.
import { describe, expect, it } from "vitest";
import { makeFrame } from "../../src/lib/frame.js";
import { check } from "../../guards/survivorship_audit.js";

type Inf = Record<string, number | boolean | null>;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY = 86400000;

/**
 * Two names over 2015-01-01 .. 2020-01-01 (1826 days, exactly 5 years of 365.25 days) sampled every `step`
 * days: S grows 10% a year continuously, D falls 30% a year and stops on 2016-01-01 (after 365 days).
 */
function panel(step: number) {
  const t0 = Date.parse("2015-01-01");
  const dates: string[] = [];
  for (let t = t0; t <= Date.parse("2020-01-01"); t += step * DAY) dates.push(iso(t));
  if (dates.at(-1) !== "2020-01-01") dates.push("2020-01-01");
  const days = dates.map((d) => (Date.parse(d) - t0) / DAY);
  const S = days.map((d) => 100 * Math.exp((Math.log(1.1) * d) / 365.25));
  const D = days.map((d) => (d <= 365 ? 100 * Math.exp((Math.log(0.7) * d) / 365.25) : NaN));
  return { frame: makeFrame({ S, D }, dates), days, S, D };
}

/** The guard's equal-weight CAGR by hand: mean simple return of the names priced at both ends of a row. */
function handCagr(p: ReturnType<typeof panel>, names: ("S" | "D")[]): number {
  let growth = 1;
  for (let i = 1; i < p.days.length; i++) {
    const rs = names
      .map((n) => [p[n][i - 1]!, p[n][i]!])
      .filter(([a, b]) => !Number.isNaN(a!) && !Number.isNaN(b!))
      .map(([a, b]) => b! / a! - 1);
    if (rs.length > 0) growth *= 1 + rs.reduce((x, y) => x + y, 0) / rs.length;
  }
  return growth ** (365.25 / p.days.at(-1)!) - 1;
}

describe("survivorship_audit on any frequency", () => {
  it.each([
    ["daily", 1],
    ["weekly", 7],
    ["monthly (30 days)", 30],
  ])("%s: survivors 10%% a year exactly; the gap matches the hand computation", async (_, step) => {
    const p = panel(step);
    const o = await check(p.frame);
    const inf = (o.evidence as Record<string, unknown>)["inflation"] as Inf;
    expect(p.days.at(-1)).toBe(1826);
    // Survivors: 100 -> 100 x 1.1^(1826 / 365.25) over 1826 days: exactly 10% a year at any frequency.
    expect(inf["survivors_only_cagr"] as number).toBeCloseTo(0.1, 12);
    expect(inf["full_universe_cagr"] as number).toBeCloseTo(handCagr(p, ["S", "D"]), 12);
    expect(inf["inflation_bps"] as number).toBeCloseTo(1e4 * (0.1 - handCagr(p, ["S", "D"])), 8);
    expect(o.evidence["exit_dates"]).toEqual({
      D: step === 1 ? "2016-01-01" : iso(Date.parse("2015-01-01") + Math.floor(365 / step) * step * DAY),
    });
  });

  it("the gap is about the same on every frequency (not 252 rows a year)", async () => {
    const gaps = await Promise.all(
      [1, 7, 30].map(
        async (step) =>
          (((await check(panel(step).frame)).evidence as Record<string, unknown>)["inflation"] as Inf)["inflation_bps"],
      ),
    );
    // In the continuous limit an equal-weight book of the two names grows at (ln 1.1 + ln 0.7) / 2 a year
    // for the first year, then S alone grows 1.1^4 over the last 4 years: full CAGR
    // (exp((ln 1.1 + ln 0.7) / 2) x 1.1^4)^(1/5) - 1 = 5.14%, a gap of 486 bps; sampled rows differ only by
    // discretisation, a few bps.
    const limit =
      (Math.exp((Math.log(1.1) + Math.log(0.7)) / 2) * 1.1 ** (1826 / 365.25 - 365 / 365.25)) ** (365.25 / 1826) - 1;
    for (const g of gaps) expect(Math.abs((g as number) - 1e4 * (0.1 - limit))).toBeLessThan(15);
    expect(1e4 * (0.1 - limit)).toBeCloseTo(486.04, 2);
  });

  it("a negative gap reads as survivors underperforming", async () => {
    const dates = ["2020-01-31", "2020-02-29", "2020-03-31", "2020-04-30", "2020-05-31", "2020-06-30"];
    const f = makeFrame({ A: [100, 100, 100, 100, 100, 100], B: [100, 150, NaN, NaN, NaN, NaN] }, dates);
    const o = await check(f);
    const inf = (o.evidence as Record<string, unknown>)["inflation"] as Inf;
    // Full: row 1 averages 0 and +50% -> 1.25; other rows 0. Calendar span 2020-01-31 .. 2020-06-30 = 151 days.
    expect(inf["full_universe_cagr"] as number).toBeCloseTo(1.25 ** (365.25 / 151) - 1, 12);
    expect(inf["survivors_only_cagr"]).toBe(0);
    const line = o.findings.find((x) => x.where === "inflation")!.message;
    expect(line).toBe(
      `survivors underperform the full universe by ${(-(inf["inflation_bps"] as number)).toFixed(1)} bps/yr: ` +
        "the dead names did better before they left (bought out at a premium, or the window ends before their losses)",
    );
    expect(o.evidence["report"] as string).toContain("negative: survivors underperform by");
    expect(o.evidence["exit_dates"]).toEqual({ B: "2020-02-29" });
    // 2020-01-31 .. 2020-06-30 is 151 days: the annualised gap is flagged as too short to judge.
    expect(o.findings.filter((x) => x.where === "notes").map((x) => x.message)).toContain(
      "the CAGR gap is annualised from 0.41 years: too short to judge (this guard needs at least 1 year)",
    );
  });

  it("five years carry no too-short note", async () => {
    const o = await check(panel(7).frame);
    expect(o.findings.some((x) => x.message.includes("too short to judge"))).toBe(false);
  });
});
