// requireInteger: one check and one message for every integer input, table-driven.
import { describe, expect, it } from "vitest";
import { BadInputError } from "../../src/contract/guard.js";
import { isIntegerIn, requireInteger, type IntegerRule } from "../../src/lib/integer_checks.js";

const accepted: [IntegerRule, number][] = [
  [{}, -7],
  [{ min: 1 }, 1],
  [{ min: 0, max: 10 }, 10],
  [{ max: 3 }, -100],
  [{ min: 2, max: 16, even: true }, 16],
];

const rejected: [IntegerRule, unknown, string][] = [
  [{}, 1.5, "n: must be an integer, got 1.5"],
  [{}, "3", 'n: must be an integer, got "3"'],
  [{}, null, "n: must be an integer, got null"],
  [{}, Number.NaN, "n: must be an integer, got null (missing)"],
  [{}, Number.POSITIVE_INFINITY, "n: must be an integer, got Infinity"],
  [{ min: 1 }, 0, "n: must be an integer >= 1, got 0"],
  [{ min: 1, max: Number.POSITIVE_INFINITY }, 0, "n: must be an integer >= 1, got 0"],
  [{ max: 3 }, 4, "n: must be an integer <= 3, got 4"],
  [{ min: 0, max: 10 }, 11, "n: must be an integer in [0, 10], got 11"],
  [{ min: 2, max: 16, even: true }, 7, "n: must be an even integer in [2, 16], got 7"],
  [{ min: 1, max: 9, bounds: "in [1, n - 1] = [1, 9]" }, 10, "n: must be an integer in [1, n - 1] = [1, 9], got 10"],
];

describe("requireInteger", () => {
  for (const [rule, x] of accepted)
    it(`accepts ${x} under ${JSON.stringify(rule)}`, () => {
      expect(requireInteger("n", x, rule)).toBe(x);
      expect(isIntegerIn(x, rule)).toBe(true);
    });
  for (const [rule, x, message] of rejected)
    it(`rejects ${String(x)} under ${JSON.stringify(rule)}`, () => {
      expect(isIntegerIn(x, rule)).toBe(false);
      let error: unknown;
      try {
        requireInteger("n", x, rule);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BadInputError);
      expect((error as BadInputError).field).toBe("n");
      expect((error as BadInputError).message).toBe(message);
    });
});
