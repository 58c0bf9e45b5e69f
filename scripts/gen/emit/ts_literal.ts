// A JSON value as a multi-line TypeScript literal whose lines stay short: one property or element
// per line, and a string longer than STRING_CHUNK split at spaces into `"..." +` pieces (a
// description edit then changes the piece it falls in, not a 100 KB line).
const STRING_CHUNK = 100;
const INDENT = "  ";

/** Splits `s` at spaces into pieces of at most `width` characters where a space allows it. */
export function chunks(s: string, width = STRING_CHUNK): string[] {
  const out: string[] = [];
  let rest = s;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(" ", width);
    const at = cut > 0 ? cut + 1 : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return [...out, rest];
}

function stringLiteral(s: string, pad: string): string {
  const parts = chunks(s).map((p) => JSON.stringify(p));
  return parts.join(` +\n${pad}${INDENT}`);
}

/** `value` printed at indentation `pad` (the first line is not indented). */
export function tsLiteral(value: unknown, pad = ""): string {
  const inner = pad + INDENT;
  if (typeof value === "string") return stringLiteral(value, pad);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner)},`).join("\n")}\n${pad}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (!entries.length) return "{}";
    const body = entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${tsLiteral(v, inner)},`).join("\n");
    return `{\n${body}\n${pad}}`;
  }
  return JSON.stringify(value);
}
