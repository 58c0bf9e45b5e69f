import { describe, expect, it } from "vitest";
import { decodeArgument } from "../../../src/runtime/codec/index.js";
import { chooseBranch } from "../../../src/runtime/codec/fragment.js";
import { shapeArguments, shapeValue } from "../../../src/runtime/shape.js";
import { badInput } from "./helpers.js";

const SERIES = { $ref: "#/$defs/series" };
const FRAME = { $ref: "#/$defs/frame" };
// Fragments as generated/tools.json has them (descriptions shortened).
const F = {
  returns: { $ref: "#/$defs/series", description: "per-period GROSS simple returns" },
  turnover: { anyOf: [SERIES, { type: "number" }], description: "turnover" },
  x: { anyOf: [FRAME, { type: "array", items: { type: "array", items: { type: "number" } } }] },
  y: { anyOf: [SERIES, { type: "array", items: { type: "integer" } }] },
  actions: {
    anyOf: [
      FRAME,
      { type: "array", items: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } } },
    ],
  },
  labels: { anyOf: [SERIES, { type: "array", items: { anyOf: [{ type: "string" }, { type: "integer" }] } }] },
  frameOrNumbers: { anyOf: [FRAME, { type: "array", items: { type: "number" } }] },
  pair: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] },
  rate: { anyOf: [{ type: "number" }, { type: "object", additionalProperties: { type: "number" } }] },
  blockSize: { anyOf: [{ type: "string", enum: ["auto"] }, { type: "number" }] },
  slotsList: { type: "array", items: { type: "string" } },
  slotsObject: { type: "object" },
  date: { type: "string", format: "date", description: "the trade date ISO-8601 date, e.g. 2024-01-02." },
  dateTime: { type: "string", format: "date-time", description: "ISO-8601 date-time, e.g. 2024-01-02T15:30:00Z." },
  timestamp: { type: "string", format: "date-or-date-time", description: "when it happened." },
  rollDates: {
    type: "array",
    items: { type: "string", format: "date", description: "ISO-8601 date, e.g. 2024-01-02." },
  },
  greeks: { type: "object", additionalProperties: { type: "number" } },
  lots: {
    type: "array",
    items: {
      anyOf: [
        {
          type: "object",
          properties: { date: { type: "string", format: "date" }, qty: { type: "number" }, shares: { type: "number" } },
          required: [],
          additionalProperties: false,
        },
        { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
      ],
    },
  },
  item: {
    type: "object",
    properties: {
      asked_about: { type: "string", format: "date" },
      truth: { type: "string" },
      note: { type: "string" },
    },
    required: ["asked_about", "truth"],
    additionalProperties: false,
  },
  panels: { type: "array", items: FRAME },
  untyped: { description: "anything" },
  integer: { type: "integer" },
  number: { type: "number" },
};

describe("payload positions", () => {
  it("a $ref series goes to the codec, with its field", () => {
    expect(decodeArgument({ values: [0.01, null], index: ["2024-01-02", "2024-01-03"] }, F.returns, "returns")).toEqual(
      {
        values: [0.01, NaN],
        index: ["2024-01-02", "2024-01-03"],
      },
    );
    const e = badInput(() => decodeArgument({ vals: [1] }, F.returns, "returns"));
    expect(e.field).toBe("returns");
    expect(e.message).toContain("returns: key 'vals' looks like a mistyped 'values'");
    expect(badInput(() => decodeArgument({ values: [1.0], nope: 1 }, F.returns, "returns")).message).toContain(
      '["nope"]',
    );
  });

  it("arrays of frames recurse into field/i", () => {
    const e = badInput(() => decodeArgument([{ records: [] }, { recs: [] }], F.panels, "panels"));
    expect(e.field).toBe("panels/1");
    expect(e.message).toContain('panels/1: unknown key(s) ["recs"] in the frame payload');
  });
});

