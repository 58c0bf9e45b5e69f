import { describe, expect, it } from "vitest";
import { check } from "../../guards/paper_account_guard.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

type Extra = Parameters<typeof check>[3];

const passed = (o: ReturnType<typeof check>) => !o.findings.some((f) => f.severity === "error");
const ex = (x: unknown) => x as Extra;

describe("paper_account_guard: spec examples", () => {
  it("1. IB DU account passes", () => {
    const o = check("ib", "DU1234567");
    expect(passed(o)).toBe(true);
    expect(o.findings).toEqual([
      { severity: "info", message: "IB account DU1234567 is a paper account (DU prefix)", where: "ib" },
    ]);
    expect(o.evidence).toEqual({
      is_paper: true,
      broker: "ib",
      venue: null,
      rule: "ib-account-prefix",
      evidence_text: "IB account DU1234567 is a paper account (DU prefix)",
      hosts: [],
    });
    expect(Object.keys(o.evidence)).toEqual(["is_paper", "broker", "venue", "rule", "evidence_text", "hosts"]);
  });

  it("2. IB U account with a port fails; the message notes a port is not evidence", () => {
    const o = check("ib", "U1234567", undefined, { port: 7497 });
    expect(passed(o)).toBe(false);
    expect(o.findings[0]!.where).toBe("ib");
    expect(o.findings[0]!.message).toContain("LIVE");
    expect(o.findings[0]!.message).toContain("port 7497 is not evidence");
  });

  it("3. Alpaca live URL with paper flag: url_override trap; paper host passes", () => {
    const o = check("alpaca", undefined, "https://api.alpaca.markets/v2", { paper: true });
    expect(passed(o)).toBe(false);
    expect(o.findings[0]!.message).toContain("url_override trap");
    expect(o.evidence["hosts"]).toEqual(["api.alpaca.markets"]);
    expect(o.evidence["rule"]).toBe("alpaca-host");
    const p = check("alpaca", undefined, "https://paper-api.alpaca.markets");
    expect(passed(p)).toBe(true);
    expect(p.evidence["is_paper"]).toBe(true);
  });

  it('4. ccxt binance testnet passes; latest.example.com fails; sandbox_mode "true" fails; okx header passes', () => {
    const urls = {
      api: { public: "https://testnet.binance.vision/api/v3", private: "https://testnet.binance.vision/api/v3" },
    };
    const o = check("ccxt:binance", undefined, undefined, { sandbox_mode: true, urls });
    expect(passed(o)).toBe(true);
    expect(o.evidence["venue"]).toBe("binance");
    expect(o.evidence["rule"]).toBe("ccxt-sandbox-hosts");
    expect(o.evidence["hosts"]).toEqual(["testnet.binance.vision"]);
    const latest = check("ccxt:binance", undefined, undefined, {
      sandbox_mode: true,
      urls: { api: "https://latest.example.com" },
    });
    expect(passed(latest)).toBe(false);
    expect(latest.findings[0]!.message).toContain("latest.example.com");
    const strFlag = check("ccxt:binance", undefined, undefined, ex({ sandbox_mode: "true", urls }));
    expect(passed(strFlag)).toBe(false);
    expect(strFlag.findings[0]!.message).toContain("boolean true");
    const okx = check("ccxt:okx", undefined, undefined, {
      sandbox_mode: true,
      headers: { "X-Simulated-Trading": "1" },
    });
    expect(passed(okx)).toBe(true);
    expect(okx.evidence["rule"]).toBe("ccxt-okx-header");
  });
});

