import { describe, expect, it } from "vitest";
import { check } from "../../guards/regime_coverage.js";
import type { Series } from "../../src/contract/guard.js";
import { businessDays, formatIsoDate, parseIsoDate } from "../../src/lib/dates.js";
import { Mt19937 } from "../../src/lib/prng.js";
import { badField } from "../helpers/bad_field.js";

const ser = (values: number[], index?: string[]): Series => (index ? { values, index } : { values });

/** Standard normal draws by Box-Muller over MT19937 (test data only). */
function normals(seed: number, n: number): number[] {
  const g = new Mt19937(seed);
  const out: number[] = [];
  while (out.length < n) {
    const u1 = 1 - g.nextFloat();
    const u2 = g.nextFloat();
    out.push(Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2));
  }
  return out;
}

function bdates(start: string, n: number): string[] {
  return businessDays(parseIsoDate(start)!, n).map(formatIsoDate);
}

type Row = Record<string, unknown>;
const table = (r: ReturnType<typeof check>) => (r.evidence as Row)["table"] as Row[];
const errors = (r: ReturnType<typeof check>) => r.findings.filter((f) => f.severity === "error");

describe("regime_coverage: spec example 1 (480 business days)", () => {
  const n = 480;
  const dates = bdates("2020-01-01", n);
  const asset = normals(42, n).map((z) => 0.0003 + 0.01 * z);
  const position = asset.map((_, i) => (i % 40 < 30 ? 1 : 0));
  const strategy = asset.map((r, i) => r * position[i]!);
  it("two regimes with two episodes each pass", () => {
    const block = [...Array(120).fill("low-vol"), ...Array(120).fill("high-vol")];
    const labels = [...block, ...block];
    const r = check(dates, ser(asset), ser(strategy), ser(position), labels, "ex-ante rule");
    expect(errors(r)).toEqual([]);
    expect(r.findings.filter((f) => f.severity === "warning")).toEqual([]);
    expect(r.evidence["n_regimes"]).toBe(2);
    const t = table(r);
    expect(t.map((x) => [x["label"], x["n_obs"], x["n_episodes"], x["longest_episode"]])).toEqual([
      ["low-vol", 240, 2, 120],
      ["high-vol", 240, 2, 120],
    ]);
    expect(t[0]!["first"]).toBe("2020-01-01");
    expect(t[1]!["last"]).toBe(dates[479]);
    expect(t[0]!["in_mkt"]).toBeCloseTo(0.75, 12);
  });
  it("a single label fails", () => {
    const r = check(dates, ser(asset), ser(strategy), ser(position), Array(n).fill("bull"), "ex-ante rule");
    expect(errors(r)).toHaveLength(1);
    expect(errors(r)[0]!.where).toBe("labels");
    expect(errors(r)[0]!.message).toContain("contains 1 regime label(s) (need 2); a single regime is not a backtest");
    // one episode: warned
    expect(
      r.findings.some(
        (f) =>
          f.severity === "warning" &&
          f.where === "bull" &&
          f.message.includes("1 episode(s): one episode is one observation of the regime"),
      ),
    ).toBe(true);
  });
});

describe("regime_coverage: spec example 2 (alternating every 50 days)", () => {
  const n = 300;
  const dates = bdates("2021-01-04", n);
  const asset = normals(7, n).map((z) => 0.0002 + 0.01 * z);
  const labels = asset.map((_, i) => (Math.floor(i / 50) % 2 === 0 ? "calm" : "turbulent"));
  it("counts 3 episodes of 50 each; always in the market", () => {
    const ones = asset.map(() => 1);
    const r = check(dates, ser(asset), ser(asset), ser(ones), labels, "ex-post label");
    const t = table(r);
    expect(t.map((x) => [x["label"], x["n_episodes"], x["longest_episode"], x["in_mkt"]])).toEqual([
      ["calm", 3, 50, 1],
      ["turbulent", 3, 50, 1],
    ]);
    expect(r.findings.map((f) => f.severity)).toEqual(["info"]);
    // hit rate = share of positive strategy returns on the label's days
    const calmRows = asset.filter((_, i) => labels[i] === "calm");
    expect(t[0]!["hit_rate"]).toBeCloseTo(calmRows.filter((x) => x > 0).length / 150, 12);
  });
  it("a flat position: in_mkt 0 and hit_rate null", () => {
    const zeros = asset.map(() => 0);
    const r = check(dates, ser(asset), ser(zeros), ser(zeros), labels, "ex-post label");
    for (const row of table(r)) {
      expect(row["in_mkt"]).toBe(0);
      expect(row["hit_rate"]).toBeNull();
      expect(row["strat_sharpe"]).toBeNull(); // sd 0
      expect(row["strat_maxdd"]).toBe(0);
      expect(row["worst_ep_share"]).toBeNull();
      expect(row["ep_tstat"]).toBeNull(); // all episode returns 0 -> sd 0
    }
  });
});

