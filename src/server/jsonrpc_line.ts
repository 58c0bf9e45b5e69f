// One stdio line to one JSON-RPC message, parsed once; or the JSON-RPC error that answers it,
// addressed to the request id when one can be found.
import { findTopLevelId, nestsDeeper, replaceBareTokens } from "./json_tokens.js";
import { ID_PREFIX_BYTES, MAX_LINE_BYTES, MAX_NESTING, capMessage } from "./limits.js";
import { shelterProtoArgument } from "./proto_argument.js";
import type { Line } from "./stdio_lines.js";

export type Id = string | number;
export type Message = Record<string, unknown>;
export type ErrorReply = { jsonrpc: "2.0"; id: Id | null; error: { code: number; message: string } };
export type Classified = { message: Message } | { reply: ErrorReply | ErrorReply[] };

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function reply(id: Id | null, code: number, message: string): { reply: ErrorReply } {
  return { reply: { jsonrpc: "2.0", id, error: { code, message: capMessage(message) } } };
}

const isId = (v: unknown): v is Id => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));
const isObject = (v: unknown): v is Message => typeof v === "object" && v !== null && !Array.isArray(v);

const REQUEST_MEMBERS = new Set(["jsonrpc", "id", "method", "params"]);
const RESPONSE_MEMBERS = new Set(["jsonrpc", "id", "result", "error"]);

/** The first member `m` may not carry (an envelope-level "__proto__" included), or null. */
function unknownMember(m: Message): string | null {
  const allowed = "method" in m ? REQUEST_MEMBERS : RESPONSE_MEMBERS;
  for (const key of Object.keys(m)) if (!allowed.has(key)) return key;
  return null;
}

/** Why the params' _meta is malformed (the SDK would drop the message), or null. */
function metaProblem(params: Message): string | null {
  if (!("_meta" in params)) return null;
  const meta = params._meta;
  if (!isObject(meta)) return 'the "params._meta" member must be an object';
  const token = meta.progressToken;
  if (token !== undefined && typeof token !== "string" && !Number.isSafeInteger(token))
    return 'the "params._meta.progressToken" member must be a string or an integer';
  return null;
}

/** Why `m` is not a JSON-RPC 2.0 request, notification or response, or null when it is one. */
function envelopeProblem(m: Message): string | null {
  if (m.jsonrpc !== "2.0") return 'the "jsonrpc" member must be exactly "2.0"';
  if ("id" in m && !isId(m.id)) return 'the "id" member must be a string or a number';
  if ("method" in m && ("result" in m || "error" in m))
    return 'a message carries either "method" (a request) or "result"/"error" (a response), not both';
  const unknown = unknownMember(m);
  if (unknown !== null) return `unknown member ${JSON.stringify(unknown)} in the message`;
  if (typeof m.id === "number" && !Number.isSafeInteger(m.id)) return 'a numeric "id" must be an integer';
  if ("method" in m) {
    if (typeof m.method !== "string") return 'the "method" member must be a string';
    if ("params" in m && !isObject(m.params)) return 'the "params" member must be an object';
    return "params" in m ? metaProblem(m.params as Message) : null;
  }
  if (!("id" in m)) return 'the message has neither "method" nor "id"';
  if ("result" in m === "error" in m) return 'a response has exactly one of "result" and "error"';
  return null;
}

/** A batch: JSON-RPC allows it, MCP does not (since 2025-06-18); each request in it is answered. */
function batchReply(items: unknown[]): { reply: ErrorReply[] } | { reply: ErrorReply } {
  const why = "Invalid Request: batches (JSON arrays) are not supported; send one message per line";
  const ids = items
    .filter(isObject)
    .map((m) => m.id)
    .filter(isId);
  if (ids.length === 0) return reply(null, INVALID_REQUEST, why);
  return { reply: ids.map((id) => reply(id, INVALID_REQUEST, why).reply) };
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const tolerant = replaceBareTokens(text);
    if (tolerant === null) return { ok: false };
    try {
      return { ok: true, value: JSON.parse(tolerant) };
    } catch {
      return { ok: false };
    }
  }
}

/** The -32600 reply for a message nested deeper than MAX_NESTING (it is never parsed), or null. */
export function tooDeepReply(text: string): { reply: ErrorReply } | null {
  if (!nestsDeeper(text, MAX_NESTING)) return null;
  const id = findTopLevelId(text.slice(0, ID_PREFIX_BYTES));
  return reply(id, INVALID_REQUEST, `Invalid Request: the message nests deeper than ${MAX_NESTING} levels`);
}

/** Classifies one line; null for a blank line (ignored, as the stdio transport always did). `accepts` is the
 * SDK's own message check: a message it would drop is answered here instead. */
export function classifyLine(line: Line, accepts: (m: Message) => boolean = () => true): Classified | null {
  if (line.kind === "oversized") {
    const id = findTopLevelId(line.prefix.toString("utf8"));
    return reply(
      id,
      INVALID_REQUEST,
      `Invalid Request: the line is ${line.bytes} bytes; the limit is ${MAX_LINE_BYTES}`,
    );
  }
  const text = line.bytes.toString("utf8");
  const tooDeep = tooDeepReply(text);
  if (tooDeep) return tooDeep;
  if (text.trim() === "") return null;
  const parsed = parseJson(text);
  if (!parsed.ok) return notJsonReply(text.slice(0, ID_PREFIX_BYTES));
  return classifyValue(parsed.value, accepts);
}

/** The -32700 reply to a line that is not JSON, addressed to the id found in its first bytes. */
export function notJsonReply(prefix: string): { reply: ErrorReply } {
  return reply(findTopLevelId(prefix), PARSE_ERROR, "Parse error: the line is not JSON");
}

/** A parsed line's value: a message, or the reply to a batch or to a value that is not a message. */
export function classifyValue(value: unknown, accepts: (m: Message) => boolean = () => true): Classified {
  if (Array.isArray(value)) return batchReply(value);
  return checkMessage(value, accepts);
}

/** A parsed message, or the -32600 reply (with its id when it has one) for a value that is not one. */
export function checkMessage(value: unknown, accepts: (m: Message) => boolean = () => true): Classified {
  if (!isObject(value)) return reply(null, INVALID_REQUEST, "Invalid Request: a message is a JSON object");
  const problem = envelopeProblem(value);
  const id = isId(value.id) ? value.id : null;
  if (problem !== null) return reply(id, INVALID_REQUEST, `Invalid Request: ${problem}`);
  if (!accepts(value))
    return reply(id, INVALID_REQUEST, "Invalid Request: the message does not match the MCP JSON-RPC message schema");
  shelterProtoArgument(value);
  return { message: value };
}
