// Where text that must be ASCII is not: the first offending character of each line, with its position.

export interface NonAscii {
  readonly line: number;
  readonly column: number;
  readonly char: string;
  /** `'é' (U+00E9)`. */
  readonly shown: string;
}

/** Offending characters of `text`, whose first character sits at `line`:`column`. */
export function nonAscii(text: string, line: number, column: number): NonAscii[] {
  const out: NonAscii[] = [];
  for (const [i, l] of text.split("\n").entries()) {
    const at = [...l].findIndex((ch) => !/[\x20-\x7e\t\r]/.test(ch));
    if (at < 0) continue;
    const char = [...l][at]!;
    const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    const utf16 = [...l].slice(0, at).join("").length;
    out.push({ line: line + i, column: (i === 0 ? column : 1) + utf16, char, shown: `'${char}' (U+${code})` });
  }
  return out;
}
