// Unit and convention phrases in an input description. A description change is a unit or
// convention change (a warning) exactly when the multiset of these phrases differs between
// the old and the new text; any other wording change is description-only (info). Limits: a
// phrase outside this vocabulary, or a changed number next to an unchanged phrase, reads as
// wording.
const PHRASES: readonly RegExp[] = [
  /\bbasis points?\b/,
  /\bbps\b/,
  /\bbp\b/,
  /\bpercent(?:age points?)?\b/,
  /%/,
  /\bdecimals?\b/,
  /\bfractions?\b/,
  /\bannuali[sz]ed\b/,
  /\bper[- ]period\b/,
  /\bper (?:year|annum|day|month|week)\b/,
  /\b(?:daily|weekly|monthly|quarterly|yearly)\b/,
  /\bone-way\b/,
  /\bround-trip\b/,
  /\braw\b/,
  /\bexcess\b/,
  /\bgross\b/,
  /\bnet\b/,
  /\bsimple\b/,
  /\blog\b/,
  /\bcontinuously compounded\b/,
  /\b(?:calendar|trading|business) days\b/,
  /\bdays?\b/,
  /\byears?\b/,
  /\bperiods?\b/,
  /\bddof\b/,
  /\bcurrency\b/,
  /\bISO(?:-8601)?\b/i,
  /\bUTC\b/i,
];

/** A paper's convention: a capitalised name followed by a year, `Politis-White (2004` or `Bacon 2008`. */
const PAPER = /\b[A-Z][a-z]+(?:[- ][A-Z][a-z]+)*,? \(?\d{4}\b/g;

/** The unit and convention phrases of a text, lowercased and sorted (repeats kept). */
export function unitPhrases(text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const p of PHRASES) {
    const re = new RegExp(p.source, "gi");
    for (const m of lower.matchAll(re)) found.push(m[0].replace(/[sz]ed$/, "sed").replace(/-/g, " "));
  }
  for (const m of text.matchAll(PAPER)) found.push(m[0].replace(/[(,]/g, ""));
  return found.sort();
}

/** Phrases in `a` and not in `b`, counting repeats. */
export function phrasesMissing(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  return a.filter((p) => {
    const i = rest.indexOf(p);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
}
