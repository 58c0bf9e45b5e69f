// asciiOnly (docs/contract.md §3.8): findings' message and where, and summaries, are ASCII.

const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u2039": "'",
  "\u203a": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00d7": "x",
  "\u00f7": "/",
  "\u2044": "/",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2192": "->",
  "\u2190": "<-",
  "\u21d2": "=>",
  "\u2194": "<->",
  "\u00b1": "+/-",
  "\u2022": "*",
  "\u00b7": ".",
  "\u00a0": " ",
  "\u2007": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u200a": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u00b5": "mu",
  "\u221e": "inf",
};

const GREEK_NAMES = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "epsilon",
  "zeta",
  "eta",
  "theta",
  "iota",
  "kappa",
  "lambda",
  "mu",
  "nu",
  "xi",
  "omicron",
  "pi",
  "rho",
  "sigma",
  "sigma",
  "tau",
  "upsilon",
  "phi",
  "chi",
  "psi",
  "omega",
];

/** Name of a Greek letter (U+0391-U+03A9 upper, U+03B1-U+03C9 lower, final sigma), or undefined. */
function greekName(code: number): string | undefined {
  if (code >= 0x3b1 && code <= 0x3c9) return GREEK_NAMES[code - 0x3b1];
  if (code >= 0x391 && code <= 0x3a9 && code !== 0x3a2) {
    const name = GREEK_NAMES[code - 0x391]!;
    return name[0]!.toUpperCase() + name.slice(1);
  }
  return undefined;
}

const NON_ASCII = /[^\x00-\x7f]/;

function mapChars(text: string): string {
  let out = "";
  for (const ch of text) out += TYPOGRAPHIC[ch] ?? greekName(ch.codePointAt(0)!) ?? ch;
  return out;
}

/** Typographic map and Greek names, then NFKD without combining marks, then `?` for the rest. */
export function asciiOnly(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const decomposed = mapChars(text).normalize("NFKD").replace(/\p{M}/gu, "");
  // Mapped again so that accented Greek letters (decomposed above) also get their names.
  return mapChars(decomposed).replace(/[^\x00-\x7f]/gu, "?");
}
