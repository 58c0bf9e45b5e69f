import { Outcome, invalid, fieldPath, type IsoDate } from "../src/contract/guard.js";
import { requireIsoDate, formatIsoDate, isWeekend } from "../src/lib/dates.js";
import { Money, pointSize, pipValueQuote, quoteToBase } from "../src/lib/money.js";
import { spotLag, spotValueDate, tripleRolloverWeekday } from "../src/lib/calendar.js";
import { KNOWN_CURRENCIES, QUOTE_PRECEDENCE } from "./_fx_conventions_codes.js";
import { PIP_RULE, PIP_SOURCE, pipOf } from "./_fx_conventions_pips.js";
import { asciiJson } from "../src/lib/ascii_text.js";

export const skill = "fx-markets";
export const title = "FX quoting conventions";
export const required = ["pair"] as const;
export const optional = ["rate", "notional", "trade_date", "usd_leg_rates", "assumed_pip_size", "move_pips"] as const;

interface ParsedPair {
  readonly given: string;
  readonly base: string;
  readonly quote: string;
}

/** Per-pair facts, in the evidence key order. */
interface PairFacts {
  base: string;
  quote: string;
  backwards: boolean;
  usd_is_base: boolean | null;
  pip_size: number;
  pip_source: string;
  point_size: number;
  pip_value_quote: number | null;
  pip_value_usd: number | null;
  settlement_days: number;
  value_date: string | null;
  triple_rollover_weekday: string;
  pnl_quote: number | null;
  pnl_usd: number | null;
}

function parsePair(field: string, given: string): ParsedPair {
  const code = given.toUpperCase().replace(/[/_-]/g, "");
  if (!/^[A-Z]{6}$/.test(code)) throw invalid(field, `${asciiJson(given)} does not parse to a 6-letter currency pair`);
  const base = code.slice(0, 3);
  const quote = code.slice(3);
  for (const c of [base, quote]) {
    if (!KNOWN_CURRENCIES.has(c)) throw invalid(field, `unknown currency code ${c} in ${asciiJson(given)}`);
  }
  if (base === quote) throw invalid(field, `${asciiJson(given)} names the same currency ${base} twice`);
  return { given, base, quote };
}

function readPairs(pair: unknown): ParsedPair[] {
  if (typeof pair === "string") return [parsePair("pair", pair)];
  if (!Array.isArray(pair) || pair.length === 0)
    throw invalid("pair", `must be a string or a non-empty array of strings, got ${asciiJson(pair)}`);
  const seen = new Set<string>();
  return pair.map((p: unknown, i) => {
    const field = fieldPath("pair", i);
    if (typeof p !== "string") throw invalid(field, `must be a string, got ${asciiJson(p)}`);
    if (seen.has(p)) throw invalid(field, `${asciiJson(p)} is given twice (evidence is keyed by the pair string)`);
    seen.add(p);
    return parsePair(field, p);
  });
}

function requirePositive(field: string, x: unknown): number {
  if (typeof x !== "number" || !Number.isFinite(x) || !(x > 0))
    throw invalid(field, `must be a finite number > 0, got ${describe(x)}`);
  return x;
}

/** Caller values echoed in messages, ASCII-safe. */
const describe = asciiJson;

/** Rates keyed by the pair string as given; a bare number applies to the single pair. */
function readRates(rate: unknown, pairs: readonly ParsedPair[]): Map<string, number> {
  const out = new Map<string, number>();
  if (rate === undefined || rate === null) return out;
  if (typeof rate === "number") {
    if (pairs.length !== 1)
      throw invalid("rate", `a single number needs a single pair, got ${pairs.length} pairs; key the rates by pair`);
    out.set(pairs[0]!.given, requirePositive("rate", rate));
    return out;
  }
  if (typeof rate !== "object" || Array.isArray(rate))
    throw invalid("rate", `must be a number or an object {pair: number}, got ${describe(rate)}`);
  const given = new Set(pairs.map((p) => p.given));
  for (const [k, v] of Object.entries(rate as Record<string, unknown>)) {
    if (!given.has(k))
      throw invalid(fieldPath("rate", k), `${asciiJson(k)} is not one of the given pairs ${asciiJson([...given])}`);
    out.set(k, requirePositive(fieldPath("rate", k), v));
  }
  return out;
}

