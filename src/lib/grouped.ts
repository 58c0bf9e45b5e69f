// Whole numbers with comma thousands separators, as en-US writes them, without Intl: the first
// toLocaleString of a process loads ICU's number formatting, 20-30 ms of the server's start.

/** `n` as `n.toLocaleString("en-US")` writes it (12,345; -1,000,000); a fraction or an exponent is left to it. */
export function grouped(n: number): string {
  const text = Object.is(n, -0) ? "-0" : String(n);
  if (!/^-?\d+$/.test(text)) return n.toLocaleString("en-US");
  return text.replace(/\B(?=(\d{3})+$)/g, ",");
}
