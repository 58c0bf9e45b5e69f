import { Outcome, invalid } from "../src/contract/guard.js";
import { parseHost } from "../src/lib/url_host.js";
import { ccxtVerdict, apiHosts, headers, type Verdict } from "./_paper_account_guard_ccxt.js";
import { asciiJson, asciiText } from "../src/lib/ascii_text.js";

export const skill = "broker-execution-apis";
export const title = "Paper trading account proof";
export const required = ["broker"] as const;
export const optional = ["account_id", "base_url", "extra"] as const;

/** One broker-specific fact: a flag, a port, or an object (urls with URLs nested up to two levels, headers). */
type ExtraValue =
  | boolean
  | number
  | string
  | Record<string, string | number | boolean | Record<string, string | Record<string, string>>>;

type Raw = Readonly<Record<string, unknown>>;

const IB = new Set(["ib", "ibkr", "interactive_brokers", "ib_insync", "ibapi", "tws"]);
const ALPACA = new Set(["alpaca", "alpaca-py", "alpaca_py", "alpaca-trade-api"]);
const SCHWAB = new Set(["schwab", "charles_schwab", "schwabdev", "tda", "td_ameritrade"]);
const ALPACA_DATA = new Set(["data.alpaca.markets", "stream.data.alpaca.markets"]);
const ALPACA_PAPER = new Set(["paper-api.alpaca.markets", "broker-api.sandbox.alpaca.markets"]);
const ALPACA_LIVE = new Set(["api.alpaca.markets", "broker-api.alpaca.markets"]);

/** Caller values echoed in messages, ASCII-safe. */
const show = asciiJson;

function optionalString(field: string, x: unknown): string | null {
  if (x === undefined || x === null) return null;
  if (typeof x !== "string") throw invalid(field, `must be a string, got ${show(x)}`);
  return x;
}

function readExtra(x: unknown): Raw {
  if (x === undefined || x === null) return {};
  if (typeof x !== "object" || Array.isArray(x))
    throw invalid("extra", `must be an object of broker-specific facts, got ${show(x)}`);
  return x as Raw;
}

function portNote(extra: Raw): string {
  const key = ["port", "socket_port"].find((k) => extra[k] !== undefined && extra[k] !== null);
  return key === undefined
    ? ""
    : `; ${key} ${show(extra[key])} is not evidence: paper and live gateways can use any port`;
}

/** IB: the server-reported account id's prefix decides (DU/DF paper, U/F/I live). */
function ibVerdict(accountId: string | null, extra: Raw): Verdict {
  const rule = "ib-account-prefix" as const;
  if (accountId === null)
    return {
      isPaper: false,
      rule,
      text:
        "IB: no account_id from the server (managedAccounts()), so nothing proves a paper account" +
        `${portNote(extra)}`,
      hosts: [],
    };
  const id = asciiText(accountId.trim().toUpperCase());
  const paper = ["DU", "DF"].find((p) => id.startsWith(p));
  if (paper !== undefined)
    return { isPaper: true, rule, text: `IB account ${id} is a paper account (${paper} prefix)`, hosts: [] };
  const live = ["U", "F", "I"].find((p) => id.startsWith(p));
  if (live !== undefined)
    return {
      isPaper: false,
      rule,
      text: `IB account ${id} is a LIVE account (${live} prefix)${portNote(extra)}`,
      hosts: [],
    };
  return {
    isPaper: false,
    rule,
    text: `IB account ${asciiJson(id)} has an unrecognised prefix (paper accounts start DU or DF)${portNote(extra)}`,
    hosts: [],
  };
}

