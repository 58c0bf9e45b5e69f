import { describe, expect, it } from "vitest";
import { check } from "../../guards/ashare_rules.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

type Bar = Parameters<typeof check>[0];
type Lots = Parameters<typeof check>[6];

const errs = (o: ReturnType<typeof check>) => o.findings.filter((f) => f.severity === "error");
const locked: Bar = { open: 240, high: 240, low: 240, close: 240, volume: 1e6, prev_close: 200 };
const normal: Bar = { open: 202, high: 240, low: 199, close: 239.9, volume: 1e6, prev_close: 200 };
const bar = (extra: Record<string, unknown>): Bar =>
  ({ high: 10.5, low: 10, prev_close: 10, volume: 1000, ...extra }) as Bar;

describe("ashare_rules: spec examples", () => {
  it(
    "1. ChiNext 300750 on 2021-06-01: limits 240 / 160; locked buy fails, normal buy passes, same-day lot fails " +
      "T+1",
    () => {
      const o = check(locked, "300750", "2021-06-01");
      expect(o.evidence).toEqual({
        code: "300750",
        board: "ChiNext",
        is_st: false,
        limit_pct: 0.2,
        up_limit: 240,
        down_limit: 160,
        side: "buy",
        tradable: false,
        reason: "locked at the up limit",
        sellable_qty: null,
      });
      expect(Object.keys(o.evidence)).toEqual([
        "code",
        "board",
        "is_st",
        "limit_pct",
        "up_limit",
        "down_limit",
        "side",
        "tradable",
        "reason",
        "sellable_qty",
      ]);
      expect(errs(o).map((f) => f.where)).toEqual(["300750 buy"]);
      expect(errs(o)[0]!.message).toMatch(/^cannot buy: locked at the up limit 240\.00/);

      const p = check(normal, "300750", "2021-06-01");
      expect(errs(p)).toEqual([]);
      expect(p.findings).toEqual([{ severity: "info", message: "tradable", where: "300750 buy" }]);

      const t = check(normal, "300750", "2021-06-01", undefined, "sell", undefined, [
        { date: "2021-06-01", qty: 1000 },
      ]);
      expect(errs(t).map((f) => f.where)).toEqual(["300750 T+1"]);
      expect(t.evidence["sellable_qty"]).toBe(0);
      expect(t.evidence["tradable"]).toBe(true);
    },
  );

  it("2. half-up rounding on the decimal text: 1.05 at 10% -> 1.16 / 0.95", () => {
    const o = check({ high: 1.1, low: 1.0, prev_close: 1.05, volume: 100 }, "600000", "2024-03-12");
    expect(o.evidence["up_limit"]).toBe(1.16);
    expect(o.evidence["down_limit"]).toBe(0.95);
    // a float round of 1.05 * 1.1 (1.1550000000000002) and 1.05 * 0.9 (0.9450000000000001) is
    // not the rule; check a case where binary floats round the wrong way: 2.05 * 0.9 = 1.845 exactly
    expect(
      check({ high: 2.1, low: 2.0, prev_close: 2.05, volume: 1 }, "000001", "2024-03-12").evidence["down_limit"],
    ).toBe(1.85);
  });

  it("3. ChiNext 10% before 2020-08-24, 20% from it; ST does not halve ChiNext; *ST halves SSE-Main", () => {
    expect(check(bar({}), "300059", "2020-08-21").evidence["limit_pct"]).toBe(0.1);
    expect(check(bar({}), "300059", "2020-08-24").evidence["limit_pct"]).toBe(0.2);
    const st = check(bar({}), "300750", "2021-06-01", "ST Demo");
    expect([st.evidence["is_st"], st.evidence["limit_pct"]]).toEqual([true, 0.2]);
    const main = check(bar({}), "600519.SH", "2021-06-01", "*ST Demo");
    expect([main.evidence["board"], main.evidence["is_st"], main.evidence["limit_pct"]]).toEqual([
      "SSE-Main",
      true,
      0.05,
    ]);
    // 10 x 1.05 = 10.5, 10 x 0.95 = 9.5
    expect([main.evidence["up_limit"], main.evidence["down_limit"]]).toEqual([10.5, 9.5]);
  });

  it("4. T+1: lots on 2024-03-11 (2000) and 2024-03-12 (1000) sold on 2024-03-12 -> 2000 sellable", () => {
    const o = check(bar({}), "600000", "2024-03-12", undefined, "sell", undefined, [
      { date: "2024-03-11", qty: 2000 },
      { date: "2024-03-12", qty: 1000 },
    ]);
    expect(o.evidence["sellable_qty"]).toBe(2000);
    expect(errs(o)).toEqual([]);
    expect(o.findings.find((f) => f.where === "600000 T+1")!.message).toBe("2000 shares settled and sellable");
  });

  it("5. sell on a SUSPENDED bar with volume 0 fails: cannot sell: suspended", () => {
    const o = check(bar({ trade_status: "SUSPENDED", volume: 0 }), "600000", "2024-03-12", undefined, "sell");
    expect(errs(o).map((f) => f.where)).toEqual(["600000 sell"]);
    expect(errs(o)[0]!.message).toMatch(/^cannot sell: suspended/);
    expect(o.evidence["reason"]).toBe("suspended");
  });
});

