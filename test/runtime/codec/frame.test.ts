import { describe, expect, it } from "vitest";
import { decodeFrame, encodeFrame, MAX_POINTS } from "../../../src/runtime/codec/index.js";
import { isoFromEpochMs } from "../../../src/runtime/codec/frame.js";
import type { Frame } from "../../../src/contract/guard.js";
import { badInput, businessDates } from "./helpers.js";

function wire<T>(x: T): unknown {
  return JSON.parse(JSON.stringify(x));
}

function frameOf(columns: string[], data: Record<string, unknown[]>, extra: Partial<Frame> = {}): Frame {
  return { columns, data: data as Frame["data"], nrows: data[columns[0]!]?.length ?? 0, ...extra };
}

const DATES = businessDates(4);
const MIXED = frameOf(
  ["close", "volume", "ticker"],
  { close: [10.5, 10.7, NaN, Infinity], volume: [1200, NaN, 900, 0], ticker: ["A", "B", null, "D"] },
  { index: DATES, indexName: "date", dtypes: { close: "float64", volume: "int64", ticker: "string" }, freq: "B" },
);

describe("frame round trips (§3.3)", () => {
  it("float, int64 and string columns on a date index named date, with dtypes", () => {
    const enc = encodeFrame(MIXED);
    expect(Object.keys(enc)).toEqual(["index", "index_name", "columns", "records", "dtypes", "freq"]);
    expect((enc["records"] as unknown[])[2]).toEqual({ close: null, volume: 900, ticker: null });
    expect((enc["records"] as unknown[])[3]).toEqual({ close: "Infinity", volume: 0, ticker: "D" });
    expect(decodeFrame(wire(enc), "bars")).toEqual(MIXED);
  });

  it("the split form decodes equal to the records form", () => {
    const split = {
      index: DATES,
      index_name: "date",
      columns: ["close", "volume", "ticker"],
      data: [
        [10.5, 1200, "A"],
        [10.7, null, "B"],
        [null, 900, null],
        ["Infinity", 0, "D"],
      ],
      dtypes: { close: "float64", volume: "int64", ticker: "string" },
      freq: "B",
    };
    expect(decodeFrame(split, "bars")).toEqual(decodeFrame(wire(encodeFrame(MIXED)), "bars"));
    expect(decodeFrame(split, "bars")).toEqual(MIXED);
  });

  it("columns default to the first record's keys; a missing column is a missing cell", () => {
    const f = decodeFrame({ records: [{ b: 1, a: "x" }, { a: "y" }] }, "bars");
    expect(f.columns).toEqual(["b", "a"]);
    expect(f.data["b"]).toEqual([1, NaN]);
    expect(f.data["a"]).toEqual(["x", "y"]);
    expect(f.nrows).toBe(2);
    expect(f.index).toBeUndefined();
  });

  it("explicit columns pick and order the cells; null members are absent", () => {
    const f = decodeFrame(
      { index: null, columns: ["a", "c"], records: [{ a: 1, b: 2 }], dtypes: null, freq: null, data: null },
      "bars",
    );
    expect(f).toEqual(frameOf(["a", "c"], { a: [1], c: [NaN] }));
  });
});

describe("bare forms (§3.3)", () => {
  it("a bare list of records is a frame without index", () => {
    expect(decodeFrame([{ close: 10.5 }, { close: 10.7 }], "bars")).toEqual(
      frameOf(["close"], { close: [10.5, 10.7] }),
    );
    expect(decodeFrame([], "bars")).toEqual({ columns: [], data: {}, nrows: 0 });
  });

  it("OHLCV points give open, high, low, close, volume indexed by t", () => {
    const f = decodeFrame(
      [
        { t: "2024-01-02", o: 10, h: 11, l: 9.5, c: 10.5, v: 1200 },
        { t: "2024-01-03", o: 10.5, h: 11.5, l: 10, c: 11, v: 900 },
      ],
      "bars",
    );
    expect(f.columns).toEqual(["open", "high", "low", "close", "volume"]);
    expect(f.index).toEqual(["2024-01-02", "2024-01-03"]);
    expect(f.data["close"]).toEqual([10.5, 11]);
    expect(f.data["volume"]).toEqual([1200, 900]);
  });

  it("a numeric t is epoch milliseconds, UTC, as an ISO string ending in Z", () => {
    const f = decodeFrame(
      [
        { t: 1704153600000, c: 1, vw: 1.1, n: 7 },
        { t: 1704240000123, c: 2, o: null },
      ],
      "bars",
    );
    expect(f.index).toEqual(["2024-01-02T00:00:00.000Z", "2024-01-03T00:00:00.123Z"]);
    expect(f.columns).toEqual(["close", "vwap", "trades"]);
    expect(f.data["vwap"]).toEqual([1.1, NaN]);
    for (const t of [0, -1, 951782400000, 253402300799999, 1.9]) {
      expect(decodeFrame([{ t, c: 1 }], "bars").index).toEqual([new Date(t).toISOString()]);
    }
  });

  it("an array is points only when every element qualifies", () => {
    const f = decodeFrame(
      [
        { t: "2024-01-02", c: 1 },
        { t: "2024-01-03", c: 2, extra: 1 },
      ],
      "bars",
    );
    expect(f.columns).toEqual(["t", "c"]);
    expect(decodeFrame([{ t: "2024-01-02", v: 1 }], "bars").columns).toEqual(["t", "v"]);
  });

  it("bad points name the point and key", () => {
    expect(
      badInput(() =>
        decodeFrame(
          [
            { t: "2024-01-02", c: 1 },
            { t: "2024-13-02", c: 1 },
          ],
          "bars",
        ),
      ).message,
    ).toBe('bars/1/t: "2024-13-02" is not a valid ISO-8601 date');
    expect(badInput(() => decodeFrame([{ t: "yesterday", c: 1 }], "bars")).message).toBe(
      'bars/0/t: "yesterday" is not a valid ISO-8601 date or date-time',
    );
    expect(badInput(() => decodeFrame([{ t: true, c: 1 }], "bars")).field).toBe("bars/0/t");
    expect(badInput(() => decodeFrame([{ t: 1, c: "abc" }], "bars")).message).toBe(
      'bars/0/c: must be a number, got "abc"',
    );
  });
});

