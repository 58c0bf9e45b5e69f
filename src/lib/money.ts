// Exact decimal arithmetic for money and price conventions (decimal.js on the decimal text of
// each number, so 150.25 is 150.25 and never 150.2499999...). Division keeps 20 significant
// digits, rounding half up.
import { Decimal } from "decimal.js";

/** decimal.js configured for money: 20 significant digits, ties round half up. */
export const Money = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** The decimal value of a finite number's shortest round-trip text (String(x)). Throws on NaN/Infinity. */
export function decimalOf(x: number | string | Decimal): Decimal {
  if (typeof x === "number" && !Number.isFinite(x)) throw new RangeError(`decimalOf: ${x} is not finite`);
  return new Money(typeof x === "number" ? String(x) : x);
}

/** Rounds half up to a multiple of `step` (default 0.01), exactly, on the decimal text. step > 0. */
export function roundHalfUp(x: number | string | Decimal, step: number | string = "0.01"): Decimal {
  const s = decimalOf(step);
  if (!s.gt(0)) throw new RangeError(`roundHalfUp: step must be > 0, got ${s.toString()}`);
  return decimalOf(x).div(s).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(s);
}

/** Pip size of a currency pair from its quote currency: 0.01 for JPY quotes, else 0.0001. */
export function pipSize(quote: string): Decimal {
  return new Money(quote.toUpperCase() === "JPY" ? "0.01" : "0.0001");
}

/** Point (fractional pip) size: a tenth of a pip, the last digit of 5- and 3-decimal feeds. */
export function pointSize(pip: Decimal): Decimal {
  return pip.div(10);
}

/** Value of one pip in the quote currency: notional (base units) x pip size. */
export function pipValueQuote(notional: number | Decimal, pip: Decimal): Decimal {
  return decimalOf(notional).mul(pip);
}

/** Converts a quote-currency amount to base currency at `rate` (quote per 1 base); 20 significant digits. */
export function quoteToBase(amount: Decimal, rate: number | Decimal): Decimal {
  const r = decimalOf(rate);
  if (!r.gt(0)) throw new RangeError(`quoteToBase: rate must be > 0, got ${r.toString()}`);
  return amount.div(r);
}

/** Conventional FX lot sizes, in base currency units. */
export const LOT_SIZES = { standard: 100000, mini: 10000, micro: 1000, nano: 100 } as const;
export type LotKind = keyof typeof LOT_SIZES;

/** Base-currency units of `lots` lots of the given kind, exactly (0.5 standard lots = 50000). */
export function unitsForLots(lots: number | Decimal, kind: LotKind = "standard"): Decimal {
  return decimalOf(lots).mul(LOT_SIZES[kind]);
}

/** Lots of the given kind that `units` base-currency units make, 20 significant digits. */
export function lotsForUnits(units: number | Decimal, kind: LotKind = "standard"): Decimal {
  return decimalOf(units).div(LOT_SIZES[kind]);
}

const Exact = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/**
 * num / den rounded half up (ties away from zero) to `places` decimals, for integer num and
 * den != 0 (counts, days). Computed at 60 significant digits, so ties are exact.
 */
export function ratioHalfUp(num: number, den: number, places: number): number {
  if (!Number.isInteger(num) || !Number.isInteger(den) || den === 0)
    throw new RangeError(`ratioHalfUp: needs integers with den != 0, got ${num}/${den}`);
  return new Exact(num).div(den).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();
}