/** True when market convention puts the quote currency first (both ranked, base ranks after quote). */
function isBackwards(p: ParsedPair): boolean {
  const rank = QUOTE_PRECEDENCE as readonly string[];
  const b = rank.indexOf(p.base);
  const q = rank.indexOf(p.quote);
  return b >= 0 && q >= 0 && b > q;
}

function usdIsBase(p: ParsedPair): boolean | null {
  return p.base === "USD" ? true : p.quote === "USD" ? false : null;
}

/** A currency's USD value as a conversion: amount in the currency -> amount in USD, exact decimals. */
type ToUsd = (amount: Money) => Money;

/**
 * Currency -> conversion to USD from every USD pair among the rates (a pair's own rate and the
 * usd_leg_rates): USDXXX at r divides by r, XXXUSD at r multiplies by r.
 */
function usdConversions(pairsWithRates: readonly (readonly [ParsedPair, number])[]): Map<string, ToUsd> {
  const out = new Map<string, ToUsd>();
  for (const [p, r] of pairsWithRates) {
    if (p.base === "USD") out.set(p.quote, (a) => quoteToBase(a, r));
    else if (p.quote === "USD") out.set(p.base, (a) => a.times(r));
  }
  return out;
}

/** USD value of the quote-currency pip value: direct for XXXUSD, through a USD-leg rate otherwise. */
function usdPipValue(p: ParsedPair, quoteValue: Money, toUsd: ReadonlyMap<string, ToUsd>): Money | null {
  if (p.quote === "USD") return quoteValue;
  const convert = toUsd.get(p.quote);
  return convert === undefined ? null : convert(quoteValue);
}

function factsFor(
  p: ParsedPair,
  toUsd: ReadonlyMap<string, ToUsd>,
  notional: number | undefined,
  tradeDay: number | null,
  movePips: number | null,
): PairFacts {
  const listed = pipOf(p.base, p.quote);
  const pip = listed.pip;
  const lag = spotLag(p.base, p.quote);
  const quoteValue = notional === undefined ? null : pipValueQuote(notional, pip);
  const usdValue = quoteValue === null ? null : usdPipValue(p, quoteValue, toUsd);
  const pnl = (v: Money | null) => (v === null || movePips === null ? null : v.times(movePips).toNumber());
  return {
    base: p.base,
    quote: p.quote,
    backwards: isBackwards(p),
    usd_is_base: usdIsBase(p),
    pip_size: pip.toNumber(),
    pip_source: listed.listed ? PIP_SOURCE : PIP_RULE,
    point_size: pointSize(pip).toNumber(),
    pip_value_quote: quoteValue === null ? null : quoteValue.toNumber(),
    pip_value_usd: usdValue === null ? null : usdValue.toNumber(),
    settlement_days: lag,
    value_date: tradeDay === null ? null : formatIsoDate(spotValueDate(tradeDay, lag)),
    triple_rollover_weekday: tripleRolloverWeekday(lag),
    pnl_quote: pnl(quoteValue),
    pnl_usd: pnl(usdValue),
  };
}

function sideText(usdBase: boolean | null): string {
  if (usdBase === true) return "USD is BASE: rising price = stronger dollar";
  if (usdBase === false) return "USD is QUOTE: rising price = weaker dollar";
  return "cross with no USD leg";
}

function reportPair(out: Outcome, p: ParsedPair, f: PairFacts, notional: number | undefined): void {
  if (f.backwards)
    out.error(`${p.base}${p.quote} is quoted backwards: market convention is ${p.quote}${p.base}`, p.given);
  else out.info(`${p.base}/${p.quote}, pip ${f.pip_size}${pipNote(f)}, ${sideText(f.usd_is_base)}`, p.given);
  if (notional !== undefined && f.usd_is_base === true && f.pip_value_usd === null) {
    out.info(
      `pip value in USD needs rate: ${f.pip_value_quote} ${p.quote} per pip cannot be converted without the ` +
        `${p.base}${p.quote} rate`,
      p.given,
    );
  }
  if (notional !== undefined && f.usd_is_base === null && f.pip_value_usd === null) {
    out.info(
      `pip value in USD needs a USD-leg rate: give usd_leg_rates {"USD${p.quote}": rate} (or "${p.quote}USD") ` +
        `to convert ${f.pip_value_quote} ${p.quote} per pip`,
      p.given,
    );
  }
}

