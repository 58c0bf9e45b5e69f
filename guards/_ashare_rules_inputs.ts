// Input readers for ashare_rules: the daily bar (aliases, flags, volume) and purchase lots.
import { invalid, fieldPath } from "../src/contract/guard.js";
import { requireIsoDate } from "../src/lib/dates.js";
import { asciiJson } from "../src/lib/ascii_text.js";
import { isMissing } from "../src/lib/frame_shape.js";

export interface BarFacts {
  readonly high: number;
  readonly low: number;
  readonly prevClose: number;
  /** Text of the prev-close as given, for exact decimal limit prices. */
  readonly prevCloseText: string;
  readonly suspended: boolean;
  /** Which flag or status made the bar suspended, for messages. */
  readonly suspendedBy: string | null;
  /** Volume > 0, or null when there is no volume (no key, null, or 0). */
  readonly volume: number | null;
}

export interface Lot {
  readonly day: number;
  readonly qty: number;
}

type Raw = Readonly<Record<string, unknown>>;

const PREV_CLOSE = ["prev_close", "pre_close", "preclose"] as const;
const VOLUME = ["volume", "vol", "turnover_volume"] as const;
const STATUS = ["trade_status", "trading_status"] as const;
const FLAGS = ["paused", "is_paused", "suspended", "halted"] as const;
/** trade_status values meaning suspended (ASCII letters upper-cased); U+505C U+724C is the Chinese word. */
const SUSPENDED_STATUS = new Set(["\u505c\u724c", "SUSPEND", "SUSPENDED", "0"]);
const TRUE_TEXT = new Set(["true", "1", "yes", "y"]);
const FALSE_TEXT = new Set(["false", "0", "no", "n", ""]);

/** Caller values echoed in messages, ASCII-safe. */
const show = asciiJson;

/** The value under the first present alias; two present aliases with different values are bad input. */
function aliased(base: string, raw: Raw, names: readonly string[]): { key: string; value: unknown } | null {
  let found: { key: string; value: unknown } | null = null;
  for (const k of names) {
    if (!Object.hasOwn(raw, k) || isMissing(raw[k])) continue;
    if (found === null) found = { key: k, value: raw[k] };
    else if (!Object.is(found.value, raw[k])) {
      throw invalid(
        fieldPath(base, k),
        `conflicts with ${found.key}: ${show(raw[k])} vs ${show(found.value)} (aliases of one field must agree)`,
      );
    }
  }
  return found;
}

function requireObject(field: string, x: unknown): Raw {
  if (typeof x !== "object" || x === null || Array.isArray(x))
    throw invalid(field, `must be an object, got ${show(x)}`);
  return x as Raw;
}

function price(raw: Raw, names: readonly string[]): { value: number; text: string } {
  const hit = aliased("bar", raw, names);
  const field = fieldPath("bar", hit?.key ?? names[0]!);
  if (hit === null) throw invalid(field, `is missing${names.length > 1 ? ` (aliases ${names.join(", ")})` : ""}`);
  const v = hit.value;
  if (typeof v !== "number" || !Number.isFinite(v) || !(v > 0))
    throw invalid(field, `must be a finite number > 0, got ${show(v)}`);
  return { value: v, text: String(v) };
}

function optionalPrice(raw: Raw, name: string): void {
  const v = raw[name];
  if (isMissing(v)) return;
  if (typeof v !== "number" || !Number.isFinite(v) || !(v > 0))
    throw invalid(fieldPath("bar", name), `must be a finite number > 0 or null, got ${show(v)}`);
}

/** Flag truth: booleans as is; numbers != 0; strings true/1/yes/y and false/0/no/n/"" (any case). */
function flagTruth(field: string, v: unknown): boolean {
  if (isMissing(v)) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    if (TRUE_TEXT.has(t)) return true;
    if (FALSE_TEXT.has(t)) return false;
  }
  throw invalid(field, `is not a recognised truth value (true/false, 1/0, yes/no, y/n), got ${show(v)}`);
}

