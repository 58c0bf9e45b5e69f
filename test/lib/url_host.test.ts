import { describe, expect, it } from "vitest";
import { hostHasToken, hostTokens, parseHost } from "../../src/lib/url_host.js";

describe("url_host", () => {
  it("parses hosts from URLs and bare hosts", () => {
    expect(parseHost("https://paper-api.alpaca.markets/v2")).toBe("paper-api.alpaca.markets");
    expect(parseHost("paper-api.alpaca.markets")).toBe("paper-api.alpaca.markets");
    expect(parseHost("HTTPS://API.Alpaca.Markets:443/v2")).toBe("api.alpaca.markets");
    expect(parseHost("api.alpaca.markets.:8443")).toBe("api.alpaca.markets");
    expect(parseHost("wss://stream.data.alpaca.markets/v2/iex")).toBe("stream.data.alpaca.markets");
    expect(parseHost("  testnet.binance.vision/api/v3 ")).toBe("testnet.binance.vision");
    expect(parseHost("https://user:pw@demo.example.com/x?y=1")).toBe("demo.example.com");
  });

  it("a URL whose host merely contains a word is not that host", () => {
    expect(parseHost("https://api.alpaca.markets.evil.com/v2")).toBe("api.alpaca.markets.evil.com");
    expect(parseHost("https://evil.com/paper-api.alpaca.markets")).toBe("evil.com");
  });

  it("returns null for unparseable text", () => {
    expect(parseHost("")).toBeNull();
    expect(parseHost("https://")).toBeNull();
    expect(parseHost("http://exa mple.com")).toBeNull();
    expect(parseHost("https://[::1")).toBeNull();
  });

  it("tokenises hosts by label and dash", () => {
    expect(hostTokens("paper-api.alpaca.markets")).toEqual(["paper", "api", "alpaca", "markets"]);
    expect(hostTokens("latest.example.com")).toEqual(["latest", "example", "com"]);
    expect(hostHasToken("testnet.binance.vision", ["testnet"])).toBe(true);
    expect(hostHasToken("latest.example.com", ["test"])).toBe(false);
    expect(hostHasToken("api-UAT.broker.com", ["uat"])).toBe(true);
  });
});
