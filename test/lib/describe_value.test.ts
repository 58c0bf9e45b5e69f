// describeCell: how every guard echoes a bad value, table-driven.
import { describe, expect, it } from "vitest";
import { describeCell } from "../../src/lib/describe_value.js";

const cases: [string, unknown, string][] = [
  ["an integer", 3, "3"],
  ["a fraction", 0.25, "0.25"],
  ["NaN, the decoded form of null", Number.NaN, "null (missing)"],
  ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
  ["-Infinity", Number.NEGATIVE_INFINITY, "-Infinity"],
  ["undefined", undefined, "undefined"],
  ["null", null, "null"],
  ["a string, quoted", "2.5", '"2.5"'],
  ["a non-ASCII string, escaped", "caf\u00e9", '"caf\\u00e9"'],
  ["a boolean", true, "true"],
  ["an array", [1, null], "[1,null]"],
  ["an object", { a: 1 }, '{"a":1}'],
  ["a function (not JSON)", () => 1, "function"],
];

describe("describeCell", () => {
  for (const [name, given, want] of cases) it(name, () => expect(describeCell(given)).toBe(want));
});
