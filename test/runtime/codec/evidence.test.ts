import { describe, expect, it } from "vitest";
import { encodeEvidence } from "../../../src/runtime/codec/index.js";
import type { Frame } from "../../../src/contract/guard.js";

function roundTrips(x: unknown): void {
  expect(JSON.parse(JSON.stringify(x))).toEqual(x);
}

function bigFrame(n: number): Frame {
  const idx = Array.from({ length: n }, (_, i) => `r${i}`);
  return {
    columns: ["a", "b"],
    data: { a: idx.map((_, i) => i), b: idx.map((_, i) => (i % 2 ? "x" : null)) },
    nrows: n,
    index: idx,
    indexName: "k",
  };
}

describe("encodeEvidence truncation (§3.8)", () => {
  it("a 500-row frame gives 50 records, declared", () => {
    const enc = encodeEvidence({ curve: bigFrame(500) }) as Record<string, Record<string, unknown>>;
    const curve = enc["curve"]!;
    expect(curve["records"]).toHaveLength(50);
    expect(curve["index"]).toHaveLength(50);
    expect(curve["truncated"]).toEqual({ kept: 50, of: 500 });
    expect(Object.keys(curve)).toEqual(["index", "index_name", "columns", "records", "truncated"]);
    expect((curve["records"] as unknown[])[0]).toEqual({ a: 0, b: null });
    roundTrips(enc);
  });

  it("a small frame is the records form, uncut", () => {
    const enc = encodeEvidence(bigFrame(3)) as Record<string, unknown>;
    expect(enc["records"]).toHaveLength(3);
    expect(enc["truncated"]).toBeUndefined();
  });

  it("a 2,000-point series is cut to 500, declared", () => {
    const s = {
      index: Array.from({ length: 2000 }, (_, i) => i),
      values: Array.from({ length: 2000 }, (_, i) => (i === 1 ? NaN : i)),
      name: "r",
    };
    const enc = encodeEvidence(s) as Record<string, unknown>;
    expect(enc["values"]).toHaveLength(500);
    expect(enc["index"]).toHaveLength(500);
    expect((enc["values"] as unknown[])[1]).toBeNull();
    expect(enc["truncated"]).toEqual({ kept: 500, of: 2000 });
    expect(Object.keys(enc)).toEqual(["index", "values", "name", "truncated"]);
    roundTrips(enc);
  });

  it("a 2,000-element array gives {items, truncated}", () => {
    const enc = encodeEvidence(Array.from({ length: 2000 }, (_, i) => i)) as Record<string, unknown>;
    expect(Object.keys(enc)).toEqual(["items", "truncated"]);
    expect(enc["items"]).toHaveLength(500);
    expect(enc["truncated"]).toEqual({ kept: 500, of: 2000 });
    expect(encodeEvidence(new Float64Array(600))).toMatchObject({ truncated: { kept: 500, of: 600 } });
    expect(encodeEvidence(new Set(Array.from({ length: 501 }, (_, i) => i)))).toMatchObject({
      truncated: { kept: 500, of: 501 },
    });
  });

  it("a 600-key object gives {entries, truncated}", () => {
    const obj = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i]));
    const enc = encodeEvidence(obj) as Record<string, Record<string, unknown>>;
    expect(Object.keys(enc)).toEqual(["entries", "truncated"]);
    expect(Object.keys(enc["entries"]!)).toHaveLength(500);
    expect(Object.keys(enc["entries"]!)[0]).toBe("k0");
    expect(enc["truncated"]).toEqual({ kept: 500, of: 600 });
    const map = new Map(Array.from({ length: 600 }, (_, i) => [i, i]));
    expect(encodeEvidence(map)).toMatchObject({ truncated: { kept: 500, of: 600 } });
  });

  it("a 10,000-character string gives {text, truncated}", () => {
    const enc = encodeEvidence("x".repeat(10_000)) as Record<string, unknown>;
    expect(enc["text"]).toBe("x".repeat(4000));
    expect(enc["truncated"]).toEqual({ kept: 4000, of: 10_000 });
    expect(encodeEvidence("y".repeat(4000))).toBe("y".repeat(4000));
    // characters are code points: 4,000 emoji are 8,000 UTF-16 units but are not cut
    expect(encodeEvidence("\u{1F600}".repeat(4000))).toBe("\u{1F600}".repeat(4000));
    expect((encodeEvidence("\u{1F600}".repeat(4001)) as Record<string, unknown>)["truncated"]).toEqual({
      kept: 4000,
      of: 4001,
    });
  });
});

