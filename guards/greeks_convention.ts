import { Outcome, invalid, fieldPath } from "../src/contract/guard.js";
import { decimalOf } from "../src/lib/money.js";
import { asciiJson } from "../src/lib/ascii_text.js";

export const skill = "derivatives-pricing";
export const title = "Option greeks sign and unit convention";
export const required = ["greeks", "flag"] as const;
export const optional = ["moneyness", "convention"] as const;

type OptionType = "call" | "put";
type Scaled = "vega" | "theta" | "rho";

/** Library value = absolute value x scale; the scale is written as its reciprocal (1/100 -> 100). */
interface UnitConvention {
  readonly per: Readonly<Record<Scaled, number>>;
  readonly units: Readonly<Record<Scaled, string>>;
}

const ABSOLUTE: UnitConvention = {
  per: { vega: 1, theta: 1, rho: 1 },
  units: { vega: "per 1.00 vol", theta: "per year", rho: "per 1.00 rate" },
};
const PER_POINT_PER_DAY: UnitConvention = {
  per: { vega: 100, theta: 365, rho: 100 },
  units: { vega: "per vol point", theta: "per calendar day", rho: "per 1% rate" },
};
const PER_POINT_PER_TRADING_DAY: UnitConvention = {
  per: { vega: 100, theta: 252, rho: 100 },
  units: { vega: "per vol point", theta: "per trading day", rho: "per 1% rate" },
};
const CONVENTIONS: Readonly<Record<string, UnitConvention>> = {
  absolute: ABSOLUTE,
  quantlib: ABSOLUTE,
  financepy: ABSOLUTE,
  vollib: PER_POINT_PER_DAY,
  per_point_per_day: PER_POINT_PER_DAY,
  per_point_per_trading_day: PER_POINT_PER_TRADING_DAY,
};
const SCALED: readonly Scaled[] = ["vega", "theta", "rho"];

/** Greeks keyed by lower-cased name, in the order given; duplicates after lower-casing are bad input. */
function readGreeks(greeks: unknown): Map<string, number> {
  if (typeof greeks !== "object" || greeks === null || Array.isArray(greeks))
    throw invalid("greeks", `must be an object {name: number}, got ${asciiJson(greeks)}`);
  const out = new Map<string, number>();
  const original = new Map<string, string>();
  for (const [k, v] of Object.entries(greeks as Record<string, unknown>)) {
    const field = fieldPath("greeks", k);
    if (typeof v !== "number" || !Number.isFinite(v))
      throw invalid(
        field,
        "must be a finite number, got " +
          `${typeof v === "number" ? (Number.isNaN(v) ? "null (missing)" : String(v)) : asciiJson(v)}`,
      );
    const name = k.toLowerCase();
    if (out.has(name)) throw invalid(field, `duplicates key ${asciiJson(original.get(name))} after lower-casing`);
    out.set(name, v);
    original.set(name, k);
  }
  if (out.size === 0) throw invalid("greeks", "must not be empty");
  return out;
}

function readFlag(flag: unknown): OptionType {
  const first = typeof flag === "string" ? flag.toLowerCase()[0] : undefined;
  if (first === "c") return "call";
  if (first === "p") return "put";
  throw invalid("flag", `must start with c (call) or p (put), got ${asciiJson(flag)}`);
}

function readMoneyness(m: unknown): number | null {
  if (m === undefined || m === null) return null;
  if (typeof m !== "number" || !Number.isFinite(m) || !(m > 0))
    throw invalid(
      "moneyness",
      "must be a finite number > 0 (S/K), got " +
        `${typeof m === "number" && Number.isNaN(m) ? "null (missing)" : asciiJson(m)}`,
    );
  return m;
}

function readConvention(c: unknown): string | null {
  if (c === undefined || c === null) return null;
  const name = typeof c === "string" ? c.trim().toLowerCase() : null;
  if (name === null || !(name in CONVENTIONS))
    throw invalid("convention", `unknown convention ${asciiJson(c)}; accepted: ${Object.keys(CONVENTIONS).join(", ")}`);
  return name;
}

