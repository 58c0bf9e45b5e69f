// The incremental JSON parser reads what JSON.parse reads, wherever the blocks end (even inside a
// character, a string, an escape or a number), and refuses what JSON.parse refuses.
import { describe, expect, it } from "vitest";
import { JsonStreamParser } from "../../../src/runtime/files/json_stream.js";

/** Maps (the parser's objects) as plain objects, for comparison with JSON.parse. */
function plain(v: unknown): unknown {
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

/** The text parsed in blocks of `size` bytes. */
function parseIn(text: string, size: number): unknown {
  const bytes = Buffer.from(text, "utf8");
  const p = new JsonStreamParser();
  for (let at = 0; at < bytes.length; at += size) p.push(Buffer.from(bytes.subarray(at, at + size)));
  return plain(p.end());
}

const VALID = [
  '{"r":{"2020-01-01":0.01,"2020-01-02":-2.5e-3},"s":{"2020-01-01":null}}',
  '[{"a":1,"b":"x"},{"a":2,"b":"y\\n\\"q\\" \\u00e9\\ud83d\\ude00"}]',
  '{"columns":["a","b"],"index":["d1","d2"],"data":[[1,true],[2,false]]}',
  ' [ 0 , -0 , 1E+2 , 1e-2 , 123456789012345678901234567890 , "é€😀" ] ',
  '{"a":1,"a":2,"b":{}}',
  '{"__proto__":{"x":1},"y":[]}',
  "[]",
  "{}",
  '"just a string"',
  "42",
  "null",
];

const INVALID = [
  '{"a":1,}',
  "[1,]",
  "[01]",
  "[1.]",
  "[.5]",
  "[-]",
  '{"a" 1}',
  "[NaN]",
  "[Infinity]",
  "[tru]",
  '["a\tb"]',
  '["\\x"]',
  "[1] 2",
  "[1",
  '{"a":1',
  '"open',
  "",
  "[1}",
  '{"a":1]',
];

describe("JsonStreamParser", () => {
  it.each(VALID)("reads %s as JSON.parse does, in blocks of every size", (text) => {
    const want = JSON.parse(text);
    for (let size = 1; size <= Buffer.byteLength(text) + 1; size++) expect(parseIn(text, size)).toEqual(want);
  });
  it.each(INVALID)("refuses %s as JSON.parse does, in blocks of every size", (text) => {
    expect(() => JSON.parse(text)).toThrow();
    for (let size = 1; size <= Buffer.byteLength(text) + 1; size++)
      expect(() => parseIn(text, size)).toThrow(/byte|Unterminated|Bad/);
  });
  it("keeps a duplicate member's first place and last value, as JSON.parse does", () => {
    expect(Object.keys(parseIn('{"b":1,"a":2,"b":3}', 3) as object)).toEqual(["b", "a"]);
    expect(parseIn('{"b":1,"a":2,"b":3}', 3)).toEqual({ b: 3, a: 2 });
  });
});