describe("paper_account_guard: rules", () => {
  it("IB prefixes and aliases", () => {
    expect(passed(check("IBKR", " df1234 "))).toBe(true);
    expect(check("tws", "df1234").evidence["evidence_text"]).toBe("IB account DF1234 is a paper account (DF prefix)");
    for (const id of ["F123", "I123", "u99"]) expect(passed(check("ib_insync", id))).toBe(false);
    const odd = check("ibapi", "X123");
    expect(odd.evidence["evidence_text"]).toContain("unrecognised prefix");
    const none = check("interactive_brokers", undefined, undefined, { socket_port: 4002 });
    expect(passed(none)).toBe(false);
    expect(none.findings[0]!.message).toContain("socket_port 4002 is not evidence");
  });

  it("Alpaca hosts compared exactly", () => {
    expect(passed(check("alpaca-py", undefined, "paper-api.alpaca.markets"))).toBe(true);
    expect(passed(check("Alpaca_Py", undefined, "https://broker-api.sandbox.alpaca.markets/v1"))).toBe(true);
    expect(
      check("alpaca", undefined, "https://paper-api.alpaca.markets", { is_paper: false }).findings[0]!.message,
    ).toContain("disagree");
    expect(check("alpaca", undefined, "https://data.alpaca.markets/v2").findings[0]!.message).toContain(
      "not a trading endpoint",
    );
    expect(check("alpaca", undefined, "wss://stream.data.alpaca.markets/v2").evidence["is_paper"]).toBe(false);
    const live = check("alpaca-trade-api", undefined, "https://broker-api.alpaca.markets");
    expect(live.findings[0]!.message).not.toContain("url_override");
    // substring tricks do not pass
    expect(passed(check("alpaca", undefined, "https://paper-api.alpaca.markets.evil.com"))).toBe(false);
    expect(passed(check("alpaca", undefined, "https://evil.com/paper-api.alpaca.markets"))).toBe(false);
    expect(passed(check("alpaca"))).toBe(false);
  });

  it("Schwab always fails; unknown brokers fail", () => {
    const s = check("TD_Ameritrade");
    expect([passed(s), s.evidence["rule"], s.evidence["broker"]]).toEqual([
      false,
      "schwab-no-sandbox",
      "td_ameritrade",
    ]);
    const u = check("robinhood");
    expect(u.evidence["rule"]).toBe("unknown-broker");
    expect(u.findings[0]!.message).toContain("trading is refused");
    // caller text is echoed ASCII-safe
    const cjk = check("\u5238\u5546");
    expect(cjk.findings[0]!.message).toContain('unknown broker "\\u5238\\u5546"');
    expect(/^[\x20-\x7e]*$/.test(cjk.findings[0]!.message)).toBe(true);
  });

  it("ccxt: implied venue from extra, okx header rules, every host must be a sandbox host", () => {
    const implied = check("bybit", undefined, undefined, {
      sandbox_mode: true,
      urls: { api: "https://api-testnet.bybit.com" },
    });
    expect([passed(implied), implied.evidence["venue"]]).toEqual([true, "bybit"]);
    expect(
      passed(check("ccxt:okx", undefined, undefined, { sandbox_mode: true, headers: { "x-simulated-trading": 1 } })),
    ).toBe(true);
    expect(passed(check("ccxt:okex", undefined, undefined, { sandbox_mode: true }))).toBe(false);
    expect(
      passed(check("ccxt:okx", undefined, undefined, { sandbox_mode: false, headers: { "X-Simulated-Trading": "1" } })),
    ).toBe(false);
    expect(
      passed(check("ccxt:okx", undefined, undefined, { sandbox_mode: true, headers: { "X-Simulated-Trading": "0" } })),
    ).toBe(false);
    const mixed = check("ccxt:kraken", undefined, undefined, {
      sandbox: true,
      urls: { api: { public: "https://demo-futures.kraken.com", private: "https://futures.kraken.com" } },
    });
    expect(passed(mixed)).toBe(false);
    expect(mixed.evidence["hosts"]).toEqual(["demo-futures.kraken.com", "futures.kraken.com"]);
    expect(mixed.findings[0]!.message).toContain("futures.kraken.com are not sandbox hosts");
    expect(
      passed(
        check("ccxt:x", undefined, undefined, {
          sandbox_mode: true,
          urls: { api: { rest: { spot: "https://uat.x.io", perp: "stage-api.x.io:8443" } } },
        }),
      ),
    ).toBe(true);
    expect(passed(check("ccxt:binance", undefined, undefined, { sandbox_mode: 1 }))).toBe(false);
    expect(passed(check("ccxt:binance", undefined, undefined, { sandbox_mode: true }))).toBe(false);
    expect(
      passed(
        check("ccxt:binance", undefined, undefined, {
          sandbox_mode: true,
          urls: { www: "https://testnet.binance.vision" },
        }),
      ),
    ).toBe(false);
    expect(passed(check("ccxt:binance", undefined, undefined, { sandbox_mode: true, urls: { api: {} } }))).toBe(false);
  });
});

describe("paper_account_guard: bad input", () => {
  it("broker, account_id, base_url, extra", () => {
    expect(badField(() => check(""))).toMatch(/^broker \|/);
    expect(badField(() => check("   "))).toMatch(/^broker \|/);
    expect(badField(() => check(undefined as unknown as string))).toMatch(/^broker \|/);
    expect(badField(() => check("ib", 1234 as unknown as string))).toMatch(/^account_id \|/);
    expect(badField(() => check("alpaca", undefined, 5 as unknown as string))).toMatch(/^base_url \|/);
    expect(badField(() => check("alpaca", undefined, "https://exa mple.com"))).toMatch(
      /^base_url \| .*cannot be parsed/,
    );
    expect(badField(() => check("ib", "DU1", undefined, ex([1, 2])))).toMatch(/^extra \|/);
    expect(badField(() => check("ib", "DU1", undefined, ex("x")))).toMatch(/^extra \|/);
  });
  it("ccxt urls and headers", () => {
    expect(
      badField(() =>
        check("ccxt:binance", undefined, undefined, ex({ sandbox_mode: true, urls: "https://testnet.binance.vision" })),
      ),
    ).toMatch(/^extra\/urls \|/);
    expect(
      badField(() => check("ccxt:binance", undefined, undefined, ex({ sandbox_mode: true, urls: { api: 5 } }))),
    ).toMatch(/^extra\/urls\/api \|/);
    expect(
      badField(() =>
        check("ccxt:binance", undefined, undefined, {
          sandbox_mode: true,
          urls: { api: { public: "https://testnet.binance.vision", private: "https://" } },
        }),
      ),
    ).toMatch(/^extra\/urls\/api\/private \| .*cannot be parsed/);
    expect(
      badField(() =>
        check("ccxt:okx", undefined, undefined, ex({ sandbox_mode: true, headers: "x-simulated-trading: 1" })),
      ),
    ).toMatch(/^extra\/headers \|/);
  });
});