/** Hard sign invariants of a LONG vanilla option, checked in a fixed order for the keys present. */
function hardViolations(g: ReadonlyMap<string, number>, type: OptionType): string[] {
  const out: string[] = [];
  const rule = (key: string, ok: (x: number) => boolean, text: string) => {
    const x = g.get(key);
    if (x !== undefined && !ok(x)) out.push(`${key} ${x} violates ${text} for a long ${type}`);
  };
  if (type === "call") rule("delta", (x) => x >= 0 && x <= 1, "0 <= delta <= 1");
  else rule("delta", (x) => x >= -1 && x <= 0, "-1 <= delta <= 0");
  rule("gamma", (x) => x > 0, "gamma > 0");
  rule("vega", (x) => x > 0, "vega > 0");
  rule("theta", (x) => x < 0, "theta < 0");
  if (type === "call") rule("rho", (x) => x > 0, "rho > 0");
  else rule("rho", (x) => x < 0, "rho < 0");
  return out;
}

/** Soft delta-versus-moneyness checks; no check exists for out-of-the-money puts. */
function softViolations(delta: number | undefined, m: number | null, type: OptionType): string[] {
  if (delta === undefined || m === null) return [];
  const sk = m.toFixed(2);
  const d = delta.toFixed(2);
  if (type === "call" && m > 1.05 && delta < 0.5) return [`ITM call (S/K ${sk}) with delta ${d} < 0.5`];
  if (type === "call" && m < 0.95 && delta > 0.5) return [`OTM call (S/K ${sk}) with delta ${d} > 0.5`];
  if (type === "put" && m < 0.95 && delta > -0.5) return [`ITM put (S/K ${sk}) with delta ${d} > -0.5`];
  return [];
}

/** Absolute greeks: library value x (1 / scale) for vega, theta, rho, in exact decimal; others unchanged. */
function toAbsolute(g: ReadonlyMap<string, number>, conv: UnitConvention): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of g) {
    const per = (SCALED as readonly string[]).includes(k) ? conv.per[k as Scaled] : 1;
    out[k] = per === 1 ? v : decimalOf(v).mul(per).toNumber();
  }
  return out;
}

function unitReport(
  name: string,
  g: ReadonlyMap<string, number>,
  abs: Readonly<Record<string, number>>,
  conv: UnitConvention,
): string {
  const parts = [...g.keys()].map((k) => {
    if (!(SCALED as readonly string[]).includes(k)) return `${k} ${abs[k]}`;
    const s = k as Scaled;
    return `${k} ${abs[k]} ${ABSOLUTE.units[s]} (library ${g.get(k)} ${conv.units[s]})`;
  });
  return `${name} -> absolute: ${parts.join("; ")}`;
}

/**
 * Fails option greeks whose signs a long vanilla call or put cannot have (a positive theta, a negative
 * vega), warns on deltas implausible for the stated moneyness, and converts the library's vega, theta
 * and rho to absolute units (per 1.00 vol, per year, per 1.00 rate).
 *
 * Impossible signs: theta >= 0, gamma or vega <= 0, delta outside [0, 1] for a call or [-1, 0] for
 * a put, rho of the wrong sign.
 *
 * Inputs
 *   greeks : the option's greeks in the library's units, keyed by name (case-insensitive):
 *       price, delta, gamma, vega, theta, rho (other keys pass through); finite.
 *   flag : option type: a string starting with c (call) or p (put), case-insensitive.
 *   moneyness : spot over strike S/K, > 0; enables the soft delta checks.
 *     @exclusiveMinimum 0
 *   convention : the library's unit convention: absolute, quantlib, financepy (all absolute),
 *       vollib or per_point_per_day (vega and rho per 1 point, theta per calendar day),
 *       per_point_per_trading_day (theta per 1/252 year).
 *
 * @keywords option greeks, delta, theta, vega, sign, per year
 */
export function check(greeks: Record<string, number>, flag: string, moneyness?: number, convention?: string) {
  const g = readGreeks(greeks);
  const type = readFlag(flag);
  const m = readMoneyness(moneyness);
  const convName = readConvention(convention);

  const hard = hardViolations(g, type);
  const soft = softViolations(g.get("delta"), m, type);
  const out = new Outcome();
  for (const h of hard) out.error(h, "sign");
  for (const s of soft) out.warning(s, "moneyness");
  if (hard.length === 0) out.info(`long ${type} sign invariants hold`, "sign");

  const conv = convName === null ? null : CONVENTIONS[convName]!;
  const abs = conv === null ? null : toAbsolute(g, conv);
  return out
    .note("hard", hard)
    .note("soft", soft)
    .note("option_type", type)
    .note("convention", convName)
    .note("absolute", abs)
    .note("report", conv === null || abs === null ? null : unitReport(convName!, g, abs, conv))
    .done();
}
