import { Outcome, invalid, type Integer, type IsoDate } from "../src/contract/guard.js";
import { requireIsoDate, parseIsoDate, formatIsoDate } from "../src/lib/dates.js";
import { decimalOf, roundHalfUp } from "../src/lib/money.js";
import { readBar, readLots, type BarFacts } from "./_ashare_rules_inputs.js";
import { asciiJson } from "../src/lib/ascii_text.js";
import { requireInteger } from "../src/lib/integer_checks.js";

export const skill = "china-trading-stack";
export const title = "A-share limit, suspension and T+1 rules";
export const required = ["bar", "code", "date"] as const;
export const optional = ["stock_name", "side", "days_since_ipo", "lots"] as const;

type Board = "STAR" | "ChiNext" | "BSE" | "B-share" | "SSE-Main" | "SZSE-Main";
type Side = "buy" | "sell";

/** One daily bar; JSON nulls in optional members mean absent (a null volume is no volume). */
interface DailyBar {
  /** Session high, CNY, > 0. */
  high: number;
  /** Session low, CNY, > 0. */
  low: number;
  /** Previous close, CNY, > 0. Aliases: pre_close, preclose (one of the three is required). */
  prev_close?: number;
  /** Alias of prev_close. */
  pre_close?: number;
  /** Alias of prev_close. */
  preclose?: number;
  /** Session open, CNY. */
  open?: number;
  /** Session close, CNY. */
  close?: number;
  /** Shares traded; absent, null or 0 means no volume. Aliases: vol, turnover_volume. */
  volume?: number;
  /** Alias of volume. */
  vol?: number;
  /** Alias of volume. */
  turnover_volume?: number;
  /** Suspension flag: a boolean, a number (true when != 0) or text true/false, 1/0, yes/no, y/n. */
  paused?: boolean | number | string;
  /** Suspension flag, as paused. */
  is_paused?: boolean | number | string;
  /** Suspension flag, as paused. */
  suspended?: boolean | number | string;
  /** Suspension flag, as paused. */
  halted?: boolean | number | string;
  /**
   * Trading status text; SUSPEND, SUSPENDED, 0 or the Chinese word for suspended mean suspended. Alias: trading_status.
   */
  trade_status?: string | number;
  /** Alias of trade_status. */
  trading_status?: string | number;
}

/** One purchase lot; the date and the quantity each under one of their aliases. */
interface PurchaseLot {
  /** Purchase date (ISO). Aliases: trade_date, buy_date. */
  date?: IsoDate;
  /** Alias of date. */
  trade_date?: IsoDate;
  /** Alias of date. */
  buy_date?: IsoDate;
  /** Shares bought, >= 0. Aliases: quantity, shares. */
  qty?: number;
  /** Alias of qty. */
  quantity?: number;
  /** Alias of qty. */
  shares?: number;
}

const CHINEXT_20PCT_FROM = parseIsoDate("2020-08-24")!;
const STAR_OPENED = parseIsoDate("2019-07-22")!;
/** Sessions after listing without a price limit on the registration-based boards. */
const UNLIMITED_SESSIONS = 5;
const PREFIXES = ["SH", "SZ", "BJ"];
const SUFFIXES = [".SH", ".SS", ".SZ", ".BJ", ".XSHG", ".XSHE", ".BSE"];
const BOARD_PREFIXES: readonly (readonly [string, Board])[] = [
  ["688", "STAR"],
  ["689", "STAR"],
  ["300", "ChiNext"],
  ["301", "ChiNext"],
  ["302", "ChiNext"],
  ["900", "B-share"],
  ["200", "B-share"],
  ["600", "SSE-Main"],
  ["601", "SSE-Main"],
  ["603", "SSE-Main"],
  ["605", "SSE-Main"],
  ["000", "SZSE-Main"],
  ["001", "SZSE-Main"],
  ["002", "SZSE-Main"],
  ["003", "SZSE-Main"],
  ["92", "BSE"],
  ["4", "BSE"],
  ["8", "BSE"],
];

