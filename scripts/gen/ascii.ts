// Where text that must be ASCII is not: every offending character, with its position and an ASCII spelling.

export interface NonAscii {
  readonly line: number;
  readonly column: number;
  readonly char: string;
  /** `'é' (U+00E9), write 'e'`. */
  readonly shown: string;
}

/** ASCII spellings of the characters prose most often carries in from a word processor or a paper. */
const SPELLING: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "--",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2026": "...",
  "\u00a0": " ",
  "\u2022": "-",
  "\u00b7": "*",
  "\u00d7": "x",
  "\u00f7": "/",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u00b1": "+/-",
  "\u2192": "->",
  "\u2190": "<-",
  "\u221a": "sqrt",
  "\u221e": "infinity",
  "\u2211": "sum",
  "\u2030": "per mille",
  "\u2031": "per ten thousand",
  "\u00b0": "deg",
  "\u00b5": "micro",
  "\u20ac": "EUR",
  "\u00a3": "GBP",
  "\u00a5": "JPY",
  "\u00b2": "^2",
  "\u00b3": "^3",
  "\u00bd": "1/2",
  "\u03b1": "alpha",
  "\u03b2": "beta",
  "\u03b3": "gamma",
  "\u03b4": "delta",
  "\u0394": "Delta",
  "\u03b5": "epsilon",
  "\u03bb": "lambda",
  "\u03bc": "mu",
  "\u03c1": "rho",
  "\u03c3": "sigma",
  "\u03a3": "Sigma",
  "\u03c4": "tau",
  "\u03c6": "phi",
  "\u03c9": "omega",
};

/** An ASCII spelling of one character: the table, else its letters without accents, else undefined. */
export function asciiSpelling(char: string): string | undefined {
  const known = SPELLING[char];
  if (known !== undefined) return known;
  const stripped = char.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  return stripped.length > 0 && /^[\x20-\x7e]+$/.test(stripped) ? stripped : undefined;
}

const describe = (char: string) => {
  const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  const ascii = asciiSpelling(char);
  return `'${char}' (U+${code}), ${ascii === undefined ? "spell it out in ASCII words" : `write '${ascii}'`}`;
};

/** Every offending character of `text`, whose first character sits at `line`:`column`. */
export function nonAscii(text: string, line: number, column: number): NonAscii[] {
  const out: NonAscii[] = [];
  for (const [i, l] of text.split("\n").entries()) {
    let utf16 = 0;
    for (const char of l) {
      if (!/[\x20-\x7e\t\r]/.test(char))
        out.push({ line: line + i, column: (i === 0 ? column : 1) + utf16, char, shown: describe(char) });
      utf16 += char.length;
    }
  }
  return out;
}
