import { describe, expect, it } from "vitest";
import type { Cell, Frame } from "../../src/contract/guard.js";
import { makeFrame } from "../../src/lib/frame.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { withRunContext } from "../../src/lib/progress.js";
import { check } from "../../guards/survivorship_audit.js";
import { badField } from "../helpers/bad_field.js";

type Out = Awaited<ReturnType<typeof check>>;
const sev = (o: Out, s: string) => o.findings.filter((f) => f.severity === s);
const inflation = (o: Out) => (o.evidence as Record<string, unknown>)["inflation"] as Record<string, unknown>;
const KEYS = [
  "verdict",
  "sample_start",
  "sample_end",
  "n_names",
  "n_empty_columns",
  "years",
  "n_ended_early",
  "frac_ended_early",
  "expected_frac_ended_early",
  "n_started_late",
  "n_missing_delisted",
  "missing_delisted",
  "n_prelisting_data",
  "prelisting_names",
  "inflation",
  "exit_dates",
  "delisting_returns",
  "annualisation",
  "report",
];

/** Business days (Mon-Fri) from `from` to `to` inclusive, as ISO dates. */
function bdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86400000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** The Python original's market: geometric random walks from 100, delisted on the first close below 20. */
function market(nNames: number, years: number, seed: number) {
  const dates = bdays("2015-01-02", `${2015 + years}-01-01`);
  const rng = new Mt19937(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng.nextFloat())) * Math.cos(2 * Math.PI * rng.nextFloat());
  const sigma = 0.03;
  const cols: Record<string, number[]> = {};
  const delisted: Record<string, string | null> = {};
  for (let j = 0; j < nNames; j++) {
    const name = `N${String(j).padStart(3, "0")}`;
    let p = 100;
    let dead: string | null = null;
    cols[name] = dates.map((d) => {
      if (dead !== null) return NaN;
      p *= Math.exp(-0.5 * sigma * sigma + sigma * normal());
      if (p < 20) dead = d;
      return p;
    });
    delisted[name] = dead;
  }
  const names = Object.keys(cols);
  const listingsOf = (listingDate: (n: string) => string = () => "2015-01-02") =>
    makeFrame({ ticker: names, listing_date: names.map(listingDate), delisting_date: names.map((n) => delisted[n]!) });
  const panelOf = (keep: (n: string) => boolean) =>
    makeFrame(Object.fromEntries(names.filter(keep).map((n) => [n, cols[n]!])), dates);
  const deadNames = names.filter((n) => delisted[n] !== null);
  return { dates, names, deadNames, delisted, listingsOf, panelOf };
}

const M10 = market(200, 10, 7);

