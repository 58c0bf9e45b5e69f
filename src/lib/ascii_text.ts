// ASCII-safe echoes of caller text in messages (finding and bad-input messages are ASCII only):
// every character outside printable ASCII becomes a \uXXXX escape, so nothing is lost to "?".

/** `s` with each character outside 0x20-0x7E written as \uXXXX (UTF-16 code units). */
export function asciiText(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Compact JSON of `x` (or its typeof when not JSON-encodable), made ASCII-safe. */
export function asciiJson(x: unknown): string {
  if (typeof x === "number" && !Number.isFinite(x)) return Number.isNaN(x) ? "null (missing)" : String(x);
  return asciiText(JSON.stringify(x) ?? typeof x);
}