describe("frame errors", () => {
  it("any other value", () => {
    expect(badInput(() => decodeFrame(3, "bars")).message).toBe(
      'bars: must be a frame payload {"index": [...], "records": [...]} or {"columns": [...], "data": [...]}, ' +
        "a list of records or a list of OHLCV points, got 3",
    );
  });

  it("a record that is not an object", () => {
    const e = badInput(() => decodeFrame({ records: [{ a: 1 }, { a: 2 }, { a: 3 }, 4] }, "bars"));
    expect(e.field).toBe("bars/records/3");
    expect(e.message).toBe("bars/records/3: expected an object of {column: value}, got a number");
    expect(badInput(() => decodeFrame([{ a: 1 }, 2], "bars")).field).toBe("bars/1");
    expect(badInput(() => decodeFrame([1, 2], "bars")).message).toBe(
      "bars/0: expected an object of {column: value}, got a number",
    );
  });

  it("a split-form row with the wrong number of cells", () => {
    const e = badInput(() =>
      decodeFrame(
        {
          columns: ["a", "b", "c"],
          data: [
            [1, 2, 3],
            [1, 2],
          ],
        },
        "bars",
      ),
    );
    expect(e.field).toBe("bars/data/1");
    expect(e.message).toBe("bars/data/1: row has 2 cell(s) but there are 3 column(s)");
    expect(badInput(() => decodeFrame({ data: [[1]] }, "bars")).message).toContain('missing key(s) ["columns"]');
    expect(badInput(() => decodeFrame({ columns: ["a"], data: [[1]], records: [] }, "bars")).message).toBe(
      "bars: send 'records' or 'data', not both",
    );
    expect(badInput(() => decodeFrame({ index: [] }, "bars")).message).toContain('missing key(s) ["records"]');
  });

  it("a cell that does not fit its dtype", () => {
    const e = badInput(() =>
      decodeFrame(
        { records: [{ volume: 1 }, { volume: 2 }, { volume: 3 }, { volume: 2.5 }], dtypes: { volume: "int64" } },
        "bars",
      ),
    );
    expect(e.field).toBe("bars/dtypes/volume");
    expect(e.message).toBe("bars/dtypes/volume: column 'volume' does not fit dtype \"int64\" - row 3 has 2.5");
    expect(badInput(() => decodeFrame({ records: [{ a: 1 }], dtypes: { b: "int" } }, "bars")).message).toBe(
      "bars/dtypes/b: no column 'b'; columns: [\"a\"]",
    );
    expect(badInput(() => decodeFrame({ records: [{ a: 1 }], dtypes: { a: "decimal" } }, "bars")).field).toBe(
      "bars/dtypes/a",
    );
  });

  it("an inferred-kind mismatch names the cell", () => {
    expect(badInput(() => decodeFrame({ records: [{ a: 1 }, { a: "x" }] }, "bars")).message).toBe(
      'bars/records/1/a: expected a number like the first value, got "x"',
    );
    expect(
      badInput(() =>
        decodeFrame(
          {
            columns: ["a", "b"],
            data: [
              [1, true],
              [2, 3],
            ],
          },
          "bars",
        ),
      ).message,
    ).toBe("bars/data/1/1: expected a boolean like the first value, got 3");
    expect(badInput(() => decodeFrame([{ "a/b": 1 }, { "a/b": "x" }], "bars")).field).toBe("bars/1/a~1b");
  });

  it("index length and dates", () => {
    expect(
      badInput(() =>
        decodeFrame({ index: ["2024-01-02", "2024-01-03"], records: [{ a: 1 }, { a: 2 }, { a: 3 }] }, "bars"),
      ).message,
    ).toBe("bars/index: index has 2 label(s) but there are 3 row(s)");
    expect(
      badInput(() => decodeFrame({ index: ["2024-01-02", "2024-02-30"], records: [{ a: 1 }, { a: 2 }] }, "bars")).field,
    ).toBe("bars/index/1");
  });

  it("columns are unique strings", () => {
    expect(badInput(() => decodeFrame({ columns: ["a", "a"], data: [] }, "bars")).message).toBe(
      "bars/columns: duplicate column 'a'",
    );
    expect(badInput(() => decodeFrame({ columns: ["a", 1], data: [] }, "bars")).field).toBe("bars/columns/1");
  });
});