describe("survivorship_audit: examples 1-3 (200 names, 10 years)", () => {
  it("the synthetic market delists a plausible share", async () => {
    expect(M10.deadNames.length).toBeGreaterThan(50);
    expect(M10.deadNames.length).toBeLessThan(150);
  });
  it("1. full panel + listings -> PLAUSIBLY BIAS-FREE, PASS, inflation_bps > 0", async () => {
    const o = await check(
      M10.panelOf(() => true),
      M10.listingsOf(),
    );
    expect(o.evidence["verdict"]).toBe("PLAUSIBLY BIAS-FREE");
    expect(sev(o, "error")).toEqual([]);
    expect(o.evidence["n_names"]).toBe(200);
    expect(o.evidence["n_missing_delisted"]).toBe(0);
    const inf = inflation(o);
    expect(Object.keys(inf)).toEqual([
      "measurable",
      "n_names",
      "n_dead",
      "full_universe_cagr",
      "survivors_only_cagr",
      "inflation_ann",
      "inflation_bps",
      "reason",
    ]);
    expect(inf["measurable"]).toBe(true);
    expect(inf["inflation_bps"] as number).toBeGreaterThan(0);
    expect(inf["inflation_bps"]).toBeCloseTo(
      1e4 * ((inf["survivors_only_cagr"] as number) - (inf["full_universe_cagr"] as number)),
      8,
    );
    expect(o.findings.find((f) => f.where === "inflation")?.message).toContain(
      "survivors-only subset inflates CAGR by",
    );
    // Dead = last price more than 30 days before the end; names delisted in the last 30 days are not.
    const end = Date.parse(M10.dates[M10.dates.length - 1]!);
    const nDead = M10.deadNames.filter((n) => Date.parse(M10.delisted[n]!) < end - 30 * 86400000).length;
    expect(o.evidence["n_ended_early"]).toBe(nDead);
    expect(o.evidence["frac_ended_early"]).toBeCloseTo(nDead / 200, 15);
    expect(o.evidence["expected_frac_ended_early"]).toBeCloseTo(
      1 - 0.95 ** ((end - Date.parse("2015-01-02")) / 86400000 / 365.25),
      14,
    );
    expect(o.evidence["n_started_late"]).toBe(0);
    expect(Object.keys(o.evidence)).toEqual(KEYS);
  });
  it("2. survivors only + listings -> SURVIVOR-BIASED (confirmed), n_missing_delisted = number delisted", async () => {
    const o = await check(
      M10.panelOf((n) => M10.delisted[n] === null),
      M10.listingsOf(),
    );
    expect((o.evidence["verdict"] as string).startsWith("SURVIVOR-BIASED (confirmed)")).toBe(true);
    expect(o.evidence["n_missing_delisted"]).toBe(M10.deadNames.length);
    expect(o.evidence["missing_delisted"]).toEqual([...M10.deadNames].sort());
    const errs = sev(o, "error");
    expect(errs.map((f) => f.where)).toEqual(["listings"]);
    expect(errs[0]!.message).toContain(
      `${M10.deadNames.length} names delisted in the sample are absent from the universe`,
    );
    expect(errs[0]!.message).toContain(M10.deadNames[0]!);
    expect(errs[0]!.message).toContain("more)");
  });
  it(
    "3. survivors only, no listings -> SURVIVOR-ONLY SNAPSHOT, " + "inflation not measurable, UPPER BOUND note",
    async () => {
      const o = await check(M10.panelOf((n) => M10.delisted[n] === null));
      expect(
        (o.evidence["verdict"] as string).startsWith(
          "SURVIVOR-ONLY SNAPSHOT (red flag): no name stops trading in 10.0 years; about 40.1% should have",
        ),
      ).toBe(true);
      expect(sev(o, "error").map((f) => f.where)).toEqual(["panel"]);
      expect(inflation(o)["measurable"]).toBe(false);
      expect(inflation(o)["inflation_bps"]).toBeNull();
      expect(sev(o, "warning").some((f) => f.where === "notes" && f.message.includes("UPPER BOUND"))).toBe(true);
      expect(o.evidence["n_ended_early"]).toBe(0);
    },
  );
});

describe("survivorship_audit: example 4 (120 names, 6 years, 1/8 of the dead kept)", () => {
  it("rate 0.10 -> LIKELY SURVIVOR-BIASED -> FAIL", async () => {
    const m = market(120, 6, 11);
    const keptDead = new Set(m.deadNames.filter((_, i) => i % 8 === 0));
    expect(m.deadNames.length).toBeGreaterThan(16);
    const o = await check(
      m.panelOf((n) => m.delisted[n] === null || keptDead.has(n)),
      undefined,
      undefined,
      undefined,
      30,
      0.1,
    );
    expect(o.evidence["verdict"]).toBe("LIKELY SURVIVOR-BIASED");
    expect(sev(o, "error").map((f) => f.where)).toEqual(["panel"]);
    const frac = o.evidence["frac_ended_early"] as number;
    expect(frac).toBeLessThan(0.5 * (o.evidence["expected_frac_ended_early"] as number));
    expect(frac).toBeGreaterThan(0);
  });
});

