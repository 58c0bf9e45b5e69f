// Two bounded scans of JSON text that never build the parsed value: the top-level "id" of an
// object (for answering a line that cannot be parsed), and Python's bare NaN/Infinity tokens.

const WS = new Set([" ", "\t", "\r", "\n"]);

/** Index just past the string starting at `i` (a '"'), or -1 when it does not end in `text`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j + 1;
  }
  return -1;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++;
  return i;
}

/** The JSON-RPC id value at `i` (a string or a number), or null. */
function idValue(text: string, i: number): string | number | null {
  if (text[i] === '"') {
    const end = stringEnd(text, i);
    if (end < 0) return null;
    try {
      return JSON.parse(text.slice(i, end)) as string;
    } catch {
      return null;
    }
  }
  const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 40));
  return m ? Number(m[0]) : null;
}

/** The "id" member of the outermost object in `text` (a bounded prefix of a line), or null. */
export function findTopLevelId(text: string): string | number | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (depth === 1 && text.slice(i, end) === '"id"') {
        const colon = skipWs(text, end);
        if (text[colon] === ":") return idValue(text, skipWs(text, colon + 1));
      }
      i = end - 1;
    }
  }
  return null;
}

const BARE: Record<string, string> = { NaN: "null", Infinity: '"Infinity"', "-Infinity": '"-Infinity"' };

/**
 * `text` with Python's bare tokens (outside strings) replaced as the payload conventions define
 * them: NaN is a missing value (null), Infinity and -Infinity the strings "Infinity" and
 * "-Infinity". Null when there was nothing to replace.
 */
export function replaceBareTokens(text: string): string | null {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      i = end - 1;
      continue;
    }
    if (c !== "N" && c !== "I" && c !== "-") continue;
    const token = /^(NaN|-?Infinity)/.exec(text.slice(i, i + 9))?.[0];
    if (token === undefined) continue;
    out.push(text.slice(from, i), BARE[token]!);
    from = i + token.length;
    i = from - 1;
  }
  if (out.length === 0) return null;
  out.push(text.slice(from));
  return out.join("");
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The characters the nesting scan stops at: brackets, braces, quotes and backslashes. */
const STRUCTURE = /[[\]{}"\\]/g;

/**
 * True when `text` nests arrays and objects deeper than `max` (brackets inside strings do not count;
 * a backslash in a string escapes the next character). The scan jumps between structural characters
 * with a regular expression, so a body that is mostly numbers costs little.
 */
export function nestsDeeper(text: string, max: number): boolean {
  // Depth never exceeds the count of opening brackets and braces (strings' ones included): most bodies have a few.
  if (occurrencesUpTo(text, "[", max) + occurrencesUpTo(text, "{", max) <= max) return false;
  let depth = 0;
  let inString = false;
  STRUCTURE.lastIndex = 0;
  for (let m = STRUCTURE.exec(text); m !== null; m = STRUCTURE.exec(text)) {
    const c = text.charCodeAt(m.index);
    if (inString) {
      if (c === BACKSLASH) STRUCTURE.lastIndex = m.index + 2;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** How many times `ch` occurs in `text`, counted up to `limit` + 1 (indexOf: a native scan). */
function occurrencesUpTo(text: string, ch: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf(ch); i >= 0 && n <= limit; i = text.indexOf(ch, i + 1)) n++;
  return n;
}
