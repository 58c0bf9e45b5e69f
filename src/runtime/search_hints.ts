// Search hints in an MCP tool's `_meta`, for hosts that run their own tool search over a server's
// tools: Claude Code reads "anthropic/searchHint" (a short phrase a request is matched against) and
// "anthropic/alwaysLoad" (keep the tool loaded instead of found by search); other clients ignore
// unknown `_meta` keys. The hint is the guard's `@keywords` (guards.json); the always-loaded tools are
// the deferred profile's core (deferred.ts). The served tools/list carries alwaysLoad only: the hints
// would take it past its 55,000-character budget and did not raise the selection bench (docs/exports.md).
import { ALWAYS_LOADED } from "./deferred.js";
import { loadGuards } from "./table.js";

export const SEARCH_HINT_KEY = "anthropic/searchHint";
export const ALWAYS_LOAD_KEY = "anthropic/alwaysLoad";

/** A tool's search hint: its guard's keywords, comma-joined ("" for a catalogue tool or no keywords). */
function searchHint(name: string): string {
  return (
    loadGuards()
      .find((g) => g.tool === name)
      ?.keywords.join(", ") ?? ""
  );
}

/** The `_meta` search keys of one tool (the hint only when `hints`), or null when it has none. */
export function searchMeta(name: string, hints: boolean): Record<string, unknown> | null {
  const meta: Record<string, unknown> = {};
  const hint = hints ? searchHint(name) : "";
  if (hint) meta[SEARCH_HINT_KEY] = hint;
  if ((ALWAYS_LOADED as readonly string[]).includes(name)) meta[ALWAYS_LOAD_KEY] = true;
  return Object.keys(meta).length ? meta : null;
}

/** An MCP tool entry with its search keys merged into `_meta` (the hint only when `hints`). */
export function withSearchMeta<T extends { name?: unknown; _meta?: unknown }>(entry: T, hints = false): T {
  const meta = typeof entry.name === "string" ? searchMeta(entry.name, hints) : null;
  return meta ? { ...entry, _meta: { ...(entry._meta as Record<string, unknown> | undefined), ...meta } } : entry;
}