describe("survivorship_audit: example 5 (ticker list; prelisting data)", () => {
  it("a ticker list with both dates, no listings -> UNTESTABLE -> FAIL", async () => {
    const o = await check(["AAA", "BBB", "CCC"], undefined, "2015-01-01", "2020-01-01");
    expect(o.evidence["verdict"]).toBe("UNTESTABLE: supply a price panel or a delisting table");
    expect(sev(o, "error")).toHaveLength(1);
    expect(sev(o, "error")[0]!.message).toContain("an unproven universe is treated as a biased one");
    expect(sev(o, "error")[0]!.where).toBe("panel");
    expect(o.evidence["n_names"]).toBe(3);
    expect(o.evidence["n_ended_early"]).toBeNull();
    expect(o.evidence["frac_ended_early"]).toBeNull();
    expect(o.evidence["expected_frac_ended_early"]).toBeNull();
    expect(o.evidence["n_started_late"]).toBeNull();
    expect(inflation(o)["measurable"]).toBe(false);
    expect(Object.keys(o.evidence)).toEqual(KEYS);
  });
  it("a ticker list checked against listings finds the delisted names it lacks", async () => {
    const listings = makeFrame({
      ticker: ["AAA", "DDD", "EEE"],
      listing_date: [null, null, null],
      delisting_date: [null, "2017-05-01", "2021-01-01"],
    });
    const o = await check(["AAA", "BBB"], listings, "2015-01-01", "2020-01-01");
    expect(o.evidence["missing_delisted"]).toEqual(["DDD"]);
    expect(sev(o, "error").map((f) => f.where)).toEqual(["listings"]);
  });
  it("one name's listing_date 100 rows after its first price -> prelisting_names = [that name]", async () => {
    const late = M10.names[5]!;
    const o = await check(
      M10.panelOf(() => true),
      M10.listingsOf((n) => (n === late ? M10.dates[100]! : "2015-01-02")),
    );
    expect(o.evidence["prelisting_names"]).toEqual([late]);
    expect(o.evidence["n_prelisting_data"]).toBe(1);
    expect(sev(o, "warning").some((f) => f.message.includes("1 names have prices before their listing date"))).toBe(
      true,
    );
  });
});

describe("survivorship_audit: example 6 (hand-derived)", () => {
  const flat = (dates: string[], n: number, end: (j: number) => string | null = () => null) =>
    makeFrame(
      Object.fromEntries(
        Array.from({ length: n }, (_, j) => [
          `T${j}`,
          dates.map((d, i) => (end(j) !== null && d > end(j)! ? NaN : 100 + ((i * (j + 1)) % 7))),
        ]),
      ),
      dates,
    );
  it("3 names, 2024-01-02..2024-06-28, none dead -> untestable warning, PASS", async () => {
    const o = await check(flat(bdays("2024-01-02", "2024-06-28"), 3));
    expect(sev(o, "error")).toEqual([]);
    const w = sev(o, "warning").filter((f) => f.where === "panel");
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toContain("untestable");
    expect(o.evidence["years"]).toBeCloseTo(178 / 365.25, 14);
  });
  it("the same over 2020-01-02..2023-12-29 -> SURVIVOR-ONLY SNAPSHOT, FAIL", async () => {
    const o = await check(flat(bdays("2020-01-02", "2023-12-29"), 3));
    expect((o.evidence["verdict"] as string).startsWith("SURVIVOR-ONLY SNAPSHOT")).toBe(true);
    expect(sev(o, "error")).toHaveLength(1);
  });
  it("10 names over 2015-01-01..2019-12-31, 3 ending in 2017 -> frac 0.30 vs expected 0.2262 -> PASS", async () => {
    const o = await check(flat(bdays("2015-01-01", "2019-12-31"), 10, (j) => (j < 3 ? "2017-06-30" : null)));
    expect(o.evidence["frac_ended_early"]).toBeCloseTo(0.3, 15);
    const years = 1825 / 365.25;
    expect(o.evidence["years"]).toBeCloseTo(years, 14);
    expect(Math.abs(years - 4.9966)).toBeLessThan(5e-5);
    expect(o.evidence["expected_frac_ended_early"]).toBeCloseTo(1 - 0.95 ** years, 14);
    // The spec rounds to 0.2262; the exact value is 0.22608 (1 - 0.95^5 would be 0.22622).
    expect(Math.abs((o.evidence["expected_frac_ended_early"] as number) - 0.2262)).toBeLessThan(2e-4);
    expect(o.evidence["verdict"]).toBe("PLAUSIBLY BIAS-FREE");
    expect(sev(o, "error")).toEqual([]);
    expect(inflation(o)["measurable"]).toBe(true);
  });
});

