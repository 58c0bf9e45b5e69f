// An HTTP body to its JSON value: the same answer whether it is parsed in place or, at OFF_THREAD_BYTES
// and over, on the parse thread (which the body's bytes are moved to).
import { afterAll, describe, expect, it } from "vitest";
import {
  type BodyParse,
  OFF_THREAD_BYTES,
  closeParseThreadIfStarted,
  parseBody,
  parseRequestBody,
} from "../../src/server/body_parse.js";
import { MAX_NESTING } from "../../src/server/limits.js";

afterAll(closeParseThreadIfStarted);

const deep = (id: number) =>
  `{"jsonrpc":"2.0","id":${id},"x":${"[".repeat(MAX_NESTING + 1)}${"]".repeat(MAX_NESTING + 1)}}`;
const tooDeep = (id: number): BodyParse => ({
  kind: "too_deep",
  reply: {
    jsonrpc: "2.0",
    id,
    error: {
      code: -32600,
      message: `Invalid Request: the message nests deeper than ${MAX_NESTING} levels`,
    },
  },
});

const cases: readonly [name: string, given: string, want: BodyParse][] = [
  [
    "a message",
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    { kind: "value", value: { jsonrpc: "2.0", id: 1, method: "ping" } },
  ],
  ["UTF-8 text", '{"a":"\u00e9\ud83d\ude00"}', { kind: "value", value: { a: "\u00e9\ud83d\ude00" } }],
  [
    "Python's bare NaN (missing) and Infinity",
    '{"a":[NaN,Infinity]}',
    { kind: "value", value: { a: [null, "Infinity"] } },
  ],
  ["not JSON", '{"jsonrpc":"2.0",', { kind: "not_json" }],
  ["nested too deep (answered with its id)", deep(4), tooDeep(4)],
];

/** `text` padded with trailing spaces to at least `bytes` bytes (still the same JSON). */
const padded = (text: string, bytes: number) => Buffer.from(text.padEnd(bytes, " "));

describe("parseBody, in place", () => {
  it.each(cases)("%s", (_name, given, want) => {
    expect(parseBody(Buffer.from(given))).toEqual(want);
  });
});

describe("parseRequestBody, on the parse thread from OFF_THREAD_BYTES", () => {
  it.each(cases)("%s", async (_name, given, want) => {
    const body = padded(given, OFF_THREAD_BYTES);
    expect(await parseRequestBody(body)).toEqual(want);
    expect(body.byteLength, "a large body is moved to the thread, not copied").toBe(0);
  });

  it("parses a body one byte under the threshold in place (its bytes stay)", async () => {
    const body = padded('{"a":1}', OFF_THREAD_BYTES - 1);
    expect(await parseRequestBody(body)).toEqual({
      kind: "value",
      value: { a: 1 },
    });
    expect(body.byteLength).toBe(OFF_THREAD_BYTES - 1);
  });

  it("parses a large view into a shared buffer by copy, leaving the buffer whole", async () => {
    const whole = padded(
      `  ${JSON.stringify({ xs: Array.from({ length: 1000 }, (_, i) => i / 7) })}`,
      OFF_THREAD_BYTES + 2,
    );
    const view = whole.subarray(2);
    expect(await parseRequestBody(view)).toEqual({
      kind: "value",
      value: { xs: Array.from({ length: 1000 }, (_, i) => i / 7) },
    });
    expect(whole.byteLength).toBe(OFF_THREAD_BYTES + 2);
  });
});