/** Alpaca: the exact host of the resolved base URL decides; the paper flag can only disagree. */
function alpacaVerdict(baseUrl: string | null, extra: Raw): Verdict {
  const rule = "alpaca-host" as const;
  if (baseUrl === null)
    return {
      isPaper: false,
      rule,
      text: "Alpaca: no base_url, so the endpoint the client talks to is unknown",
      hosts: [],
    };
  const host = parseHost(baseUrl);
  if (host === null) throw invalid("base_url", `${asciiJson(baseUrl)} cannot be parsed as a URL`);
  const flag = Object.hasOwn(extra, "paper") ? extra["paper"] : extra["is_paper"];
  const hosts = [host];
  if (ALPACA_DATA.has(host))
    return {
      isPaper: false,
      rule,
      text: `Alpaca host ${host} is a market-data endpoint, not a trading endpoint`,
      hosts,
    };
  if (ALPACA_PAPER.has(host)) {
    if (flag === false)
      return {
        isPaper: false,
        rule,
        text: `Alpaca host ${host} is a paper host but the paper flag is false: the flag and the host disagree`,
        hosts,
      };
    return { isPaper: true, rule, text: `Alpaca host ${host} is a paper trading host`, hosts };
  }
  if (ALPACA_LIVE.has(host)) {
    const trap =
      flag === true
        ? ": url_override trap - the paper flag is true but the URL points at the live endpoint, and the URL wins"
        : "";
    return { isPaper: false, rule, text: `Alpaca host ${host} is the LIVE trading host${trap}`, hosts };
  }
  return { isPaper: false, rule, text: `Alpaca host ${host} is not a known Alpaca trading host`, hosts };
}

function verdictFor(
  key: string,
  accountId: string | null,
  baseUrl: string | null,
  extra: Raw,
): { verdict: Verdict; venue: string | null } {
  const colon = key.indexOf(":");
  const base = colon < 0 ? key : key.slice(0, colon);
  const rest = colon < 0 ? "" : key.slice(colon + 1).trim();
  const venue = rest === "" ? null : rest;
  if (IB.has(base)) return { verdict: ibVerdict(accountId, extra), venue: null };
  if (ALPACA.has(base)) return { verdict: alpacaVerdict(baseUrl, extra), venue: null };
  if (SCHWAB.has(base))
    return {
      verdict: {
        isPaper: false,
        rule: "schwab-no-sandbox",
        text: "Schwab has no paper sandbox: every session is live",
        hosts: [],
      },
      venue: null,
    };
  if (base === "ccxt") return { verdict: ccxtVerdict(venue, extra), venue };
  if (Object.hasOwn(extra, "sandbox_mode") || Object.hasOwn(extra, "urls"))
    return { verdict: ccxtVerdict(key, extra), venue: key };
  return {
    verdict: {
      isPaper: false,
      rule: "unknown-broker",
      text: `unknown broker ${asciiJson(key)}: no rule can prove a paper session, so trading is refused`,
      hosts: [],
    },
    venue: null,
  };
}

/**
 * Fails closed unless a fact returned by the broker proves the session is a paper (simulated, sandbox)
 * account and not live real-money trading: an Interactive Brokers paper account id (DU/DF), an Alpaca
 * paper host, or a ccxt venue in sandbox mode with sandbox API hosts (or OKX's simulated-trading
 * header).
 *
 * Ports, config flags and URLs that merely contain "test" are not proof; hosts are compared
 * exactly or by whole DNS-label tokens.
 *
 * Inputs
 *   broker : ib, alpaca, schwab, or ccxt:<venue> (case-insensitive; library names such as
 *       ib_insync, alpaca-py or schwabdev are accepted as aliases).
 *   account_id : IB only: the account id returned by the server (managedAccounts()).
 *   base_url : Alpaca only: the resolved base URL the client talks to (a URL or a bare host).
 *   extra : broker-specific facts: Alpaca {paper} or {is_paper}; ccxt {sandbox_mode (or
 *       sandbox), urls (with urls.api a URL or an object of URLs), headers}; IB {port} is
 *       accepted but is not evidence.
 *
 * @keywords paper, simulated, sandbox, live, real-money, broker
 */
export function check(broker: string, account_id?: string, base_url?: string, extra?: Record<string, ExtraValue>) {
  if (typeof broker !== "string" || broker.trim() === "")
    throw invalid("broker", `must be a non-empty string, got ${show(broker)}`);
  const accountId = optionalString("account_id", account_id);
  const baseUrl = optionalString("base_url", base_url);
  const facts = readExtra(extra);
  apiHosts(facts); // a malformed extra.urls or extra.headers is bad input for every broker
  headers(facts);
  const key = broker.trim().toLowerCase();
  const { verdict, venue } = verdictFor(key, accountId, baseUrl, facts);

  const out = new Outcome();
  if (verdict.isPaper) out.info(verdict.text, broker);
  else out.error(`not proven paper (${verdict.rule}): ${verdict.text}`, broker);
  return out
    .note("is_paper", verdict.isPaper)
    .note("broker", key)
    .note("venue", venue)
    .note("rule", verdict.rule)
    .note("evidence_text", verdict.text)
    .note("hosts", [...verdict.hosts])
    .done();
}
