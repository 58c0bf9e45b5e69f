// The parse thread's task: one request body, moved here, parsed by body_parse.ts's parseBody.
import { type BodyParse, parseBody } from "./body_parse.js";

export default function parseTask(bytes: Uint8Array): BodyParse {
  return parseBody(bytes);
}