describe("encodeEvidence values (§3.8)", () => {
  it("numbers, dates, bigints, functions, symbols", () => {
    const enc = encodeEvidence({
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      nz: -0,
      d: new Date("2024-01-02T00:00:00Z"),
      bad: new Date(NaN),
      big: 12n,
      huge: 2n ** 70n,
      f: function named() {},
      anon: (
        () => () =>
          1
      )(),
      sym: Symbol("s"),
      u: undefined,
      n: null,
    }) as Record<string, unknown>;
    expect(enc["nan"]).toBeNull();
    expect(enc["inf"]).toBe("Infinity");
    expect(enc["ninf"]).toBe("-Infinity");
    expect(Object.is(enc["nz"], 0)).toBe(true);
    expect(String(enc["d"]).startsWith("2024-01-02")).toBe(true);
    expect(enc["d"]).toBe("2024-01-02T00:00:00.000Z");
    expect(enc["bad"]).toBeNull();
    expect(enc["big"]).toBe(12);
    expect(enc["huge"]).toBe("1180591620717411303424");
    expect(enc["f"]).toBe("[function named]");
    expect(enc["anon"]).toBe("[function anonymous]");
    expect(enc["sym"]).toBe("Symbol(s)");
    expect("u" in enc).toBe(false);
    expect(enc["n"]).toBeNull();
    expect(encodeEvidence([undefined, () => 1])).toEqual([null, "[function anonymous]"]);
    roundTrips(enc);
  });

  it("keeps the guard's key order", () => {
    expect(Object.keys(encodeEvidence({ z: 1, a: 2, m: { y: 1, b: 2 } }) as object)).toEqual(["z", "a", "m"]);
  });

  it("toJSON, class instances (data properties only), Maps", () => {
    class Card {
      kept = 1;
      other = "x";
      get computed(): number {
        throw new Error("getters are not run");
      }
      method(): void {}
    }
    const withGetter = Object.defineProperty({ a: 1 }, "boom", {
      enumerable: true,
      get: () => {
        throw new Error("no");
      },
    });
    expect(encodeEvidence(new Card())).toEqual({ kept: 1, other: "x" });
    expect(encodeEvidence(withGetter)).toEqual({ a: 1 });
    expect(encodeEvidence({ toJSON: () => ({ as: "json", n: NaN }) })).toEqual({ as: "json", n: null });
    expect(
      encodeEvidence(
        new Map<unknown, unknown>([
          [1, "a"],
          [{ k: 1 }, "b"],
        ]),
      ),
    ).toEqual({ "1": "a", "[object Object]": "b" });
  });

  it("a cycle gives [circular]; shared references are not cycles", () => {
    const a: Record<string, unknown> = { name: "a" };
    a["self"] = a;
    const shared = [1];
    const enc = encodeEvidence({ a, x: shared, y: shared });
    expect(enc).toEqual({ a: { name: "a", self: "[circular]" }, x: [1], y: [1] });
    roundTrips(enc);
  });

  it("depth beyond 8 gives [nested too deep]", () => {
    let deep: unknown = { leaf: 1 };
    for (let i = 0; i < 20; i++) deep = { d: deep };
    const s = JSON.stringify(encodeEvidence(deep));
    expect(s).toContain('"[nested too deep]"');
    expect((s.match(/"d"/g) ?? []).length).toBe(9);
    let arr: unknown = [1];
    for (let i = 0; i < 100_000; i++) arr = [arr];
    expect(JSON.stringify(encodeEvidence(arr))).toContain("[nested too deep]");
  });

  it("never throws, even on hostile objects", () => {
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("no keys");
        },
      },
    );
    expect(() => encodeEvidence({ p: proxy })).not.toThrow();
    expect(encodeEvidence({ p: proxy })).toEqual({ p: "[unencodable: Error]" });
    const badToJson = {
      toJSON: () => {
        throw new TypeError("x");
      },
    };
    expect(encodeEvidence([badToJson])).toEqual(["[unencodable: TypeError]"]);
  });

  it("series and frames nested in evidence; __proto__ keys stay data", () => {
    const enc = encodeEvidence({ s: { values: [1, NaN] }, f: { columns: ["x"], data: { x: [Infinity] }, nrows: 1 } });
    expect(enc).toEqual({ s: { values: [1, null] }, f: { columns: ["x"], records: [{ x: "Infinity" }] } });
    const evil = JSON.parse('{"__proto__": {"polluted": 1}, "ok": 2}');
    const out = encodeEvidence(evil) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["__proto__", "ok"]);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    roundTrips(out);
  });

  it("frame-like objects that are not frames are plain objects", () => {
    expect(encodeEvidence({ columns: ["a"], data: [[1]], nrows: 1 })).toEqual({
      columns: ["a"],
      data: [[1]],
      nrows: 1,
    });
    expect(encodeEvidence({ columns: ["a"], data: {}, nrows: 1 })).toEqual({ columns: ["a"], data: {}, nrows: 1 });
  });

  it("an object with a values key but other keys is a plain object", () => {
    expect(encodeEvidence({ values: [NaN], label: "x" })).toEqual({ values: [null], label: "x" });
  });
});
