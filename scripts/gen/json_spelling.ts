// The JSON spelling of a JS-style literal default ('a', {k: 1}, 1_000, trailing commas), for FS007
// messages. A text rewrite, never an evaluation: returns null when the result is still not JSON.
import type { Json } from "./schema.js";

export function jsonSpelling(text: string): string | null {
  const rewritten = text
    .replace(/'((?:[^'\\"]|\\.)*)'/g, '"$1"')
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')
    .replace(/(\d)_(?=\d)/g, "$1")
    .replace(/,(\s*[}\]])/g, "$1");
  try {
    return JSON.stringify(JSON.parse(rewritten) as Json);
  } catch {
    return null;
  }
}