/** " (assumed ...)" after the pip size of a pair the table does not list; nothing for a listed one. */
const pipNote = (f: PairFacts) => (f.pip_source === PIP_SOURCE ? "" : ` (${f.pip_source})`);

/**
 * The caller's pip size against the pair's: an error naming the right size and the factor for a listed
 * pair; a warning for an unlisted one, whose pip is only the rule's assumption.
 */
function reportAssumedPip(out: Outcome, p: ParsedPair, f: PairFacts, assumed: number | undefined): void {
  if (assumed === undefined || assumed === f.pip_size) return;
  const factor = new Money(f.pip_size).div(assumed).toNumber();
  const effect = `a move counted in your pips is ${factor} x the market's pips (P&L per pip off by ${factor}x)`;
  if (f.pip_source === PIP_SOURCE) {
    out.error(
      `assumed_pip_size ${assumed} is wrong for ${p.base}${p.quote}: its pip is ${f.pip_size} (${PIP_SOURCE}), ` +
        `so ${effect}`,
      p.given,
    );
    return;
  }
  out.warning(
    `assumed_pip_size ${assumed} differs from ${f.pip_size} for ${p.base}${p.quote}, whose pip is ${f.pip_source}; ` +
      `if your venue's pip is also ${f.pip_size}, ${effect}`,
    p.given,
  );
}

/** usd_leg_rates: {pair with a USD leg: rate > 0}, parsed. */
function readUsdLegRates(x: unknown): [ParsedPair, number][] {
  if (x === undefined || x === null) return [];
  if (typeof x !== "object" || Array.isArray(x))
    throw invalid("usd_leg_rates", `must be an object {"USDJPY": rate}, got ${describe(x)}`);
  return Object.entries(x as Record<string, unknown>).map(([k, v]) => {
    const field = fieldPath("usd_leg_rates", k);
    const p = parsePair(field, k);
    if (p.base !== "USD" && p.quote !== "USD") throw invalid(field, `${asciiJson(k)} has no USD leg`);
    return [p, requirePositive(field, v)] as [ParsedPair, number];
  });
}

/** assumed_pip_size: one number for every pair, or an object keyed by the pair strings as given. */
function readAssumedPips(x: unknown, pairs: readonly ParsedPair[]): Map<string, number> {
  const out = new Map<string, number>();
  if (x === undefined || x === null) return out;
  if (typeof x === "number") {
    const v = requirePositive("assumed_pip_size", x);
    for (const p of pairs) out.set(p.given, v);
    return out;
  }
  if (typeof x !== "object" || Array.isArray(x))
    throw invalid("assumed_pip_size", `must be a number or an object {pair: number}, got ${describe(x)}`);
  const given = new Set(pairs.map((p) => p.given));
  for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
    if (!given.has(k)) throw invalid(fieldPath("assumed_pip_size", k), `${asciiJson(k)} is not one of the given pairs`);
    out.set(k, requirePositive(fieldPath("assumed_pip_size", k), v));
  }
  return out;
}

