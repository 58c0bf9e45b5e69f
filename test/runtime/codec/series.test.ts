import { describe, expect, it } from "vitest";
import { decodeSeries, encodeSeries, MAX_POINTS } from "../../../src/runtime/codec/index.js";
import { dateShape, isValidIsoLabel } from "../../../src/runtime/codec/labels.js";
import { looksLikeIsoTimestamp, parseIsoTimestamp } from "../../../src/lib/dates.js";
import { badInput, businessDates } from "./helpers.js";

/** Through the wire and back, as a tool call would see it. */
function wire<T>(x: T): unknown {
  return JSON.parse(JSON.stringify(x));
}

describe("series round trips (§3.2)", () => {
  it("60 business days named returns with freq B", () => {
    const s = {
      index: businessDates(60),
      values: businessDates(60).map((_, i) => i / 100 - 0.3),
      name: "returns",
      freq: "B",
    };
    const enc = encodeSeries(s);
    expect(enc["freq"]).toBe("B");
    expect(Object.keys(enc)).toEqual(["index", "values", "name", "freq"]);
    expect(decodeSeries(wire(enc), "returns")).toEqual(s);
  });

  it("non-finite values: NaN to null, infinities to strings, and back", () => {
    const s = { values: [1, NaN, Infinity, -Infinity, -2.5] };
    const enc = encodeSeries(s);
    expect(enc["values"]).toEqual([1, null, "Infinity", "-Infinity", -2.5]);
    const back = decodeSeries(wire(enc), "returns");
    expect(back).toEqual(s); // toEqual treats NaN as equal to NaN
    expect(Number.isNaN(back.values[1])).toBe(true);
  });

  it("-0 encodes as 0", () => {
    expect(Object.is((encodeSeries({ values: [-0] })["values"] as number[])[0], 0)).toBe(true);
  });

  it("keeps dtype, name, numeric labels, and writes keys in order", () => {
    const s = { index: [3, 1, 2], values: [1, 2, 3], name: "n", dtype: "int64" as const, freq: "D" };
    const enc = encodeSeries(s);
    expect(Object.keys(enc)).toEqual(["index", "values", "name", "dtype", "freq"]);
    expect(decodeSeries(wire(enc), "x")).toEqual(s);
  });

  it("string and boolean series keep null as missing", () => {
    expect(decodeSeries({ values: ["a", null, "b"] }, "x").values).toEqual(["a", null, "b"]);
    expect(decodeSeries({ values: [null, true, false] }, "x").values).toEqual([null, true, false]);
    expect(decodeSeries({ values: ["Infinity", "abc"], dtype: "string" }, "x").values).toEqual(["Infinity", "abc"]);
  });

  it("an all-null series is numeric", () => {
    const v = decodeSeries([null, null], "x").values;
    expect(v.every((x) => Number.isNaN(x))).toBe(true);
  });
});

describe("series forms", () => {
  it("a bare list is a series without index (§3.2)", () => {
    expect(decodeSeries([0.01, -0.02, 0.005], "returns")).toEqual({ values: [0.01, -0.02, 0.005] });
    expect(decodeSeries([], "returns")).toEqual({ values: [] });
  });

  it("null members mean absent; truncated is tolerated", () => {
    const s = decodeSeries(
      { index: null, values: [1], name: null, dtype: null, freq: null, truncated: { kept: 1, of: 5 } },
      "x",
    );
    expect(s).toEqual({ values: [1] });
    expect(Object.keys(s)).toEqual(["values"]);
  });

  it.each([
    ['a string "abc"', "abc"],
    ["1", 1],
    ["a boolean", true],
    ["null", null],
  ])("rejects %s", (type, v) => {
    const e = badInput(() => decodeSeries(v, "returns"));
    expect(e.code).toBe("invalid_value");
    expect(e.field).toBe("returns");
    expect(e.message).toBe(
      `returns: must be a series payload {"index": [...], "values": [...]} or a list of values, got ${type}`,
    );
  });

  it("values must be a list; missing values are named", () => {
    expect(badInput(() => decodeSeries({ values: "abc" }, "returns")).message).toBe(
      "returns/values: must be a list of values, got a string",
    );
    expect(badInput(() => decodeSeries({ index: [] }, "returns")).message).toBe('returns: missing key(s) ["values"]');
    // values is required, so a null there is kept (§3.1) and rejected as a value
    expect(badInput(() => decodeSeries({ values: null }, "returns")).message).toBe(
      "returns/values: must be a list of values, got null",
    );
  });
});