describe("survivorship_audit: sample window, notes, inflation by hand", () => {
  it("inflation by hand: survivors +1%/row, the dead name -10%/row then gone", async () => {
    const dates = bdays("2020-01-01", "2020-03-31");
    const up = dates.map((_, i) => 100 * 1.01 ** i);
    const down = dates.map((_, i) => (i <= 3 ? 100 * 0.9 ** i : NaN));
    const o = await check(makeFrame({ A: up, B: down }, dates));
    const n = dates.length - 1;
    // Rows 1..3: mean(0.01, -0.10); rows 4..n: 0.01 only. Since issue #16 the CAGR is annualised by
    // calendar days: 2020-01-01 .. 2020-03-31 spans 90 days, so y = 90 / 365.25 (was n / 252).
    expect(dates[0]).toBe("2020-01-01");
    expect(dates.at(-1)).toBe("2020-03-31");
    const y = 90 / 365.25;
    const full = ((1 + (0.01 - 0.1) / 2) ** 3 * 1.01 ** (n - 3)) ** (1 / y) - 1;
    const surv = 1.01 ** (n / y) - 1;
    const inf = inflation(o);
    expect(inf["full_universe_cagr"]).toBeCloseTo(full, 10);
    expect(inf["survivors_only_cagr"]).toBeCloseTo(surv, 10);
    expect(inf["inflation_bps"]).toBeCloseTo(1e4 * (surv - full), 6);
    expect(inf["n_dead"]).toBe(1);
  });
  it("sample_end before the panel end is honoured; a delisting after it is not missing", async () => {
    const dates = bdays("2015-01-01", "2019-12-31");
    const f = makeFrame({ A: dates.map(() => 10), B: dates.map((d) => (d > "2019-06-28" ? NaN : 10)) }, dates);
    const listings = makeFrame({ ticker: ["Z"], listing_date: [null], delisting_date: ["2019-09-01"] });
    const o = await check(f, listings, undefined, "2018-12-31");
    expect(o.evidence["sample_end"]).toBe("2018-12-31");
    expect(o.evidence["n_ended_early"]).toBe(0);
    expect(o.evidence["missing_delisted"]).toEqual([]);
    const full = await check(f, listings);
    expect(full.evidence["missing_delisted"]).toEqual(["Z"]);
  });
  it("a sample_end beyond the data and an empty column are noted; a late starter is counted", async () => {
    const dates = bdays("2016-01-01", "2019-12-31");
    const f = makeFrame(
      { A: dates.map(() => 10), E: dates.map(() => NaN), L: dates.map((d) => (d < "2017-01-01" ? NaN : 5)) },
      dates,
    );
    const o = await check(f, undefined, undefined, "2020-06-30");
    const notes = sev(o, "warning")
      .filter((x) => x.where === "notes")
      .map((x) => x.message);
    expect(notes.some((m) => m.includes("every name counts as dead"))).toBe(true);
    expect(notes.some((m) => m.includes("1 empty column(s) dropped") && m.includes("E"))).toBe(true);
    expect(
      notes.some((m) => m.includes("inflation unmeasurable despite dead names") && m.includes("check min_gap_days")),
    ).toBe(true);
    expect(o.evidence["n_empty_columns"]).toBe(1);
    expect(o.evidence["n_names"]).toBe(2);
    expect(o.evidence["n_ended_early"]).toBe(2);
    expect(o.evidence["n_started_late"]).toBe(1);
  });
});