describe("regime_coverage: spec example 3 and a hand-derived table", () => {
  const dates = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"];
  const asset = [0.01, 0.02, -0.01, 0.03];
  const position = [1, 1, 0, 1];
  const strategy = [0.1, -0.1, 0.5, -0.1];
  const labels = ["A", "A", "B", "A"];
  const r = check(dates, ser(asset), ser(strategy), ser(position), labels, "ex-post label");
  const [a, b] = table(r) as [Row, Row];

  it("per-episode drawdown of A is -0.1, not the concatenated -0.19", () => {
    expect(a["strat_maxdd"]).toBeCloseTo(-0.1, 12);
    expect(Math.abs((a["strat_maxdd"] as number) - (0.891 / 1.1 - 1))).toBeGreaterThan(0.05);
  });
  it("A's row by hand", () => {
    const sA = [0.1, -0.1, -0.1];
    const m = (0.1 - 0.1 - 0.1) / 3;
    const sdA = Math.sqrt(sA.reduce((t, x) => t + (x - m) ** 2, 0) / 2);
    const ep = [1.1 * 0.9 - 1, -0.1];
    const epM = (ep[0]! + ep[1]!) / 2;
    const epSd = Math.sqrt(((ep[0]! - epM) ** 2 + (ep[1]! - epM) ** 2) / 1);
    expect(a["label"]).toBe("A");
    expect(a["n_obs"]).toBe(3);
    expect(a["share"]).toBe(0.75);
    expect(a["n_episodes"]).toBe(2);
    expect(a["longest_episode"]).toBe(2);
    expect(a["first"]).toBe("2024-01-01");
    expect(a["last"]).toBe("2024-01-04");
    expect(a["asset_ann"]).toBeCloseTo(0.02 * 252, 10);
    expect(a["strat_sharpe"]).toBeCloseTo((m / sdA) * Math.sqrt(252), 10);
    expect(a["in_mkt"]).toBe(1);
    expect(a["hit_rate"]).toBeCloseTo(1 / 3, 12);
    expect(a["ep_ret_mean"]).toBeCloseTo(-0.055, 12);
    expect(a["ep_ret_min"]).toBeCloseTo(-0.1, 12);
    expect(a["ep_ret_max"]).toBeCloseTo(-0.01, 12);
    expect(a["ep_tstat"]).toBeCloseTo((epM / epSd) * Math.sqrt(2), 10);
    expect(a["worst_ep_share"]).toBeCloseTo(0.1 / 0.11, 12);
  });
  it("B's row by hand: single observation, never in the market", () => {
    expect(b).toEqual({
      label: "B",
      n_obs: 1,
      share: 0.25,
      n_episodes: 1,
      longest_episode: 1,
      first: "2024-01-03",
      last: "2024-01-03",
      asset_ann: expect.closeTo(-2.52, 10),
      strat_sharpe: null,
      strat_maxdd: 0,
      in_mkt: 0,
      hit_rate: null,
      ep_ret_mean: 0.5,
      ep_ret_min: 0.5,
      ep_ret_max: 0.5,
      ep_tstat: null,
      worst_ep_share: null,
    });
  });
  it("evidence keys, table keys and card lines", () => {
    expect(Object.keys(r.evidence)).toEqual(["table", "regimes_covered", "n_regimes", "how"]);
    expect(Object.keys(a)).toEqual([
      "label",
      "n_obs",
      "share",
      "n_episodes",
      "longest_episode",
      "first",
      "last",
      "asset_ann",
      "strat_sharpe",
      "strat_maxdd",
      "in_mkt",
      "hit_rate",
      "ep_ret_mean",
      "ep_ret_min",
      "ep_ret_max",
      "ep_tstat",
      "worst_ep_share",
    ]);
    expect(r.evidence["regimes_covered"]).toEqual([
      "A [ex-post label]: 3 obs / 2 episodes, 2024-01-01..2024-01-04, asset +504.0%/yr, strategy Sharpe -4.58 " +
        "(in market 100%) maxDD -10.0%",
      "B [ex-post label]: 1 obs / 1 episodes, 2024-01-03..2024-01-03, asset -252.0%/yr, strategy Sharpe n/a " +
        "(in market 0%) maxDD 0.0%",
    ]);
    expect(r.evidence["n_regimes"]).toBe(2);
    expect(r.evidence["how"]).toBe("ex-post label");
  });
  it("findings: info on labels, warning for B's single episode", () => {
    // Since issue #16 each label with under 30 observations also warns that it is too short to judge.
    expect(r.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "labels"],
      ["warning", "A"],
      ["warning", "B"],
      ["warning", "B"],
    ]);
    expect(r.findings[1]!.message).toMatch(
      /^'A' has \d+ observation\(s\): too short to judge its Sharpe or return \(this guard needs 30\)$/,
    );
  });
  it("how unstated warns first; min_regimes 3 fails; min_episodes 1 silences", () => {
    const r2 = check(dates, ser(asset), ser(strategy), ser(position), labels, undefined, 3, 1);
    expect(r2.findings.map((f) => [f.severity, f.where])).toEqual([
      ["warning", "how"],
      ["error", "labels"],
      ["warning", "A"],
      ["warning", "B"],
    ]);
    expect(r2.findings[0]!.message).toContain("say whether the labels are an ex-ante rule or an ex-post label");
    expect(r2.findings[1]!.message).toContain("contains 2 regime label(s) (need 3)");
    expect(r2.evidence["how"]).toBe("unstated");
  });
  it("integer labels, dated series and a labels series are accepted", () => {
    const r3 = check(
      dates,
      ser(asset, dates),
      ser(strategy, dates),
      ser(position),
      { values: [1, 1, 2, 1], index: dates },
      "ex-post label",
    );
    expect(table(r3).map((x) => [x["label"], x["n_obs"]])).toEqual([
      [1, 3],
      [2, 1],
    ]);
  });
});

