// A reader's next piece is sized from the pace of its last: small while the parser is slow, up to the
// largest piece once it is fast.
import { describe, expect, it } from "vitest";
import { MIN_PIECE_BYTES, PIECE_MS, PiecePace } from "../../../src/runtime/files/piece_pace.js";

const MAX = 131_072;
const cases: { name: string; given: [bytes: number, ms: number][]; want: number }[] = [
  { name: "a new reader", given: [], want: MIN_PIECE_BYTES },
  { name: "a cold parser: 8 KB in 12 ms", given: [[8_192, 12]], want: MIN_PIECE_BYTES },
  { name: "8 KB in 1 ms", given: [[8_192, 1]], want: 8_192 * PIECE_MS },
  { name: "a fast parser: 64 KB in 0.5 ms", given: [[65_536, 0.5]], want: MAX },
  { name: "a piece timed at 0 ms", given: [[8_192, 0]], want: MAX },
  {
    name: "fast, then slow again (a pause)",
    given: [
      [65_536, 0.5],
      [MAX, 40],
    ],
    want: Math.floor((MAX * PIECE_MS) / 40),
  },
];

describe("PiecePace", () => {
  it.each(cases)("$name", ({ given, want }) => {
    const pace = new PiecePace(MAX);
    for (const [bytes, ms] of given) pace.took(bytes, ms);
    expect(pace.next).toBe(want);
  });
});
