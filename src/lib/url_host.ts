// Host parsing for broker endpoints with node's WHATWG URL. Hosts are compared exactly or by
// whole DNS-label tokens, never by substring ("latest.example.com" contains no "test" token).

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The host of a URL or a bare host: `https://` is prefixed when the text has no `scheme://`;
 * the result is the lower-cased hostname without port or trailing dot. Null when the text does
 * not parse as a URL or has an empty host.
 */
export function parseHost(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const candidate = SCHEME_RE.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return host === "" ? null : host;
}

/** The tokens of a host: split on `.` into labels, then each label on `-`; empty tokens dropped. */
export function hostTokens(host: string): string[] {
  return host
    .toLowerCase()
    .split(".")
    .flatMap((label) => label.split("-"))
    .filter((t) => t !== "");
}

/** True when some whole token of `host` is one of `words` (case-insensitive). */
export function hostHasToken(host: string, words: readonly string[]): boolean {
  const wanted = new Set(words.map((w) => w.toLowerCase()));
  return hostTokens(host).some((t) => wanted.has(t));
}