function suspension(raw: Raw): string | null {
  let by: string | null = null;
  for (const f of FLAGS) if (flagTruth(fieldPath("bar", f), raw[f]) && by === null) by = `${f} is set`;
  const status = aliased("bar", raw, STATUS);
  if (status !== null) {
    const text = String(status.value)
      .trim()
      .replace(/[a-z]/g, (c) => c.toUpperCase());
    if (SUSPENDED_STATUS.has(text) && by === null) by = `${status.key} ${asciiJson(String(status.value))}`;
  }
  return by;
}

function volume(raw: Raw): number | null {
  const hit = aliased("bar", raw, VOLUME);
  if (hit === null) return null;
  const field = fieldPath("bar", hit.key);
  if (typeof hit.value !== "number" || !Number.isFinite(hit.value))
    throw invalid(field, `must be a number or null, got ${show(hit.value)}`);
  if (hit.value < 0) throw invalid(field, `must not be negative, got ${hit.value}`);
  return hit.value > 0 ? hit.value : null;
}

/** Reads and validates one daily bar. */
export function readBar(bar: unknown): BarFacts {
  const raw = requireObject("bar", bar);
  const high = price(raw, ["high"]);
  const low = price(raw, ["low"]);
  const prev = price(raw, PREV_CLOSE);
  if (high.value < low.value) throw invalid("bar/high", `high ${high.value} is below low ${low.value}`);
  optionalPrice(raw, "open");
  optionalPrice(raw, "close");
  const by = suspension(raw);
  return {
    high: high.value,
    low: low.value,
    prevClose: prev.value,
    prevCloseText: prev.text,
    suspended: by !== null,
    suspendedBy: by,
    volume: volume(raw),
  };
}

function lotField(base: string, raw: Raw, names: readonly string[], what: string): { key: string; value: unknown } {
  const hit = aliased(base, raw, names);
  if (hit === null) throw invalid(base, `lot has no ${what} (${names.join(", ")})`);
  return hit;
}

function lotQty(field: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
    throw invalid(field, `quantity must be a finite number >= 0, got ${show(v)}`);
  return v;
}

function readLot(i: number, lot: unknown): Lot {
  const base = fieldPath("lots", i);
  if (Array.isArray(lot)) {
    if (lot.length !== 2) throw invalid(base, `a [date, qty] pair must have 2 elements, got ${lot.length}`);
    if (isMissing(lot[0])) throw invalid(fieldPath(base, 0), "lot has no date");
    return { day: requireIsoDate(fieldPath(base, 0), lot[0]), qty: lotQty(fieldPath(base, 1), lot[1]) };
  }
  if (typeof lot !== "object" || lot === null)
    throw invalid(base, `must be a {date, qty} object or a [date, qty] pair, got ${show(lot)}`);
  const raw = lot as Raw;
  const d = lotField(base, raw, ["date", "trade_date", "buy_date"], "date");
  const qtyNames = ["qty", "quantity", "shares"];
  const present = qtyNames.find((k) => Object.hasOwn(raw, k));
  if (present !== undefined && isMissing(raw[present]))
    throw invalid(fieldPath(base, present), `quantity must be a finite number >= 0, got ${show(raw[present])}`);
  const q = lotField(base, raw, qtyNames, "quantity");
  return { day: requireIsoDate(fieldPath(base, d.key), d.value), qty: lotQty(fieldPath(base, q.key), q.value) };
}

/** Reads purchase lots: `{date, qty}` objects (with aliases) or `[date, qty]` pairs. */
export function readLots(lots: unknown): Lot[] {
  if (!Array.isArray(lots))
    throw invalid("lots", `must be an array of {date, qty} objects or [date, qty] pairs, got ${show(lots)}`);
  return lots.map((l: unknown, i) => readLot(i, l));
}