describe("dtypes and kinds", () => {
  it.each([
    ["float", "float64"],
    ["float32", "float64"],
    ["float64", "float64"],
    ["int", "int64"],
    ["int32", "int64"],
    ["boolean", "bool"],
    ["object", "string"],
    ["str", "string"],
    ["datetime64[ns]", "datetime"],
    ["datetime64[ns, UTC]", "datetime"],
    ["datetime", "datetime"],
  ])("alias %s normalises to %s", (sent, dtype) => {
    const values = dtype === "bool" ? [true] : dtype === "string" ? ["a"] : dtype === "datetime" ? ["2024-01-02"] : [1];
    expect(decodeSeries({ values, dtype: sent }, "x").dtype).toBe(dtype);
  });

  it("an unknown dtype lists the allowed ones", () => {
    const e = badInput(() => decodeSeries({ values: [1], dtype: "float128" }, "returns"));
    expect(e.field).toBe("returns/dtype");
    expect(e.message).toBe(
      'returns/dtype: unknown dtype "float128"; allowed: ["float64","int64","bool","string","datetime"]',
    );
  });

  it("a later value of another kind names its position", () => {
    const e = badInput(() => decodeSeries({ values: [1, 2, null, 3, 4, 5, 6, "abc"] }, "returns"));
    expect(e.field).toBe("returns/values/7");
    expect(e.message).toBe('returns/values/7: expected a number like the first value, got "abc"');
    expect(badInput(() => decodeSeries(["a", 1], "labels")).message).toBe(
      "labels/1: expected a string like the first value, got 1",
    );
    expect(badInput(() => decodeSeries([1, "NaN"], "x")).message).toBe(
      'x/1: expected a number like the first value, got "NaN"',
    );
    expect(decodeSeries(["NaN", "x"], "x").values).toEqual(["NaN", "x"]); // a first string makes a string series
  });

  it("values that are not cells are rejected", () => {
    expect(badInput(() => decodeSeries([1, [2]], "x")).message).toBe(
      "x/1: expected a number, string, boolean or null, got an array",
    );
    expect(badInput(() => decodeSeries([{ a: 1 }], "x")).message).toBe(
      "x/0: expected a number, string, boolean or null, got an object",
    );
  });

  it("int64 needs integers; datetime needs real ISO strings", () => {
    expect(badInput(() => decodeSeries({ values: [1, 2.5], dtype: "int64" }, "n")).message).toBe(
      'n/values/1: expected an integer (dtype "int64"), got 2.5',
    );
    expect(badInput(() => decodeSeries({ values: [1, "Infinity"], dtype: "int" }, "n")).field).toBe("n/values/1");
    expect(badInput(() => decodeSeries({ values: ["2024-02-30"], dtype: "datetime" }, "d")).message).toContain(
      '"2024-02-30" is not a valid ISO-8601 date',
    );
    expect(decodeSeries({ values: [1, null], dtype: "int64" }, "n").values[1]).toBeNaN();
    expect(badInput(() => decodeSeries({ values: ["a"], dtype: "float64" }, "n")).message).toBe(
      'n/values/0: expected a number (dtype "float64"), got "a"',
    );
  });
});

