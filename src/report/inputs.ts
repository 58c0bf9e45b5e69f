// Reads a bundle's per-period numbers for the report: a plain array, a {values} series, or a
// {index, records} one-column frame are read; anything else is null (the chart is then not drawn).

export interface Numbers {
  readonly values: number[];
  readonly index: readonly unknown[] | null;
}

const isNumberArray = (x: unknown): x is number[] =>
  Array.isArray(x) && x.every((v) => typeof v === "number" && Number.isFinite(v));

/** The numbers of a series-like slot, or null when the report cannot read it exactly. */
export function readNumbers(slot: unknown): Numbers | null {
  if (isNumberArray(slot)) return { values: slot, index: null };
  if (typeof slot !== "object" || slot === null) return null;
  const s = slot as { values?: unknown; index?: unknown };
  if (!isNumberArray(s.values)) return null;
  const index = Array.isArray(s.index) && s.index.length === s.values.length ? s.index : null;
  return { values: s.values, index };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** Epoch seconds per label when every label is an ISO date, else null. */
export function dateSeconds(index: readonly unknown[] | null): number[] | null {
  if (!index?.every((d) => typeof d === "string" && ISO_DATE.test(d))) return null;
  const out = (index as string[]).map((d) => Date.parse(d.length === 10 ? `${d}T00:00:00Z` : d) / 1000);
  return out.every(Number.isFinite) ? out : null;
}