function stripOne(code: string): string {
  const suffix = SUFFIXES.find((s) => code.endsWith(s));
  if (suffix !== undefined) return code.slice(0, -suffix.length);
  const prefix = PREFIXES.find((p) => code.startsWith(p));
  return prefix === undefined ? code : code.slice(prefix.length);
}

/** Trim, upper-case, strip one allowed prefix or suffix; the rest must be exactly 6 digits. */
function normaliseCode(code: unknown): string {
  if (typeof code !== "string") throw invalid("code", `must be a string, got ${asciiJson(code)}`);
  const upper = code.trim().toUpperCase();
  const rest = stripOne(upper);
  if (/^\d{5}(\.HK)?$/.test(rest) || /^\d{5}$/.test(upper.replace(/\.HK$/, ""))) {
    throw invalid("code", `${asciiJson(code)} is a 5-digit Hong Kong code, not an A-share code (6 digits)`);
  }
  if (!/^\d{6}$/.test(rest)) throw invalid("code", `${asciiJson(code)} does not normalise to a 6-digit A-share code`);
  return rest;
}

function boardOf(code: string): Board {
  const hit = BOARD_PREFIXES.find(([p]) => code.startsWith(p));
  if (hit === undefined) throw invalid("code", `${code} matches no A-share board prefix`);
  return hit[1];
}

/** ST when the name, without ASCII and full-width spaces and with full-width asterisks as `*`, starts S?*?ST. */
function isSpecialTreatment(name: string | null): boolean {
  if (name === null) return false;
  const cleaned = name.replace(/[ \u3000]/g, "").replace(/\uFF0A/g, "*");
  return /^S?\*?ST/i.test(cleaned);
}

/** Daily limit as a decimal string, or null for no limit. */
function limitPct(board: Board, day: number, st: boolean, daysSinceIpo: number | null): string | null {
  const registration = board === "STAR" || board === "ChiNext" || board === "BSE";
  if (registration && daysSinceIpo !== null && daysSinceIpo < UNLIMITED_SESSIONS) return null;
  if (board === "STAR") return "0.2";
  if (board === "ChiNext") return day < CHINEXT_20PCT_FROM ? "0.1" : "0.2";
  if (board === "BSE") return "0.3";
  return st ? "0.05" : "0.1";
}

/** Up and down limit prices, half-up to 0.01 in exact decimal on the decimal text of prev_close. */
function limitPrices(prevCloseText: string, pct: string | null): { up: number; down: number } {
  if (pct === null) return { up: Infinity, down: 0 };
  const prev = decimalOf(prevCloseText);
  return {
    up: roundHalfUp(prev.mul(decimalOf(1).plus(pct))).toNumber(),
    down: roundHalfUp(prev.mul(decimalOf(1).minus(pct))).toNumber(),
  };
}

/** The first reason the side cannot trade on this bar, or null when it can. */
function blockingReason(bar: BarFacts, side: Side, up: number, down: number): string | null {
  if (bar.suspended) return "suspended";
  if (bar.volume === null) return "no volume";
  const locked = bar.high === bar.low;
  if (side === "buy" && locked && Math.abs(bar.high - up) < 0.005) return "locked at the up limit";
  if (side === "sell" && locked && Math.abs(bar.low - down) < 0.005) return "locked at the down limit";
  return null;
}

function reasonDetail(reason: string, bar: BarFacts, up: number, down: number): string {
  if (reason === "suspended") return `suspended (${bar.suspendedBy})`;
  if (reason === "no volume") return "no volume (volume missing, null or 0)";
  const limit = reason === "locked at the up limit" ? up : down;
  return (
    `${reason} ${limit.toFixed(2)} (high = low = ${bar.high}): no ` +
    `${reason.endsWith("up limit") ? "sellers" : "buyers"}`
  );
}

function readOptionalString(field: string, x: unknown): string | null {
  if (x === undefined || x === null) return null;
  if (typeof x !== "string") throw invalid(field, `must be a string, got ${asciiJson(x)}`);
  return x;
}

function readSide(x: unknown): Side {
  if (x === "buy" || x === "sell") return x;
  throw invalid("side", `must be "buy" or "sell", got ${asciiJson(x)}`);
}