describe("survivorship_audit: bad input", () => {
  const dates = bdays("2020-01-01", "2020-01-10");
  const P = (col: Cell[] = dates.map(() => 10), index: (string | number)[] = dates) => makeFrame({ A: col }, index);
  it("prices: no ISO-date index, unsorted or duplicate dates, non-finite or <= 0 values", async () => {
    expect(await badField(() => check(makeFrame({ A: [1, 2] })))).toBe("prices/index");
    expect(await badField(() => check(makeFrame({ A: [1, 2] }, ["x", "y"])))).toBe("prices/index/0");
    expect(await badField(() => check(makeFrame({ A: [1, 2] }, ["2020-01-02", "2020-01-01"])))).toBe("prices/index/1");
    expect(await badField(() => check(makeFrame({ A: [1, 2] }, ["2020-01-02", "2020-01-02"])))).toBe("prices/index/1");
    const bad = dates.map(() => 10) as Cell[];
    bad[3] = Infinity;
    expect(await badField(() => check(P(bad)))).toBe("prices/records/3/A");
    bad[3] = 0;
    expect(await badField(() => check(P(bad)))).toBe("prices/records/3/A");
    bad[3] = -5;
    expect(await badField(() => check(P(bad)))).toBe("prices/records/3/A");
    bad[3] = "10";
    expect(await badField(() => check(P(bad)))).toBe("prices/records/3/A");
    expect(await badField(() => check(P(dates.map(() => NaN))))).toBe("prices");
    expect(await badField(() => check(42 as unknown as Frame))).toBe("prices");
  });
  it("ticker list: empty, not all strings, without both dates", async () => {
    expect(await badField(() => check([], undefined, "2015-01-01", "2020-01-01"))).toBe("prices");
    expect(await badField(() => check(["A", 3 as unknown as string], undefined, "2015-01-01", "2020-01-01"))).toBe(
      "prices/1",
    );
    expect(await badField(() => check(["A", "A"], undefined, "2015-01-01", "2020-01-01"))).toBe("prices/1");
    expect(await badField(() => check(["A"], undefined, "2015-01-01"))).toBe("sample_end");
    expect(await badField(() => check(["A"]))).toBe("sample_start");
  });
  it("listings: not a frame, no ticker column, unparseable dates", async () => {
    expect(await badField(() => check(P(), [1] as unknown as Frame))).toBe("listings");
    expect(await badField(() => check(P(), makeFrame({ symbol: ["A"] })))).toBe("listings");
    expect(await badField(() => check(P(), makeFrame({ ticker: ["A"], listing_date: ["2020-13-01"] })))).toBe(
      "listings/records/0/listing_date",
    );
    expect(await badField(() => check(P(), makeFrame({ ticker: ["A"], delisting_date: ["soon"] })))).toBe(
      "listings/records/0/delisting_date",
    );
  });
  it("sample_start >= sample_end; an unparseable date", async () => {
    expect(await badField(() => check(P(), undefined, "2020-01-05", "2020-01-05"))).toBe("sample_end");
    expect(await badField(() => check(P(), undefined, "2020-01-06", "2020-01-05"))).toBe("sample_end");
    expect(await badField(() => check(P(), undefined, "2020/01/01"))).toBe("sample_start");
    expect(await badField(() => check(P(), undefined, undefined, "2020-01-05T12:00:00"))).toBe("sample_end");
  });
  it("min_gap_days not an integer >= 0; rate outside [0, 1)", async () => {
    expect(await badField(() => check(P(), undefined, undefined, undefined, -1))).toBe("min_gap_days");
    expect(await badField(() => check(P(), undefined, undefined, undefined, 1.5))).toBe("min_gap_days");
    expect(await badField(() => check(P(), undefined, undefined, undefined, 30, 1))).toBe(
      "expected_annual_delist_rate",
    );
    expect(await badField(() => check(P(), undefined, undefined, undefined, 30, -0.01))).toBe(
      "expected_annual_delist_rate",
    );
    expect(await badField(() => check(P(), undefined, undefined, undefined, 30, NaN))).toBe(
      "expected_annual_delist_rate",
    );
  });
});

describe("survivorship_audit: async contract", () => {
  it("reports progress over a large panel and honours cancellation", async () => {
    const seen: number[] = [];
    const panel = M10.panelOf(() => true);
    await withRunContext({ onProgress: (p) => seen.push(p.progress) }, () => check(panel));
    const total = 4 * panel.nrows * panel.columns.length;
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[seen.length - 1]).toBe(total);
    const ac = new AbortController();
    ac.abort(new Error("cancelled by caller"));
    await expect(withRunContext({ signal: ac.signal }, () => check(panel))).rejects.toThrow("cancelled by caller");
  });
});