describe("index and dates (§3.4)", () => {
  it("a wrong-length index", () => {
    const e = badInput(() => decodeSeries({ index: ["2024-01-02", "2024-01-03"], values: [1, 2, 3] }, "returns"));
    expect(e.field).toBe("returns/index");
    expect(e.message).toBe("returns/index: index has 2 label(s) but there are 3 value(s)");
  });

  it("a bad date at index position 3", () => {
    const e = badInput(() =>
      decodeSeries(
        { index: ["2024-01-02", "2024-01-03", "2024-01-04", "2024-13-01"], values: [1, 2, 3, 4] },
        "returns",
      ),
    );
    expect(e.field).toBe("returns/index/3");
    expect(e.message).toBe('returns/index/3: "2024-13-01" is not a valid ISO-8601 date');
    expect(badInput(() => decodeSeries({ index: ["2024-02-29", "2023-02-29"], values: [1, 2] }, "r")).field).toBe(
      "r/index/1",
    );
    expect(
      badInput(() => decodeSeries({ index: ["2024-01-02T10:00Z", "2024-01-02T24:00Z"], values: [1, 2] }, "r")).message,
    ).toBe('r/index/1: "2024-01-02T24:00Z" is not a valid ISO-8601 date-time');
  });

  it("labels are kept as sent; plain labels are not date-checked", () => {
    const index = ["2024-01-03", "2024-01-02", "2024-01-02", "2024-01-02T09:30:00.123+05:30"];
    expect(decodeSeries({ index, values: [1, 2, 3, 4] }, "r").index).toEqual(index);
    expect(decodeSeries({ index: ["2024-13-01", "x"], values: [1, 2] }, "r").index).toEqual(["2024-13-01", "x"]);
    expect(decodeSeries({ index: ["a", 2], values: [1, 2] }, "r").index).toEqual(["a", 2]);
  });

  it("a type error anywhere in the index wins over a bad date before it", () => {
    expect(
      badInput(() => decodeSeries({ index: ["2024-13-01", "2024-01-02", null], values: [1, 2, 3] }, "r")).message,
    ).toBe("r/index/2: a label must be a string or a number, got null");
  });

  it("a label list checked once in a call is not walked again; its length still is", () => {
    const checked = new WeakSet<readonly unknown[]>();
    const index = ["2024-01-02", "2024-01-03"];
    decodeSeries({ index, values: [1, 2] }, "a", checked);
    expect(checked.has(index)).toBe(true);
    // a list in the set is taken as known good: a bad date in it is no longer looked at
    const known = ["2024-01-02", "2024-02-30"];
    checked.add(known);
    expect(decodeSeries({ index: known, values: [1, 2] }, "b", checked).index).toBe(known);
    expect(badInput(() => decodeSeries({ index: known, values: [1, 2] }, "b")).message).toBe(
      'b/index/1: "2024-02-30" is not a valid ISO-8601 date',
    );
    expect(badInput(() => decodeSeries({ index, values: [1, 2, 3] }, "c", checked)).message).toBe(
      "c/index: index has 2 label(s) but there are 3 value(s)",
    );
    // a list that failed is not remembered
    const bad = ["2024-01-02", "2024-13-01"];
    expect(() => decodeSeries({ index: bad, values: [1, 2] }, "d", checked)).toThrow();
    expect(checked.has(bad)).toBe(false);
  });

  it("labels must be strings or numbers", () => {
    expect(badInput(() => decodeSeries({ index: ["a", null], values: [1, 2] }, "r")).message).toBe(
      "r/index/1: a label must be a string or a number, got null",
    );
    expect(badInput(() => decodeSeries({ index: "abc", values: [1] }, "r")).message).toBe(
      "r/index: must be a list of labels, got a string",
    );
  });

  it("name is a string; freq is a non-empty string kept opaque", () => {
    expect(badInput(() => decodeSeries({ values: [1], name: 3 }, "r")).message).toBe(
      "r/name: must be a string, got a number",
    );
    expect(badInput(() => decodeSeries({ values: [1], freq: "" }, "r")).message).toBe(
      "r/freq: must be a non-empty string",
    );
    expect(decodeSeries({ values: [1], freq: "W-FRI" }, "r").freq).toBe("W-FRI");
  });

  it("the date-shape and calendar checks agree with src/lib/dates.ts", () => {
    const samples = [
      "2024-01-02",
      "2024-1-02",
      "2024-01-02T10:00",
      "2024-01-02T10:00:59",
      "2024-01-02T10:00:60",
      "2024-01-02T10:00:00.1",
      "2024-01-02T10:00:00.1234567891",
      "2024-01-02T10:00:00.123456789Z",
      "2024-01-02T10:00Z",
      "2024-01-02T10:00+24:00",
      "2024-01-02T10:00+05:30",
      "2024-01-02T10:00+0530",
      "2024-01-02T10",
      "2024-01-02 10:00",
      "2024-01-02T10:00:00.",
      "2024-02-29",
      "2023-02-29",
      "1900-02-29",
      "2000-02-29",
      "2024-00-10",
      "2024-04-31",
      "9999-12-31T23:59:59.999Z",
      "2024-01-02T25:00",
      "2024-01-02T23:60",
      "2024-01-02T10:00:00Z ",
      "2024-01-02Z",
      "2024-01-02T10:00:5",
    ];
    for (const s of samples) {
      expect(dateShape(s) !== 0, s).toBe(looksLikeIsoTimestamp(s));
      expect(isValidIsoLabel(s), s).toBe(parseIsoTimestamp(s) !== null);
    }
  });
});