function readDaysSinceIpo(x: unknown): number | null {
  if (x === undefined || x === null) return null;
  return requireInteger("days_since_ipo", x, { min: 0 });
}

/**
 * Fails a backtest fill that could not have happened on a Chinese A-share exchange (Shanghai,
 * Shenzhen): buying a bar locked at limit up, selling one locked at limit down, trading a suspended or
 * zero-volume bar, and selling shares bought the same day (T+1).
 *
 * Limits follow the board, the date (ChiNext 20% from 2020-08-24), ST status (halves main-board
 * limits) and the first five unlimited sessions after listing on STAR, ChiNext and BSE; limit
 * prices round half up to 0.01 in exact decimal arithmetic.
 *
 * Inputs
 *   bar : one daily bar in CNY and shares (fields as listed); high, low and the previous close
 *       (prev_close, pre_close or preclose) required; limit prices are the previous close x (1 +/-
 *       the board's limit %), rounded half up to 0.01 in exact decimal arithmetic.
 *   code : stock code, 6 digits, optionally with a prefix SH, SZ, BJ or a suffix .SH, .SS, .SZ,
 *       .BJ, .XSHG, .XSHE, .BSE (case-insensitive).
 *   date : the bar's trading date.
 *   stock_name : security name, used to detect special treatment (ST, *ST).
 *   side : the side of the fill being audited.
 *   days_since_ipo : sessions since listing, an integer >= 0 (0 = the listing day).
 *     @minimum 0
 *   lots : purchase lots held, in shares: {date, qty} objects or [date, qty] pairs; used on sells
 *       only.
 *
 * @keywords a-share, shanghai, shenzhen, limit up, limit down, suspended, t+1
 */
export function check(
  bar: DailyBar,
  code: string,
  date: IsoDate,
  stock_name?: string,
  side: "buy" | "sell" = "buy",
  days_since_ipo?: Integer,
  lots?: readonly (PurchaseLot | readonly (string | number)[])[],
) {
  const c = normaliseCode(code);
  const board = boardOf(c);
  const day = requireIsoDate("date", date);
  if (board === "STAR" && day < STAR_OPENED)
    throw invalid("date", `${formatIsoDate(day)} is before the STAR market opened on 2019-07-22 (code ${c})`);
  const b = readBar(bar);
  const name = readOptionalString("stock_name", stock_name);
  const s = readSide(side);
  const ipo = readDaysSinceIpo(days_since_ipo);
  const held = s === "sell" && lots !== undefined && lots !== null ? readLots(lots) : null;

  const st = isSpecialTreatment(name);
  const pct = limitPct(board, day, st, ipo);
  const { up, down } = limitPrices(b.prevCloseText, pct);
  const reason = blockingReason(b, s, up, down);

  const out = new Outcome();
  if (pct === null)
    out.info(
      `no price limit in the first ${UNLIMITED_SESSIONS} sessions after listing (days_since_ipo ${ipo}, ${board})`,
      `${c} limit`,
    );
  if (reason === null) out.info("tradable", `${c} ${s}`);
  else out.error(`cannot ${s}: ${reasonDetail(reason, b, up, down)}`, `${c} ${s}`);
  const sellable = held === null ? null : held.filter((l) => l.day < day).reduce((acc, l) => acc + l.qty, 0);
  if (held !== null && sellable !== null) {
    if (sellable <= 0)
      out.error(
        `nothing bought before ${formatIsoDate(day)} is settled: 0 shares sellable under T+1 (lots bought on ` +
          "the day cannot be sold until the next session)",
        `${c} T+1`,
      );
    else out.info(`${sellable} shares settled and sellable`, `${c} T+1`);
  }
  return out
    .note("code", c)
    .note("board", board)
    .note("is_st", st)
    .note("limit_pct", pct === null ? Infinity : Number(pct))
    .note("up_limit", up)
    .note("down_limit", down)
    .note("side", s)
    .note("tradable", reason === null)
    .note("reason", reason ?? "tradable")
    .note("sellable_qty", sellable)
    .done();
}
