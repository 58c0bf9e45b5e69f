// One HTTP request body to a JSON value: decoded as UTF-8, checked for nesting, then parsed. A body of
// OFF_THREAD_BYTES or more goes through the same steps on the parse thread (parse_thread.ts).
import { type ErrorReply, parseJson, tooDeepReply } from "./jsonrpc_line.js";

/** Bodies of at least this many bytes are parsed on the parse thread. */
export const OFF_THREAD_BYTES = 1_000_000;

export type BodyParse =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "too_deep"; readonly reply: ErrorReply }
  | { readonly kind: "not_json" };

/** The body's JSON value, the reply to a body nested too deep, or "not_json", parsed on this thread. */
export function parseBody(bytes: Uint8Array): BodyParse {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const tooDeep = tooDeepReply(text);
  if (tooDeep) return { kind: "too_deep", reply: tooDeep.reply };
  const parsed = parseJson(text);
  return parsed.ok ? { kind: "value", value: parsed.value } : { kind: "not_json" };
}

// Loaded on the first large body (the module starts a thread pool).
let parseThread: Promise<typeof import("./parse_thread.js")> | null = null;

/** parseBody's answer; a large body is moved to the parse thread (the caller must not read it afterwards). */
export async function parseRequestBody(bytes: Buffer): Promise<BodyParse> {
  if (bytes.byteLength < OFF_THREAD_BYTES) return parseBody(bytes);
  parseThread ??= import("./parse_thread.js");
  return (await parseThread).parseOffThread(bytes);
}

/** Stops the parse thread if one was started (the HTTP server's close). */
export async function closeParseThreadIfStarted(): Promise<void> {
  if (parseThread) await (await parseThread).closeParseThread();
}
