// Lists named in a message are bounded: the first items, then "and N more", so one finding can never carry
// an input-sized list (a reply stays small; the full data stays in the evidence's own bounded tables).

/** How many items a message names before "and N more". */
export const MAX_NAMED_ITEMS = 20;

/** `a, b, c` or, past `max` items, `a, b, ... and N more`. */
export function namedList(items: readonly string[], max: number = MAX_NAMED_ITEMS): string {
  if (items.length <= max) return items.join(", ");
  return `${items.slice(0, max).join(", ")}, ... and ${items.length - max} more`;
}

/** The first `max` items of a list kept in evidence, with how many were left out (0 when none). */
export function firstItems<T>(items: readonly T[], max: number): { readonly kept: T[]; readonly left_out: number } {
  return { kept: items.slice(0, max), left_out: Math.max(0, items.length - max) };
}
