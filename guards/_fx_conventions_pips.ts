// Pip sizes per instrument for fx_conventions, with where they come from. Source: OANDA's v20 instrument
// list (GET /v3/accounts/{id}/instruments, field pipLocation: pip = 10^pipLocation). A pair it does not
// list falls back to the quote-currency rule (0.01 for a JPY quote, else 0.0001), and the guard says so.

import type { Decimal } from "decimal.js";
import { Money, pipSize } from "../src/lib/money.js";

/** Where the listed pip sizes come from. */
export const PIP_SOURCE = "OANDA v20 instrument list (pipLocation)";

/** The fallback for an unlisted pair, stated as the assumption it is. */
export const PIP_RULE = "assumed by the quote-currency rule (0.01 for a JPY quote, else 0.0001): not in the pip table";

/** Exceptions to the rule: metals per troy ounce, forint and baht quotes, and HKDJPY. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  XAUUSD: "0.01",
  XAGUSD: "0.0001",
  XPTUSD: "0.01",
  XPDUSD: "0.01",
  USDHUF: "0.01",
  EURHUF: "0.01",
  USDTHB: "0.01",
  HKDJPY: "0.0001",
};

/** Listed pairs whose pip follows the rule (so they are not reported as assumed). */
const FOLLOW_RULE = (
  "EURUSD GBPUSD USDJPY AUDUSD USDCHF USDCAD NZDUSD EURGBP EURJPY GBPJPY EURCHF AUDJPY CHFJPY CADJPY NZDJPY " +
  "EURAUD EURCAD GBPAUD GBPCAD GBPCHF AUDCAD AUDCHF AUDNZD NZDCAD NZDCHF CADCHF EURNZD GBPNZD SGDJPY ZARJPY " +
  "TRYJPY USDNOK USDSEK USDDKK USDPLN USDCZK USDMXN USDZAR USDTRY USDSGD USDHKD USDCNH EURNOK EURSEK EURDKK " +
  "EURPLN EURCZK EURTRY EURZAR EURSGD EURHKD GBPSGD GBPHKD GBPZAR GBPPLN AUDSGD AUDHKD NZDSGD NZDHKD CADSGD " +
  "CADHKD CHFHKD CHFZAR SGDCHF"
).split(" ");

/** The pip of base+quote and whether the table lists it (false: the quote-currency rule was assumed). */
export function pipOf(base: string, quote: string): { readonly pip: Decimal; readonly listed: boolean } {
  const code = `${base}${quote}`;
  const exception = EXCEPTIONS[code];
  if (exception !== undefined) return { pip: new Money(exception), listed: true };
  return { pip: pipSize(quote), listed: FOLLOW_RULE.includes(code) };
}