describe("regime_coverage: bad input", () => {
  const dates = ["2024-01-01", "2024-01-02", "2024-01-03"];
  const v = [0.01, -0.02, 0.03];
  const ok = { dates, asset: ser(v), strategy: ser(v), position: ser([1, 1, 1]), labels: ["x", "y", "x"] as unknown };
  type K = keyof typeof ok;
  const call = (patch: Partial<Record<K, unknown>>, how?: unknown, minR?: unknown, minE?: unknown) => () => {
    const a = { ...ok, ...patch };
    return check(
      a.dates as string[],
      a.asset as Series,
      a.strategy as Series,
      a.position as Series,
      a.labels as string[],
      how as string,
      minR as number,
      minE as number,
    );
  };
  it.each([
    ["length mismatch", call({ asset: ser([0.01, 0.02]) }), "asset"],
    ["labels length mismatch", call({ labels: ["x", "y"] }), "labels"],
    [
      "n < 2",
      call({ dates: ["2024-01-01"], asset: ser([0]), strategy: ser([0]), position: ser([0]), labels: ["x"] }),
      "dates",
    ],
    ["dates unsorted", call({ dates: ["2024-01-01", "2024-01-03", "2024-01-02"] }), "dates/2"],
    ["dates duplicated", call({ dates: ["2024-01-01", "2024-01-01", "2024-01-02"] }), "dates/1"],
    ["dates unparseable", call({ dates: ["2024-13-01", "2024-01-02", "2024-01-03"] }), "dates/0"],
    [
      "a dated input with other dates",
      call({ strategy: ser(v, ["2024-01-01", "2024-01-02", "2024-01-04"]) }),
      "strategy",
    ],
    ["null asset value", call({ asset: ser([0.01, NaN, 0.0]) }), "asset/values/1"],
    ["infinite position", call({ position: ser([Infinity, 1, 1]) }), "position/values/0"],
    ["strategy return of -1", call({ strategy: ser([0.01, 0.0, -1]) }), "strategy/values/2"],
    ["asset return below -1", call({ asset: ser([-1.5, 0.0, 0.0]) }), "asset/values/0"],
    ["null label", call({ labels: ["x", null, "x"] }), "labels/1"],
    ["NaN label in a series", call({ labels: { values: [1, NaN, 1] } }), "labels/values/1"],
    ["empty label", call({ labels: ["x", "y", ""] }), "labels/2"],
    ["fractional label", call({ labels: [1, 1.5, 1] }), "labels/1"],
    ["boolean label", call({ labels: [true, false, true] }), "labels/0"],
    ["labels not an array", call({ labels: "xyx" }), "labels"],
  ])("%s", (_name, fn, field) => {
    expect(badField(fn)).toBe(field);
  });
  it("message names labels[i]", () => {
    expect(() => call({ labels: ["x", null, "x"] })()).toThrow(/labels\[1\]/);
  });
  it.each([
    ["how empty", [""], "how"],
    ["how not a string", [5], "how"],
    ["min_regimes 0", ["r", 0], "min_regimes"],
    ["min_regimes fractional", ["r", 1.5], "min_regimes"],
    ["min_episodes 0", ["r", 2, 0], "min_episodes"],
    ["min_episodes fractional", ["r", 2, 2.5], "min_episodes"],
  ])("%s", (_name, args, field) => {
    expect(badField(call({}, ...(args as [unknown, unknown, unknown])))).toBe(field);
  });
});

describe("regime_coverage: sample length and percent returns (issue #16)", () => {
  const n = 80;
  const ds = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10));
  const asset = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 0.008 : -0.003));
  const strategy = asset.map((x) => x / 2);
  const position = asset.map(() => 1);
  const labs = ds.map((_, i) => (i < 40 ? "calm" : "stress"));
  it("40 observations per regime: no too-short warning", () => {
    const o = check(ds, { values: asset }, { values: strategy }, { values: position }, labs, "ex-ante rule", 2, 1);
    expect(o.findings.filter((f) => f.message.includes("too short to judge"))).toEqual([]);
  });
  it("percent returns are an error naming the decimal", () => {
    const o = check(
      ds,
      { values: asset.map((x) => x * 100) },
      { values: strategy },
      { values: position },
      labs,
      "x",
      2,
      1,
    );
    expect(o.findings.filter((f) => f.where === "asset").map((f) => f.message)).toEqual([
      "asset look like percent: median |return| 0.3 per period is above 0.2 (252 periods a year); simple returns " +
        "are decimals, so 0.3% is 0.003: divide asset by 100",
    ]);
  });
});
