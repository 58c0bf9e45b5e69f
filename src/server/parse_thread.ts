// Large HTTP bodies are parsed on a helper thread, so a client's multi-megabyte body never holds the
// server thread for the 60-90 ms its decode and parse take: other clients' calls run meanwhile. The value
// comes back as a structured clone, which this thread reads in about a tenth of the parse's time. Each
// parse has a fresh thread, ended after it: a kept thread held its garbage (the body's text, its parsed
// copy) until its own collection ran, which raised peak memory per request byte from 6.7x to 9.1x.
import { helperThread } from "../runtime/pool/helper_thread.js";
import type { BodyParse } from "./body_parse.js";

const thread = helperThread("parse_worker", import.meta.url, true);

/** body_parse.ts's parseBody on a parse thread; `bytes` are moved there when they own their buffer. */
export async function parseOffThread(bytes: Buffer): Promise<BodyParse> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (await thread.run(view, whole ? [bytes.buffer as ArrayBuffer] : [])) as BodyParse;
}

/** Stops the parse thread, if one runs. */
export const closeParseThread = (): Promise<void> => thread.close();
