// The limits the server states to clients (in its instructions) and enforces.
import { MAX_ARGUMENT_BYTES } from "../runtime/index.js";

/**
 * Longest stdio line read, in bytes (32 MiB: the argument cap and the JSON-RPC envelope); a longer line is
 * answered with an error, never read whole.
 */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;
/** Longest error message sent, in characters; longer ones are cut and say how much was cut. */
export const MAX_ERROR_CHARS = 1_000;
/** Requests one stdio connection may have unanswered; further lines wait unread (the pool queue is 16). */
export const MAX_IN_FLIGHT = 32;
/** Deepest nesting of arrays and objects in one message; deeper is refused before it is parsed. */
export const MAX_NESTING = 256;
/** Bytes of a rejected line searched for its request id. */
export const ID_PREFIX_BYTES = 4_096;
export { MAX_ARGUMENT_BYTES };

/** `text` cut to MAX_ERROR_CHARS characters, saying how many were cut. */
export function capMessage(text: string, max = MAX_ERROR_CHARS): string {
  if (text.length <= max) return text;
  const note = ` ... [${text.length - max} more characters cut; messages are capped at ${max}]`;
  return text.slice(0, max) + note;
}

/** The limits as one sentence for the server's instructions. */
export function limitsSentence(): string {
  return (
    `Limits: one stdio message (line) is at most ${MAX_LINE_BYTES} bytes (${MAX_LINE_BYTES / 2 ** 20} MiB); ` +
    `a tools/call's arguments are at most ${MAX_ARGUMENT_BYTES} bytes as JSON (${MAX_ARGUMENT_BYTES / 1e6} MB); ` +
    `error messages are capped at ${MAX_ERROR_CHARS} characters. ` +
    "Bare NaN, Infinity and -Infinity (as Python's json.dumps writes them) are read as a missing value (null), " +
    '"Infinity" and "-Infinity".'
  );
}
