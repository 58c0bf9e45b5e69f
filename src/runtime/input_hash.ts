// input_sha256: the SHA-256 of the arguments' canonical (RFC 8785) text. The size cap is checked
// before any work: from an upper bound of that text, or exactly when the bound is over the cap.
// Arguments of at least OFF_THREAD_MIN_BYTES (by the bound) are hashed on a helper thread while the
// guard runs; the caller awaits the hash only to write the provenance.
import { BadInputError } from "../contract/guard.js";
import { MAX_ARGUMENT_BYTES } from "./codec/caps.js";
import { type JsonSummary, checkArgumentBytes, exactlyCloneable, inspectJson, sortedJson } from "./codec/caps.js";
import { canonicalText, sha256Hex } from "./canonical.js";
import { canonicalDigest } from "./canonical_digest.js";
import type { CallProofs } from "./codec/number_rows.js";

/** Arguments whose text may be this long or longer are hashed off the calling thread. */
export const OFF_THREAD_MIN_BYTES = 1_000_000;

/** The arguments' RFC 8785 text; not JSON or not valid Unicode is bad input. */
export function argumentsText(args: unknown, sorted?: string): string {
  try {
    return canonicalText(args, sorted);
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError(
      "not_json",
      "",
      `arguments are not JSON: ${(e as Error).message.split("\n")[0]} (strings must be valid Unicode, without ` +
        "lone surrogates)",
    );
  }
}

let hashThread: Promise<typeof import("./pool/hash_thread.js")> | null = null;

/** Stops the hash thread if one was started (closePool does this). */
export async function closeHashThreadIfStarted(): Promise<void> {
  if (hashThread) await (await hashThread).closeHashThread();
}

/** Sized and hashed on this thread: plain data in pieces (no whole text, no large-object string), else whole. */
function hashHere(args: unknown, summary: JsonSummary): string {
  if (exactlyCloneable(summary)) {
    const digest = canonicalDigest(args);
    checkArgumentBytes(digest.bytes);
    return digest.sha256;
  }
  const text = sortedJson(args, summary);
  checkArgumentBytes(Buffer.byteLength(text, "utf8"));
  return sha256Hex(argumentsText(args, text));
}

let offThread = 0;
/** Hashes started on the helper thread so far in this process (tests count them). */
export function hashesOffThread(): number {
  return offThread;
}

/** The digest from the helper thread, its size checked; any failure of the thread computes it here instead. */
function hashThere(args: Record<string, unknown>, summary: JsonSummary): Promise<string> {
  offThread++;
  hashThread ??= import("./pool/hash_thread.js");
  return hashThread
    .then(({ hashOffThread }) => hashOffThread(args, summary.rows ?? undefined))
    .then(
      (r) => r,
      () => null,
    )
    .then((r) => {
      if (r === null) return hashHere(args, summary);
      checkArgumentBytes(r.bytes);
      return r.sha256;
    });
}

/**
 * As inputHash, for a caller that may wait: arguments whose size bound is over the cap are measured exactly
 * on the helper thread (a 20 MB call held the calling thread 130 ms here), and too_large is thrown once that
 * measure is back, still before any work. Resolves to the hash, pending or done, and the matrices of finite
 * numbers the check proved (number_rows.ts), for the rest of the call to use.
 */
export async function startInputHash(
  args: Record<string, unknown>,
): Promise<{ hash: Promise<string>; rows: CallProofs }> {
  const summary = inspectJson(args, true);
  const rows = summary.rows!;
  const bound = summary.bytesBound;
  if (bound > MAX_ARGUMENT_BYTES && exactlyCloneable(summary)) {
    const sha256 = await hashThere(args, summary);
    return { hash: Promise.resolve(sha256), rows };
  }
  return { hash: hashFrom(args, summary), rows };
}

/**
 * Checks `args` (not_json and too_large are thrown here, before any work) and starts its hash. A hash
 * computed off-thread that fails for any reason is computed again here, so the answer never depends on it.
 */
export function inputHash(args: Record<string, unknown>): Promise<string> {
  return hashFrom(args, inspectJson(args));
}

function hashFrom(args: Record<string, unknown>, summary: JsonSummary): Promise<string> {
  const bound = summary.bytesBound;
  if (bound < OFF_THREAD_MIN_BYTES || bound > MAX_ARGUMENT_BYTES || !exactlyCloneable(summary))
    return Promise.resolve(hashHere(args, summary));
  const hash = hashThere(args, summary);
  hash.catch(() => undefined); // awaited after the guard; a rejection meanwhile is not unhandled
  return hash;
}
