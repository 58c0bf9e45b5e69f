import { describe, expect, it } from "vitest";
import { HashSink } from "../../src/lib/hash_sink.js";
import { putNumbers } from "../../src/runtime/json_numbers.js";
import { Mt19937 } from "../../src/lib/prng.js";

/** The digest and size of `xs` written by putNumbers, and of JSON.stringify's text of it (one sink at a time:
 * the sinks share one buffer); `typed` writes xs as a Float64Array. */
function both(xs: number[], typed = false): [string, string] {
  const fast = new HashSink();
  putNumbers(fast, typed ? Float64Array.from(xs) : xs);
  const a = `${fast.digest()} ${fast.bytes}`;
  const text = new HashSink();
  text.put(JSON.stringify(xs));
  return [a, `${text.digest()} ${text.bytes}`];
}

/** The numbers of `xs` whose one-element array putNumbers writes otherwise than JSON.stringify. */
const mismatches = (xs: number[]) => xs.filter((x) => both([x])[0] !== both([x])[1]);

describe("putNumbers writes numbers as JSON.stringify does", () => {
  it("on the edges of the decimal path: 1e-6, 2^25, zeros, integers, tiny, huge and inexact values", () => {
    const edges = [
      0,
      -0,
      1,
      -1,
      2,
      10,
      100,
      123456789,
      1e-6,
      -1e-6,
      9.99e-7,
      1e-7,
      1.5e-7,
      0.000001,
      0.0000015,
      33554432,
      33554431.99999999,
      33554431.5,
      -33554432,
      2 ** 25 - 2 ** -28,
      1e21,
      1e22,
      123e20,
      5e-324,
      2 ** -1074,
      Number.MAX_VALUE,
      -Number.MAX_VALUE,
      Number.MIN_VALUE,
      Number.EPSILON,
      0.1,
      0.2,
      0.1 + 0.2,
      0.3,
      1 / 3,
      2 / 3,
      0.5,
      0.125,
      0.12345678,
      0.123456789,
      0.99999999,
      0.999999999,
      1.00000001,
      99999999.99999999,
      16777216.00000001,
      12345678.12345678,
      0.00000001,
      0.00000099,
      0.000001,
      1.005,
      4.35,
      4.345,
      1e-8,
      1e-9,
    ];
    expect(mismatches([...edges, ...edges.map((x) => -x)])).toEqual([]);
  });

  it("on random decimals of 0 to 12 places, random doubles and random magnitudes", () => {
    const g = new Mt19937(2024);
    const xs: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const places = i % 13;
      const scale = 10 ** (Math.floor(g.nextFloat() * 12) - 6);
      const raw = (g.nextFloat() - 0.5) * scale;
      xs.push(Math.round(raw * 10 ** places) / 10 ** places);
      xs.push((g.nextFloat() - 0.5) * 10 ** (Math.floor(g.nextFloat() * 40) - 20));
      xs.push(Math.round((g.nextFloat() - 0.5) * 2e6) / 1e8);
    }
    expect(mismatches(xs)).toEqual([]);
    const [fast, text] = both(xs);
    expect(fast).toBe(text);
  });

  it("an empty array and a long one (the buffer flushed midway) hash as their JSON text", () => {
    expect(both([])[0]).toBe(both([])[1]);
    const g = new Mt19937(7);
    const long = Array.from({ length: 200000 }, () => Math.round((g.nextFloat() - 0.5) * 1e7) / 1e8);
    const [fast, text] = both(long);
    expect(fast).toBe(text);
  });

  // The first 16 numbers choose the writer: short decimals byte by byte (a long number later falls back one by
  // one), else V8's text of pieces of 2,048 (then short numbers later are in V8's text too).
  it.each([
    ["17-digit numbers", (i: number, g: Mt19937) => 1.2 * (g.nextFloat() - 0.5) + i * 0],
    ["short decimals, then 17-digit ones", (i: number, g: Mt19937) => (i < 16 ? i / 100 : g.nextFloat() - 0.5)],
    ["17-digit numbers, then short decimals", (i: number, g: Mt19937) => (i < 16 ? g.nextFloat() : i / 1e8)],
    ["integers and zeros past 2^25", (i: number) => (i % 3 === 0 ? -0 : 2 ** 26 + i)],
  ])("%s, as a plain array and as a Float64Array, over several pieces", (_, value) => {
    const g = new Mt19937(31);
    const xs = Array.from({ length: 5000 }, (_, i) => value(i, g));
    for (const typed of [false, true]) {
      const [written, text] = both(xs, typed);
      expect(written).toBe(text);
    }
  });
});