describe("near misses (§3.6)", () => {
  it("record is a near miss of records", () => {
    const e = badInput(() => decodeFrame({ record: [{ a: 1 }] }, "bars"));
    expect(e.field).toBe("bars");
    expect(e.message).toContain("key 'record' looks like a mistyped 'records'");
    expect(e.hint).toBe("did you mean 'records' for 'record'?");
  });

  it("recs (ratio 0.727) gives the unknown-key message", () => {
    expect(badInput(() => decodeFrame({ recs: [{ a: 1 }] }, "bars")).message).toBe(
      'bars: unknown key(s) ["recs"] in the frame payload; allowed: ' +
        '["index","columns","records","data","dtypes","freq","index_name"]',
    );
  });

  it("a series payload in a frame position gives the mirror message", () => {
    expect(badInput(() => decodeFrame({ values: [1, 2] }, "bars")).message).toBe(
      "bars: expected a frame, got a series payload (key 'values')",
    );
  });

  it("truncated is tolerated on input", () => {
    expect(decodeFrame({ records: [{ a: 1 }], truncated: { kept: 1, of: 9 } }, "bars").nrows).toBe(1);
  });
});

describe("MAX_POINTS for frames (§3.7)", () => {
  it("counts rows x max(columns, 1)", () => {
    const rows = Array.from({ length: 500_001 }, () => [1, 2]);
    const e = badInput(() => decodeFrame({ columns: ["a", "b"], data: rows }, "bars"));
    expect(e.code).toBe("too_large");
    expect(e.field).toBe("bars");
    expect(e.message).toBe(
      "bars: frame has 1000002 cell(s); the limit is 1000000 (MAX_POINTS). Aggregate or slice the window " +
        "before sending it",
    );
    expect(
      badInput(() => decodeFrame({ columns: [], data: new Array(MAX_POINTS + 1).fill([]) }, "bars")).message,
    ).toContain("frame has 1000001 cell(s)");
    expect(decodeFrame({ columns: ["a", "b"], data: rows.slice(0, 500_000) }, "bars").nrows).toBe(500_000);
  });
});

describe("prototype safety", () => {
  it("columns named __proto__ and constructor are plain data", () => {
    const bad = badInput(() => decodeFrame(JSON.parse('{"records":[{"__proto__":{"x":1}}]}'), "bars"));
    expect(bad.field).toBe("bars/records/0/__proto__");
    const payload = JSON.parse('{"records":[{"__proto__":1,"constructor":2,"toString":3}]}');
    const f = decodeFrame(payload, "bars");
    expect(f.columns).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getPrototypeOf(f.data)).toBeNull();
    expect(f.data["constructor"]).toEqual([2]);
    expect(({} as Record<string, unknown>)["x"]).toBeUndefined();
    const back = encodeFrame(f);
    const rec = (back["records"] as Record<string, unknown>[])[0]!;
    expect(Object.getPrototypeOf(rec)).toBe(Object.prototype);
    expect(Object.keys(rec)).toEqual(["__proto__", "constructor", "toString"]);
    expect(JSON.stringify(back)).toContain('"__proto__":1');
    expect(decodeFrame(JSON.parse(JSON.stringify(back)), "bars")).toEqual(f);
  });

  it("a column missing from a record never reads the prototype", () => {
    const f = decodeFrame({ columns: ["constructor", "hasOwnProperty"], records: [{}] }, "bars");
    expect(f.data["constructor"]).toEqual([NaN]);
    expect(f.data["hasOwnProperty"]).toEqual([NaN]);
    expect(decodeFrame({ records: [{ a: 1 }] }, "bars").data["constructor"]).toBeUndefined();
  });

  it("a __proto__ key in a payload is an unknown key, not a prototype", () => {
    const e = badInput(() => decodeFrame(JSON.parse('{"records":[],"__proto__":{"polluted":true}}'), "bars"));
    expect(e.message).toContain('unknown key(s) ["__proto__"]');
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});

describe("isoFromEpochMs", () => {
  it("writes what Date#toISOString writes, inside and outside years 0000-9999 and for fractions", () => {
    // 0000-01-01 and the days before it; 2024-02-29 at midnight and at its last millisecond.
    const cases = [
      0,
      -1,
      1.9,
      -0.5,
      Date.UTC(2024, 1, 29),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      -62_167_219_200_000,
    ];
    let s = 7;
    for (let k = 0; k < 5_000; k++) {
      s = (s * 16807) % 2147483647;
      cases.push(Math.floor((s / 2147483647 - 0.5) * 2 * 8.64e15));
    }
    for (const ms of [-62_167_219_200_001, ...cases])
      expect([ms, isoFromEpochMs(ms)]).toEqual([ms, new Date(Math.trunc(ms)).toISOString()]);
  });
});
