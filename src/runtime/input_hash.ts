// input_sha256: the SHA-256 of the arguments' canonical (RFC 8785) text. The size cap is checked
// before any work: from an upper bound of that text, or exactly when the bound is over the cap.
// Arguments of at least OFF_THREAD_MIN_BYTES (by the bound) are hashed on a helper thread while the
// guard runs; the caller awaits the hash only to write the provenance.
import { BadInputError } from "../contract/guard.js";
import { MAX_ARGUMENT_BYTES } from "./codec/caps.js";
import { type JsonSummary, checkArgumentBytes, exactlyCloneable, inspectJson, sortedJson } from "./codec/caps.js";
import { canonicalText, sha256Hex } from "./canonical.js";
import { canonicalDigest } from "./canonical_digest.js";

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

/**
 * Checks `args` (not_json and too_large are thrown here, before any work) and starts its hash. A hash
 * computed off-thread that fails for any reason is computed again here, so the answer never depends on it.
 */
export function inputHash(args: Record<string, unknown>): Promise<string> {
  const summary = inspectJson(args);
  const bound = summary.bytesBound;
  if (bound < OFF_THREAD_MIN_BYTES || bound > MAX_ARGUMENT_BYTES || !exactlyCloneable(summary))
    return Promise.resolve(hashHere(args, summary));
  hashThread ??= import("./pool/hash_thread.js");
  const hash = hashThread
    .then(({ hashOffThread }) => hashOffThread(args))
    .then(
      (r) => {
        checkArgumentBytes(r.bytes);
        return r.sha256;
      },
      () => hashHere(args, summary),
    );
  hash.catch(() => undefined); // awaited after the guard; a rejection meanwhile is not unhandled
  return hash;
}
