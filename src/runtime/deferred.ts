// The deferred profile: for hosts with tool search, every tool but a small always-loaded core is
// marked defer_loading, so the up-front context holds only the core (docs/exports.md).
import type { CatalogueToolName } from "../catalogue/tools.js";

/** The tools a deferred export keeps loaded: the entry points that find and run everything else. */
export const ALWAYS_LOADED: readonly CatalogueToolName[] = [
  "search_skills",
  "describe_guard",
  "bundle_coverage",
  "check_backtest",
];

/** The formats whose provider defers a tool by `defer_loading: true` (Anthropic Messages, OpenAI Responses). */
export const DEFERRABLE_FORMATS = ["anthropic", "openai", "openai-strict"] as const;

/** A copy of the entry marked `defer_loading: true` unless its tool is always loaded. */
export function deferred(entry: object, name: string): object {
  return (ALWAYS_LOADED as readonly string[]).includes(name) ? entry : { ...entry, defer_loading: true };
}