describe("near misses and shape mix-ups (§3.6)", () => {
  it("vals looks like a mistyped values", () => {
    const e = badInput(() => decodeSeries({ vals: [0.01, 0.02] }, "returns"));
    expect(e.field).toBe("returns");
    expect(e.message).toContain("key 'vals' looks like a mistyped 'values'");
    expect(e.message).toBe(
      "returns: key 'vals' looks like a mistyped 'values'. A series is {\"index\": [...], \"values\": [...]} " +
        'and a frame is {"index": [...], "records": [{column: value}, ...]}; got keys ["vals"]',
    );
    expect(e.hint).toBe("did you mean 'values' for 'vals'?");
  });

  it("an unknown key with no near miss is listed", () => {
    const e = badInput(() => decodeSeries({ values: [1.0], nope: 1 }, "returns"));
    expect(e.field).toBe("returns");
    expect(e.message).toBe(
      'returns: unknown key(s) ["nope"] in the series payload; allowed: ["index","values","name","dtype","freq"]',
    );
  });

  it("the first near miss in key order wins; non-ASCII keys are escaped", () => {
    expect(badInput(() => decodeSeries({ nope: 1, indx: [], valus: [] }, "r")).message).toContain(
      "key 'indx' looks like a mistyped 'index'",
    );
    const e = badInput(() => decodeSeries({ values: [1], "caf\u00e9": 1 }, "r"));
    expect(e.message).toMatch(/^[\x20-\x7e]*$/);
    expect(e.message).toContain('["caf\\u00e9"]');
  });

  it("a frame payload in a series position", () => {
    const e = badInput(() => decodeSeries({ records: [{ a: 1 }] }, "returns"));
    expect(e.message).toBe("returns: expected a series, got a frame payload (key 'records')");
    expect(badInput(() => decodeSeries({ columns: ["a"], data: [[1]] }, "returns")).message).toContain(
      "got a frame payload (key 'columns')",
    );
  });
});

describe("MAX_POINTS (§3.7)", () => {
  it("MAX_POINTS + 1 values are rejected with the field named", () => {
    const values = new Array(MAX_POINTS + 1).fill(0);
    for (const payload of [values, { values }]) {
      const e = badInput(() => decodeSeries(payload, "returns"));
      expect(e.code).toBe("too_large");
      expect(e.field).toBe("returns");
      expect(e.message).toBe(
        "returns: series has 1000001 cell(s); the limit is 1000000 (MAX_POINTS). Aggregate or slice the window " +
          "before sending it",
      );
    }
  });

  it("MAX_POINTS values are accepted, fast", () => {
    const n = MAX_POINTS;
    const start = Date.UTC(1990, 0, 1);
    const payload = JSON.parse(
      JSON.stringify({
        index: Array.from({ length: n }, (_, i) => new Date(start + i * 86400000).toISOString().slice(0, 10)),
        values: Array.from({ length: n }, (_, i) => (i % 97 === 0 ? null : Math.round(Math.sin(i) * 1e4) / 1e6)),
        freq: "D",
      }),
    );
    // Speed is measured by npm run bench, not here; this checks the large decode is exact.
    const s = decodeSeries(payload, "returns");
    expect(s.values).toHaveLength(n);
    expect(s.index).toHaveLength(n);
    expect(Number.isNaN(s.values[0])).toBe(true);
    expect(s.values[1]).toBe(payload.values[1]);
    expect(s.freq).toBe("D");
  });
});