describe("ashare_rules: rules", () => {
  it("boards by prefix and code normalisation", () => {
    const cases: [string, string, string][] = [
      ["688981", "STAR", "688981"],
      ["sh689009", "STAR", "689009"],
      ["301001.SZ", "ChiNext", "301001"],
      ["430047.BJ", "BSE", "430047"],
      ["830799", "BSE", "830799"],
      ["920001.BSE", "BSE", "920001"],
      ["900901", "B-share", "900901"],
      ["200002", "B-share", "200002"],
      [" 601318.xshg ", "SSE-Main", "601318"],
      ["605001.SS", "SSE-Main", "605001"],
      ["SZ000001", "SZSE-Main", "000001"],
      ["003816.XSHE", "SZSE-Main", "003816"],
    ];
    for (const [code, board, norm] of cases) {
      const o = check(bar({}), code, "2024-03-12");
      expect([o.evidence["board"], o.evidence["code"]]).toEqual([board, norm]);
    }
    expect(check(bar({}), "430047", "2024-03-12").evidence["limit_pct"]).toBe(0.3);
  });

  it("no limit in the first 5 sessions on STAR/ChiNext/BSE, not on the main boards", () => {
    const o = check(bar({ high: 40, low: 10 }), "688981", "2024-03-12", undefined, "buy", 4);
    expect(o.evidence["limit_pct"]).toBe(Infinity);
    expect(o.evidence["up_limit"]).toBe(Infinity);
    expect(o.evidence["down_limit"]).toBe(0);
    expect(o.findings.map((f) => f.where)).toEqual(["688981 limit", "688981 buy"]);
    expect(check(bar({}), "688981", "2024-03-12", undefined, "buy", 5).evidence["limit_pct"]).toBe(0.2);
    expect(check(bar({}), "600000", "2024-03-12", undefined, "buy", 0).evidence["limit_pct"]).toBe(0.1);
  });

  it("ST detection tolerates full-width spaces and asterisks; S*ST; lower case", () => {
    expect(check(bar({}), "600000", "2024-03-12", "\uFF0AST\u3000Demo").evidence["is_st"]).toBe(true);
    expect(check(bar({}), "600000", "2024-03-12", "S*ST Demo").evidence["is_st"]).toBe(true);
    expect(check(bar({}), "600000", "2024-03-12", " st demo").evidence["is_st"]).toBe(true);
    expect(check(bar({}), "600000", "2024-03-12", "BEST Demo").evidence["is_st"]).toBe(false);
  });

  it("a bar locked at the down limit is buyable but not sellable", () => {
    const down: Bar = { high: 160, low: 160, prev_close: 200, volume: 5000 };
    expect(errs(check(down, "300750", "2021-06-01"))).toEqual([]);
    const s = check(down, "300750", "2021-06-01", undefined, "sell");
    expect(s.evidence["reason"]).toBe("locked at the down limit");
    expect(errs(s)[0]!.message).toMatch(/^cannot sell: locked at the down limit 160\.00/);
    // locked at the up limit is sellable
    expect(errs(check(locked, "300750", "2021-06-01", undefined, "sell"))).toEqual([]);
  });

  it("suspension flags, status text, and no-volume rules", () => {
    expect(check(bar({ paused: 1 }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    expect(check(bar({ is_paused: "Yes" }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    expect(check(bar({ halted: true }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    expect(check(bar({ suspended: "False" }), "600000", "2024-03-12").evidence["reason"]).toBe("tradable");
    expect(check(bar({ paused: 0, halted: "" }), "600000", "2024-03-12").evidence["reason"]).toBe("tradable");
    expect(check(bar({ trading_status: "\u505c\u724c" }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    const cjk = check(bar({ trading_status: "\u505c\u724c" }), "600000", "2024-03-12");
    expect(cjk.findings[0]!.message).toBe('cannot buy: suspended (trading_status "\\u505c\\u724c")');
    expect(check(bar({ trade_status: " suspend " }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    expect(check(bar({ trade_status: 0 }), "600000", "2024-03-12").evidence["reason"]).toBe("suspended");
    expect(check(bar({ trade_status: "trading" }), "600000", "2024-03-12").evidence["reason"]).toBe("tradable");
    const noVol = bar({});
    delete (noVol as unknown as Record<string, unknown>)["volume"];
    expect(check(noVol, "600000", "2024-03-12").evidence["reason"]).toBe("no volume");
    expect(check(bar({ volume: null }), "600000", "2024-03-12").evidence["reason"]).toBe("no volume");
    expect(check(bar({ volume: NaN }), "600000", "2024-03-12").evidence["reason"]).toBe("no volume");
    expect(
      check(bar({ volume: undefined, turnover_volume: 0 }), "600000", "2024-03-12", undefined, "sell").evidence[
        "reason"
      ],
    ).toBe("no volume");
    expect(check(bar({ volume: 5, vol: 5 }), "600000", "2024-03-12").evidence["reason"]).toBe("tradable");
  });

  it("T+1 runs on an infeasible sell; lots are ignored on buys; [date, qty] pairs and aliases", () => {
    const o = check(bar({ suspended: true }), "600000", "2024-03-12", undefined, "sell", undefined, [
      ["2024-03-01", 300],
      { trade_date: "2024-03-05", shares: 200 },
      { buy_date: "2024-03-13", quantity: 50 },
    ]);
    expect(errs(o).map((f) => f.where)).toEqual(["600000 sell"]);
    expect(o.evidence["sellable_qty"]).toBe(500);
    const buy = check(bar({}), "600000", "2024-03-12", undefined, "buy", undefined, [{ date: "2024-03-12", qty: 10 }]);
    expect(buy.evidence["sellable_qty"]).toBeNull();
    expect(buy.findings.map((f) => f.where)).toEqual(["600000 buy"]);
  });
});

describe("ashare_rules: bad input", () => {
  it("code and date", () => {
    expect(badField(() => check(bar({}), "00700", "2024-03-12"))).toMatch(/^code \| .*Hong Kong/);
    expect(badField(() => check(bar({}), "00700.HK", "2024-03-12"))).toMatch(/^code \| .*Hong Kong/);
    expect(badField(() => check(bar({}), "60051", "2024-03-12"))).toMatch(/^code \|/);
    expect(badField(() => check(bar({}), "6005190", "2024-03-12"))).toMatch(/^code \| .*6-digit/);
    expect(badField(() => check(bar({}), "SH600519.SH", "2024-03-12"))).toMatch(/^code \|/);
    expect(badField(() => check(bar({}), "700000", "2024-03-12"))).toMatch(/^code \| .*no A-share board/);
    expect(badField(() => check(bar({}), 600000 as unknown as string, "2024-03-12"))).toMatch(/^code \|/);
    expect(badField(() => check(bar({}), "688981", "2019-07-19"))).toMatch(/^date \| .*STAR/);
    expect(badField(() => check(bar({}), "600000", "2024/03/12"))).toMatch(/^date \|/);
  });
  it("bar", () => {
    expect(badField(() => check([] as unknown as Bar, "600000", "2024-03-12"))).toMatch(/^bar \|/);
    expect(badField(() => check(null as unknown as Bar, "600000", "2024-03-12"))).toMatch(/^bar \|/);
    expect(
      badField(() => check({ low: 1, prev_close: 1, volume: 1 } as unknown as Bar, "600000", "2024-03-12")),
    ).toMatch(/^bar\/high \| .*missing/);
    expect(badField(() => check(bar({ low: null }), "600000", "2024-03-12"))).toMatch(/^bar\/low \|/);
    expect(badField(() => check({ high: 1, low: 1, volume: 1 }, "600000", "2024-03-12"))).toMatch(
      /^bar\/prev_close \| .*missing/,
    );
    expect(badField(() => check(bar({ high: Infinity }), "600000", "2024-03-12"))).toMatch(/^bar\/high \|/);
    expect(badField(() => check(bar({ low: 0 }), "600000", "2024-03-12"))).toMatch(/^bar\/low \|/);
    expect(badField(() => check(bar({ prev_close: -1 }), "600000", "2024-03-12"))).toMatch(/^bar\/prev_close \|/);
    expect(badField(() => check(bar({ high: 9, low: 10 }), "600000", "2024-03-12"))).toMatch(
      /^bar\/high \| .*below low/,
    );
    expect(badField(() => check(bar({ pre_close: 11 }), "600000", "2024-03-12"))).toMatch(
      /^bar\/pre_close \| .*conflicts with prev_close/,
    );
    expect(badField(() => check(bar({ vol: 7 }), "600000", "2024-03-12"))).toMatch(/^bar\/vol \| .*conflicts/);
    expect(badField(() => check(bar({ paused: "maybe" }), "600000", "2024-03-12"))).toMatch(
      /^bar\/paused \| .*truth value/,
    );
    expect(badField(() => check(bar({ volume: "1000" }), "600000", "2024-03-12"))).toMatch(
      /^bar\/volume \| .*number or null/,
    );
    expect(badField(() => check(bar({ volume: -5 }), "600000", "2024-03-12"))).toMatch(/^bar\/volume \| .*negative/);
    // preclose alias alone is accepted
    const o = check({ high: 11, low: 10, preclose: 10, volume: 1 }, "600000", "2024-03-12");
    expect(o.evidence["up_limit"]).toBe(11);
  });
  it("side, days_since_ipo, stock_name", () => {
    expect(badField(() => check(bar({}), "600000", "2024-03-12", undefined, "short" as "buy"))).toMatch(/^side \|/);
    expect(badField(() => check(bar({}), "600000", "2024-03-12", undefined, "buy", -1))).toMatch(/^days_since_ipo \|/);
    expect(badField(() => check(bar({}), "600000", "2024-03-12", undefined, "buy", 2.5))).toMatch(/^days_since_ipo \|/);
    expect(badField(() => check(bar({}), "600000", "2024-03-12", 5 as unknown as string))).toMatch(/^stock_name \|/);
  });
  it("lots", () => {
    const sell = (lots: unknown) => () =>
      check(bar({}), "600000", "2024-03-12", undefined, "sell", undefined, lots as Lots);
    expect(badField(sell({ date: "2024-03-01", qty: 1 }))).toMatch(/^lots \|/);
    expect(badField(sell([{ qty: 100 }]))).toMatch(/^lots\/0 \| .*no date/);
    expect(badField(sell([{ date: "2024-03-01" }]))).toMatch(/^lots\/0 \| .*no quantity/);
    expect(
      badField(
        sell([
          { date: "2024-03-01", qty: 1 },
          { date: "2024-03-01", qty: null },
        ]),
      ),
    ).toMatch(/^lots\/1\/qty \|/);
    expect(badField(sell([{ date: "2024-03-01", qty: Infinity }]))).toMatch(/^lots\/0\/qty \|/);
    expect(badField(sell([{ date: "2024-03-01", qty: -100 }]))).toMatch(/^lots\/0\/qty \|/);
    expect(badField(sell([["2024-03-01", NaN]]))).toMatch(/^lots\/0\/1 \|/);
    expect(badField(sell([["2024-03-01"]]))).toMatch(/^lots\/0 \|/);
    expect(badField(sell([["March 1", 100]]))).toMatch(/^lots\/0\/0 \|/);
    expect(badField(sell([{ date: "2024-03-01", qty: 1, shares: 2 }]))).toMatch(/^lots\/0\/shares \| .*conflicts/);
    expect(badField(sell([7]))).toMatch(/^lots\/0 \|/);
  });
});
