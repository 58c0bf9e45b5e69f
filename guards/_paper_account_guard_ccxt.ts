// ccxt rules for paper_account_guard: the sandbox flag, the OKX simulated-trading header, and
// sandbox hosts judged by whole DNS-label tokens.
import { invalid, fieldPath } from "../src/contract/guard.js";
import { parseHost, hostHasToken } from "../src/lib/url_host.js";
import { asciiJson, asciiText } from "../src/lib/ascii_text.js";

export interface Verdict {
  readonly isPaper: boolean;
  readonly rule:
    | "ib-account-prefix"
    | "alpaca-host"
    | "schwab-no-sandbox"
    | "ccxt-okx-header"
    | "ccxt-sandbox-hosts"
    | "unknown-broker";
  readonly text: string;
  readonly hosts: readonly string[];
}

type Raw = Readonly<Record<string, unknown>>;

const HEADER_SWITCHED = new Set(["okx", "okex"]);
const SANDBOX_TOKENS = ["testnet", "sandbox", "test", "demo", "paper", "uat", "stage", "staging"] as const;

function isObject(x: unknown): x is Raw {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Every string leaf of `urls.api` (a string or a nested object), with its field path. */
function urlLeaves(field: string, node: unknown, out: { field: string; url: string }[]): void {
  if (typeof node === "string") {
    out.push({ field, url: node });
    return;
  }
  if (!isObject(node)) throw invalid(field, `must be a URL string or an object of URLs, got ${asciiJson(node)}`);
  for (const [k, v] of Object.entries(node)) urlLeaves(fieldPath(field, k), v, out);
}

/**
 * Hosts of `extra.urls.api` in first-seen order, or null when there is no `urls.api`. Unparseable URLs are bad input.
 */
export function apiHosts(extra: Raw): string[] | null {
  if (!Object.hasOwn(extra, "urls") || extra["urls"] === undefined || extra["urls"] === null) return null;
  const urls = extra["urls"];
  if (!isObject(urls)) throw invalid("extra/urls", `must be an object, got ${asciiJson(urls)}`);
  if (urls["api"] === undefined || urls["api"] === null) return null;
  const leaves: { field: string; url: string }[] = [];
  urlLeaves("extra/urls/api", urls["api"], leaves);
  const hosts: string[] = [];
  for (const { field, url } of leaves) {
    const h = parseHost(url);
    if (h === null) throw invalid(field, `${asciiJson(url)} cannot be parsed as a URL`);
    if (!hosts.includes(h)) hosts.push(h);
  }
  return hosts;
}

/** Header names lower-cased, values as strings; bad input when `extra.headers` is not an object. */
export function headers(extra: Raw): Map<string, string> {
  const h = extra["headers"];
  const out = new Map<string, string>();
  if (h === undefined || h === null) return out;
  if (!isObject(h)) throw invalid("extra/headers", `must be an object, got ${asciiJson(h)}`);
  for (const [k, v] of Object.entries(h)) out.set(k.toLowerCase(), String(v));
  return out;
}

function sandboxFlag(extra: Raw): { name: string; value: unknown } {
  if (Object.hasOwn(extra, "sandbox_mode")) return { name: "sandbox_mode", value: extra["sandbox_mode"] };
  return { name: "sandbox", value: extra["sandbox"] };
}

function okxVerdict(venue: string, extra: Raw): Verdict {
  const value = headers(extra).get("x-simulated-trading");
  if (value === "1")
    return {
      isPaper: true,
      rule: "ccxt-okx-header",
      text: `ccxt ${venue} is in sandbox mode and sends x-simulated-trading: 1 (simulated trading)`,
      hosts: [],
    };
  const seen =
    value === undefined ? "no x-simulated-trading header" : `x-simulated-trading is ${asciiJson(value)}, not "1"`;
  return {
    isPaper: false,
    rule: "ccxt-okx-header",
    text: `ccxt ${venue} switches paper trading by header: ${seen}, so orders go to the live venue`,
    hosts: [],
  };
}

function hostsVerdict(venue: string, hosts: string[] | null): Verdict {
  const rule = "ccxt-sandbox-hosts" as const;
  if (hosts === null)
    return {
      isPaper: false,
      rule,
      text: `ccxt ${venue}: no extra.urls.api, so no sandbox host proves paper`,
      hosts: [],
    };
  if (hosts.length === 0) return { isPaper: false, rule, text: `ccxt ${venue}: extra.urls.api holds no URLs`, hosts };
  const live = hosts.filter((h) => !hostHasToken(h, SANDBOX_TOKENS));
  if (live.length > 0)
    return {
      isPaper: false,
      rule,
      text:
        `ccxt ${venue}: host(s) ${live.join(", ")} are not sandbox hosts (no label token among ` +
        `${SANDBOX_TOKENS.join(", ")})`,
      hosts,
    };
  return {
    isPaper: true,
    rule,
    text: `ccxt ${venue} is in sandbox mode and every API host is a sandbox host: ${hosts.join(", ")}`,
    hosts,
  };
}

/** ccxt: sandbox_mode must be the boolean true, then the header (OKX) or the sandbox-host rule. */
export function ccxtVerdict(venue: string | null, extra: Raw): Verdict {
  const name = venue === null || venue === "" ? "(unnamed venue)" : asciiText(venue);
  const headerSwitched = venue !== null && HEADER_SWITCHED.has(venue);
  const hosts = apiHosts(extra);
  const rule = headerSwitched ? ("ccxt-okx-header" as const) : ("ccxt-sandbox-hosts" as const);
  const flag = sandboxFlag(extra);
  if (flag.value !== true) {
    const got = flag.value === undefined ? "it is absent" : `got ${asciiJson(flag.value)}`;
    return {
      isPaper: false,
      rule,
      text: `ccxt ${name}: extra.${flag.name} must be the boolean true (set_sandbox_mode(True)); ${got}`,
      hosts: headerSwitched ? [] : (hosts ?? []),
    };
  }
  return headerSwitched ? okxVerdict(name, extra) : hostsVerdict(name, hosts);
}