describe("anyOf branches (§3.1)", () => {
  it.each([
    ["object -> series", F.turnover, { values: [0.1] }, "series"],
    ["number -> number", F.turnover, 0.1, "number"],
    ["list of numbers under [series, integers] -> series", F.y, [0, 1, 1], "series"],
    [
      "list of lists of numbers under [frame, lists] -> lists",
      F.x,
      [
        [1, 2],
        [3, 4],
      ],
      "array",
    ],
    ["list of records under [frame, lists] -> frame", F.x, [{ a: 1, b: 2 }], "frame"],
    ["split-form object under [frame, lists] -> frame", F.x, { columns: ["a"], data: [[1]] }, "frame"],
    ["[date, ratio] pairs under [frame, pairs] -> pairs", F.actions, [["2024-01-02", 2]], "array"],
    ["list of numbers under [frame, numbers] -> numbers", F.frameOrNumbers, [1, 2, 3], "array"],
    ["empty list under [frame, numbers] -> frame", F.frameOrNumbers, [], "frame"],
    ["list of labels under [series, labels] -> series", F.labels, ["calm", "storm"], "series"],
    ["string under [string, strings] -> string", F.pair, "EURUSD", "string"],
    ["object under [number, record] -> record", F.rate, { EURUSD: 1.1 }, "object"],
    ["'auto' under [enum, number] -> enum", F.blockSize, "auto", "string"],
  ])("%s", (_, fragment, value, expected) => {
    const branch = chooseBranch(value, (fragment as { anyOf: object[] }).anyOf as never);
    const kind = branch === null ? null : "$ref" in branch ? String(branch["$ref"]).slice(8) : String(branch["type"]);
    expect(kind).toBe(expected);
  });

  it("decodes through the chosen branch", () => {
    expect(
      decodeArgument(
        [
          [1, 2],
          [3, 4],
        ],
        F.x,
        "x",
      ),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(decodeArgument([{ a: 1 }], F.x, "x")).toMatchObject({ columns: ["a"], nrows: 1 });
    expect(decodeArgument([0, 1], F.y, "y")).toEqual({ values: [0, 1] });
    expect(decodeArgument("EURUSD", F.pair, "pair")).toBe("EURUSD");
    expect(decodeArgument(["EURUSD"], F.pair, "pair")).toEqual(["EURUSD"]);
  });

  it("an object that looks like a payload keeps its payload error even beside an object branch", () => {
    const frag = { anyOf: [SERIES, { type: "object", additionalProperties: { type: "number" } }] };
    expect(decodeArgument({ a: 1 }, frag, "w")).toEqual({ a: 1 });
    expect(badInput(() => decodeArgument({ vals: [1] }, frag, "w")).message).toContain(
      "key 'vals' looks like a mistyped 'values'",
    );
    expect(decodeArgument({ values: [1] }, frag, "w")).toEqual({ values: [1] });
  });

  it("with both a series and a frame branch, frame keys go to the frame", () => {
    const frag = { anyOf: [SERIES, FRAME] };
    expect(decodeArgument({ records: [{ a: 1 }] }, frag, "z")).toMatchObject({ columns: ["a"] });
    expect(decodeArgument({ values: [1] }, frag, "z")).toEqual({ values: [1] });
    expect(decodeArgument([{ a: 1 }], frag, "z")).toMatchObject({ columns: ["a"] });
    expect(decodeArgument([1], frag, "z")).toEqual({ values: [1] });
  });

  it("an implausible array falls back to the payload branch when no other branch fits", () => {
    expect(badInput(() => decodeArgument([[1]], F.turnover, "turnover")).field).toBe("turnover/0");
  });

  it("no fitting branch: the alternatives in schema order", () => {
    const e = badInput(() => decodeArgument("abc", F.turnover, "turnover"));
    expect(e.code).toBe("invalid_value");
    expect(e.message).toBe('turnover: must be a series or a number, got a string "abc"');
    expect(badInput(() => decodeArgument(2.5, { anyOf: [{ type: "integer" }, { type: "string" }] }, "k")).message).toBe(
      "k: must be an integer or a string, got 2.5",
    );
    expect(badInput(() => decodeArgument(true, F.blockSize, "block_size")).message).toBe(
      'block_size: must be one of ["auto"] or a number, got a boolean',
    );
  });
});

describe("null, bare strings, objects (§3.1)", () => {
  it("shapeArguments drops top-level nulls and wraps bare strings for arrays of strings", () => {
    const schema = {
      type: "object",
      properties: { slots: F.slotsList, pair: F.pair, returns: F.returns, strict: { type: "boolean" } },
    };
    const shaped = shapeArguments(
      { slots: "returns", pair: "EURUSD", returns: null, strict: false, extra: null },
      schema,
    );
    expect(shaped).toEqual({ slots: ["returns"], pair: "EURUSD", strict: false });
    expect(Object.keys(shaped)).toEqual(["slots", "pair", "strict"]);
    expect(shapeArguments({ slots: ["a"] }, schema)).toEqual({ slots: ["a"] });
  });

  it("a bare string is one name where the fragment is an array of strings, at any depth", () => {
    expect(shapeValue("returns", F.slotsList, {})).toEqual(["returns"]);
    expect(shapeValue("2024-01-02", F.rollDates, {})).toEqual(["2024-01-02"]);
    expect(shapeValue({ s: "a" }, { type: "object", properties: { s: F.slotsList } }, {})).toEqual({ s: ["a"] });
    expect(shapeValue("EURUSD", F.pair, {})).toBe("EURUSD");
  });

  it("drops non-required nulls in objects with properties, keeps required ones (then a type mismatch)", () => {
    expect(shapeValue([{ date: "2024-01-02", qty: 5, shares: null }], F.lots, {})).toEqual([
      { date: "2024-01-02", qty: 5 },
    ]);
    const item = shapeValue({ asked_about: "2024-01-02", truth: null, note: null }, F.item, {});
    expect(item).toEqual({ asked_about: "2024-01-02", truth: null });
    expect(badInput(() => decodeArgument(item, F.item, "item")).message).toBe("item/truth: must be a string, got null");
  });

  it("payload keys that are null are dropped; unchanged values are returned as they are", () => {
    const defs = { series: { anyOf: [{ type: "array" }, { type: "object", properties: { values: {}, name: {} } }] } };
    expect(shapeValue({ values: [1, null], name: null }, SERIES, defs)).toEqual({ values: [1, null] });
    const long = [1, 2, 3];
    expect(shapeValue(long, F.turnover, defs)).toBe(long);
  });

  it("an undefined member (in-process callers) is absent, as JSON would send it", () => {
    const lots = shapeValue([{ date: "2024-01-02", qty: undefined }], F.lots, {});
    expect(lots).toEqual([{ date: "2024-01-02" }]);
    expect(Object.keys((lots as object[])[0]!)).toEqual(["date"]);
  });

  it("free-form objects and records keep their nulls", () => {
    expect(shapeValue({ returns: null, x: 1 }, F.slotsObject, {})).toEqual({ returns: null, x: 1 });
    expect(decodeArgument({ returns: null, x: 1 }, F.slotsObject, "slots")).toEqual({ returns: null, x: 1 });
    expect(shapeValue({ delta: null }, F.greeks, {})).toEqual({ delta: null });
  });

  it("Record inputs keep keys in order and decode values at field/<key>", () => {
    const out = decodeArgument({ z: 1, a: 2 }, F.greeks, "greeks") as object;
    expect(Object.keys(out)).toEqual(["z", "a"]);
    const frag = { type: "object", additionalProperties: { type: "string", format: "date" } };
    expect(badInput(() => decodeArgument({ "a/b~c": "2024-02-30" }, frag, "when")).field).toBe("when/a~1b~0c");
    expect(
      badInput(() => decodeArgument({ s: { vals: [] } }, { type: "object", additionalProperties: SERIES }, "m")).field,
    ).toBe("m/s");
  });
});

describe("dates and numbers", () => {
  it("IsoDate, IsoDateTime and IsoTimestamp positions (§3.4)", () => {
    expect(decodeArgument("2024-01-02", F.date, "date")).toBe("2024-01-02");
    const e = badInput(() => decodeArgument("2024-02-30", F.date, "date"));
    expect(e.field).toBe("date");
    expect(e.message).toBe('date: "2024-02-30" is not a valid ISO-8601 date');
    expect(badInput(() => decodeArgument("2024-01-02T00:00:00Z", F.date, "date")).message).toBe(
      'date: "2024-01-02T00:00:00Z" is not a valid ISO-8601 date',
    );
    expect(decodeArgument("2024-01-02T15:30:00Z", F.dateTime, "at")).toBe("2024-01-02T15:30:00Z");
    expect(badInput(() => decodeArgument("2024-01-02", F.dateTime, "at")).message).toBe(
      'at: "2024-01-02" is not a valid ISO-8601 date-time',
    );
    expect(badInput(() => decodeArgument("2024-01-02T25:00", F.dateTime, "at")).message).toBe(
      'at: "2024-01-02T25:00" is not a valid ISO-8601 date-time',
    );
    expect(decodeArgument("2024-01-02", F.timestamp, "ts")).toBe("2024-01-02");
    expect(decodeArgument("2024-01-02T10:00+01:00", F.timestamp, "ts")).toBe("2024-01-02T10:00+01:00");
    expect(badInput(() => decodeArgument("tomorrow", F.timestamp, "ts")).message).toBe(
      'ts: "tomorrow" is not a valid ISO-8601 date or date-time',
    );
    expect(badInput(() => decodeArgument(["2024-01-02", "2024-13-01"], F.rollDates, "roll_dates")).field).toBe(
      "roll_dates/1",
    );
    expect(badInput(() => decodeArgument([{ date: "2024-02-30" }], F.lots, "lots")).field).toBe("lots/0/date");
  });

  it('scalar numbers must be finite; "Infinity" only inside payload cells', () => {
    expect(badInput(() => decodeArgument("Infinity", F.number, "rf")).message).toBe(
      'rf: must be a finite number, got "Infinity" ("Infinity" is accepted only inside series values and frame cells)',
    );
    expect(badInput(() => decodeArgument(NaN, F.number, "rf")).message).toBe("rf: must be a finite number, got NaN");
    expect(badInput(() => decodeArgument(-Infinity, F.integer, "n")).field).toBe("n");
    expect(badInput(() => decodeArgument("-Infinity", F.turnover, "turnover")).message).toBe(
      'turnover: must be a series or a number, got a string "-Infinity"',
    );
    expect(decodeArgument(["Infinity", 1], F.y, "y")).toEqual({ values: [Infinity, 1] });
    expect(decodeArgument({ values: ["-Infinity"] }, F.returns, "returns")).toEqual({ values: [-Infinity] });
  });
});

describe("untyped positions (§3.6)", () => {
  it("a near miss of a payload key is bad input; other objects pass", () => {
    const e = badInput(() => decodeArgument({ vals: [1] }, F.untyped, "anything"));
    expect(e.message).toContain("anything: key 'vals' looks like a mistyped 'values'");
    expect(badInput(() => decodeArgument({ record: [] }, F.untyped, "a")).message).toContain("'records'");
    expect(decodeArgument({ foo: 1, bar: null }, F.untyped, "a")).toEqual({ foo: 1, bar: null });
    expect(decodeArgument({ values: [1] }, F.untyped, "a")).toEqual({ values: [1] });
    expect(decodeArgument({}, F.untyped, "a")).toEqual({});
    expect(decodeArgument([1, "x"], {}, "a")).toEqual([1, "x"]);
    // call.ts passes fragments with the tool's $defs beside them: still untyped
    expect(badInput(() => decodeArgument({ vals: 1 }, { $defs: {}, description: "x" }, "a")).field).toBe("a");
  });
});

describe("prototype pollution", () => {
  const polluted = () =>
    (({}) as Record<string, unknown>)["x"] !== undefined || ({} as Record<string, unknown>)["polluted"] !== undefined;

  it("__proto__ keys in records, objects and top-level arguments stay plain data", () => {
    const nested = { type: "object", additionalProperties: { type: "object" } };
    const greeks = decodeArgument(JSON.parse('{"__proto__": {"x": 1}, "delta": {}}'), nested, "greeks") as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(greeks)).toBe(Object.prototype);
    expect(Object.keys(greeks)).toEqual(["__proto__", "delta"]);
    expect(Object.getOwnPropertyDescriptor(greeks, "__proto__")?.value).toEqual({ x: 1 });
    expect(greeks["x"]).toBeUndefined();

    const item = decodeArgument(
      JSON.parse('{"asked_about": "2024-01-02", "truth": "t", "__proto__": {"polluted": true}}'),
      F.item,
      "item",
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(item["polluted"]).toBeUndefined();

    const shaped = shapeArguments(JSON.parse('{"__proto__": {"polluted": true}, "constructor": "x"}'), {
      properties: {},
    });
    expect(Object.getPrototypeOf(shaped)).toBe(Object.prototype);
    expect(Object.keys(shaped)).toEqual(["__proto__", "constructor"]);
    expect(polluted()).toBe(false);
  });

  it("__proto__ in a payload is an unknown key; inherited names are never read as members", () => {
    expect(
      badInput(() => decodeArgument(JSON.parse('{"values": [1], "__proto__": {"x": 1}}'), F.returns, "returns"))
        .message,
    ).toContain('["__proto__"]');
    expect(badInput(() => decodeArgument(JSON.parse('{"constructor": [1]}'), F.returns, "returns")).message).toContain(
      'unknown key(s) ["constructor"]',
    );
    // An object without own `values` must not see Object.prototype members through a lookup.
    expect(badInput(() => decodeArgument({ toString: [1] }, F.returns, "returns")).message).toContain('["toString"]');
    expect(polluted()).toBe(false);
  });
});

describe("deep nesting", () => {
  it("nested arrays decode element by element with full paths", () => {
    const splits = { type: "array", items: { type: "array", items: { type: "array", items: { type: "integer" } } } };
    expect(decodeArgument([[[0, 1], [2]]], splits, "splits")).toEqual([[[0, 1], [2]]]);
    expect(badInput(() => decodeArgument([[[0, NaN]]], splits, "splits")).field).toBe("splits/0/0/1");
  });
});

describe("lists of plain numbers", () => {
  const list = { type: "array", items: { type: "number" } };
  it("decode to an equal copy when every element is a finite number", () => {
    const v = [0.5, -1, 3e-9, 0];
    const out = decodeArgument(v, list, "sharpes");
    expect(out).toEqual(v);
    expect(out).not.toBe(v);
  });
  it("name the first element that is not a finite number, as the per-element walk does", () => {
    expect(() => decodeArgument([1, 2, "x", 4], list, "sharpes")).toThrow(/sharpes\/2/);
    expect(() => decodeArgument([1, Number.POSITIVE_INFINITY], list, "sharpes")).toThrow(
      "sharpes/1: must be a finite number, got Infinity",
    );
  });
});
