// `@keywords` in the JSDoc of check(): the words a user types for what the guard catches
// (commission, slippage, restated earnings...), one or more block-tag lines of comma-separated
// phrases. They compile into guards.json and the MCP export's search hint (src/runtime/search_hints.ts),
// and the tool's description must state each one (test/gen/keywords.test.ts).
import type { DocTag } from "./jsdoc.js";

export const KEYWORDS_TAG = "keywords";
/** A phrase: lower-case ASCII words (letters, digits, + - _ / . '), single spaces. */
const PHRASE = /^[a-z0-9][a-z0-9+\-_/.']*(?: [a-z0-9+\-_/.']+)*$/;
/** At most this many phrases, so the search hint stays a short phrase list. */
export const MAX_KEYWORDS = 12;

/** The declared phrases in order, and problems naming the bad ones (reported as FS030). */
export function readKeywords(tags: readonly DocTag[]): { keywords: string[]; problems: DocTag[] } {
  const keywords: string[] = [];
  const problems: DocTag[] = [];
  for (const t of tags.filter((x) => x.tag === KEYWORDS_TAG)) {
    const phrases = t.value.split(",").map((p) => p.trim());
    for (const p of phrases) {
      if (!PHRASE.test(p)) problems.push({ ...t, value: `'${p}' is not a lower-case ASCII phrase` });
      else if (keywords.includes(p)) problems.push({ ...t, value: `'${p}' is declared twice` });
      else keywords.push(p);
    }
  }
  if (keywords.length > MAX_KEYWORDS) {
    const last = tags.filter((x) => x.tag === KEYWORDS_TAG).at(-1)!;
    problems.push({ ...last, value: `${keywords.length} phrases; at most ${MAX_KEYWORDS}` });
  }
  return { keywords, problems };
}