/**
 * Fails an FX currency pair quoted against market convention (JPYUSD instead of USDJPY), and states
 * which side USD is on, the pip size and value, the spot settlement lag, the value date and the
 * triple-rollover weekday. Value dates skip weekends only (no holiday calendar).
 *
 * Pip values use exact decimal arithmetic. Pip sizes come from a per-instrument table taken from
 * OANDA's instrument list (metals, forint and baht quotes, HKDJPY differ from the quote-currency
 * rule); an unlisted pair's pip is assumed from its quote currency and the finding says so.
 *
 * Inputs
 *   pair : currency pair or pairs, e.g. "USDJPY", "EUR/USD", "gbp-usd"; separators / - _ are
 *       removed and case is ignored; both codes must be known ISO 4217 codes (plus XAU, XAG,
 *       XPT, XPD, CNH, HRK) and different.
 *   rate : the pair's price, quote currency per 1 unit of base, > 0: one number for a single
 *       pair, or an object keyed by the pair strings exactly as given.
 *   notional : position size in base currency units, > 0, for pip values (exact decimal arithmetic).
 *     @exclusiveMinimum 0
 *   trade_date : trade date, for the spot value date.
 *   usd_leg_rates : rates of USD pairs used only to convert pip values to USD, e.g. {USDJPY: 150}
 *       for an EURJPY position; keyed by pair (quote per 1 base, > 0); a USD pair in pair with its
 *       rate also serves.
 *   assumed_pip_size : the pip size your code uses (price units per pip, > 0): one number for
 *       every pair or an object keyed by the pair strings; an error when not the pair's listed pip
 *       (0.01 for a JPY quote, XAUUSD, USDHUF), a warning for a pair the pip table does not list
 *       (its pip then assumed from the quote currency).
 *   move_pips : a price move in the pair's pips (signed, market pip size); with notional, the
 *       P&L in quote currency and in USD goes to evidence.
 *
 * @keywords fx, currency pair, market convention, pip, spot settlement, value date, rollover
 */
export function check(
  pair: string | readonly string[],
  rate?: number | Record<string, number>,
  notional?: number,
  trade_date?: IsoDate,
  usd_leg_rates?: Record<string, number>,
  assumed_pip_size?: number | Record<string, number>,
  move_pips?: number,
) {
  const pairs = readPairs(pair);
  const rates = readRates(rate, pairs);
  const size = notional === undefined || notional === null ? undefined : requirePositive("notional", notional);
  const tradeDay = trade_date === undefined || trade_date === null ? null : requireIsoDate("trade_date", trade_date);
  const legs = readUsdLegRates(usd_leg_rates);
  const assumed = readAssumedPips(assumed_pip_size, pairs);
  if (move_pips !== undefined && move_pips !== null) {
    if (typeof move_pips !== "number" || !Number.isFinite(move_pips))
      throw invalid("move_pips", `must be a finite number of pips, got ${describe(move_pips)}`);
  }
  const move = move_pips === undefined || move_pips === null ? null : move_pips;
  const own = pairs.filter((p) => rates.has(p.given)).map((p) => [p, rates.get(p.given)!] as [ParsedPair, number]);
  const toUsd = usdConversions([...own, ...legs]);

  const out = new Outcome();
  const evidence: Record<string, PairFacts> = {};
  for (const p of pairs) {
    const f = factsFor(p, toUsd, size, tradeDay, move);
    evidence[p.given] = f;
    reportPair(out, p, f, size);
    reportAssumedPip(out, p, f, assumed.get(p.given));
  }
  if (tradeDay !== null) {
    out.info(
      "value dates skip weekends only, with no holiday calendar, so a holiday in either currency can move the " +
        "real value date",
      "value_date",
    );
    if (isWeekend(tradeDay))
      out.warning(`trade_date ${formatIsoDate(tradeDay)} is a Saturday or Sunday, not a trading day`, "trade_date");
  }
  const noted = out.note("pairs", evidence);
  if (pairs.length !== 1) return noted.done();
  // One pair: its facts are also top-level keys.
  const only = evidence[pairs[0]!.given]!;
  return noted
    .note("pip_size", only.pip_size)
    .note("pip_source", only.pip_source)
    .note("point_size", only.point_size)
    .note("pip_value_quote", only.pip_value_quote)
    .note("pip_value_usd", only.pip_value_usd)
    .note("settlement_days", only.settlement_days)
    .note("value_date", only.value_date)
    .note("triple_rollover_weekday", only.triple_rollover_weekday)
    .note("usd_is_base", only.usd_is_base)
    .note("pnl_quote", only.pnl_quote)
    .note("pnl_usd", only.pnl_usd)
    .done();
}
