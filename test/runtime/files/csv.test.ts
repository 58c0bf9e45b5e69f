// The CSV reader's two paths give the cells csv-parse gives, and its number test reads exactly the
// decimal grammar; malformed quote-free files get csv-parse's message (never a hang or a run-on row).
// A call reads each file once, keeping the columns its references name.
import { rmSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDelimited } from "../../../src/runtime/files/csv.js";
import { CHUNK_BYTES } from "../../../src/runtime/files/csv_fast.js";
import { filesOpened } from "../../../src/runtime/files/index.js";
import { decimalValue } from "../../../src/runtime/files/table.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { dates, returns, sha256, tempDir, writeCsv } from "./fixtures.js";

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Column-major cells as csv-parse reads the text (the reference). */
function byCsvParse(text: string, delimiter: "," | "\t") {
  const rows = parse(text, { delimiter, bom: true, skip_empty_lines: true }) as string[][];
  return { columns: rows[0], cells: rows[0]!.map((_, j) => rows.slice(1).map((r) => r[j])) };
}

function read(text: string, delimiter: "," | "\t" = ",", chunkBytes?: number) {
  const t = readDelimited(text, delimiter, "returns", '"f.csv"', undefined, chunkBytes);
  return { columns: t.columns, cells: t.cells };
}

const TEXTS: [string, string][] = [
  ["LF", "date,a,b\n2020-01-01,1,2\n2020-01-02,,NA\n"],
  ["CRLF", "date,a,b\r\n2020-01-01,1,2\r\n2020-01-02,3,4\r\n"],
  ["BOM, no final newline", "\ufeffdate,a\n2020-01-01,1\n2020-01-02,2"],
  ["empty lines", "x\n1\n\n2\n\n"],
  ["header only", "a,b\n"],
  ["quoted cells", 'date,"a,b"\n2020-01-01,"1"\n'],
  ["a CRLF line in an LF file", "d,a\n1,2\r\n3,4\n"],
  ["multi-byte text", "d,é\n2020-01-01,ü\n2020-01-02,日本\n2020-01-03,x\n"],
  ["a byte-order mark starting a later line", "d,a\n1,2\n\ufeff3,4\n5,6\n"],
  ["a carriage return inside a cell", "d,a,b\n1,x\ry,2\n3,4,5\n"],
  ["a line feed alone inside a cell of a CRLF file", "d,a,b\r\n1,x\ny,2\r\n3,4,5\r\n"],
  ["a line feed alone inside a last cell of a CRLF file", "d,a\r\n1,x\ny\r\n3,4\r\n"],
];

describe("decimalValue", () => {
  it.each([
    "0",
    "12",
    "-3",
    "+4",
    "1.",
    ".5",
    "-.5",
    "1.25e-3",
    "1E+5",
    "00012",
    "0e5",
    "1e999",
    "-1e999",
    "1.e5",
    "",
    " 1",
    "1 ",
    "0x1f",
    "0X1F",
    "0b1",
    "0o7",
    "-0x1",
    "Infinity",
    "-Infinity",
    "NaN",
    "1_000",
    ".",
    "+",
    "-",
    "1e",
    "e5",
    ".e5",
    "1..2",
    "1,5",
    "١",
    "1\n",
    "abc",
    "2024-01-02",
  ])("reads %j as the decimal grammar does", (s) => {
    const want = DECIMAL.test(s) ? Number(s) : Number.NaN;
    expect(decimalValue(s)).toBe(want);
  });
});

describe("decimalValue, digit by digit", () => {
  it("gives Number's double for plain decimals of up to 17 characters, signs and zeros included", () => {
    let seed = 3;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed;
    };
    const texts = ["-0", "+0", "-0.0", "0.", ".0", "999999999999999", "0.000000000000001", "123456789012.345"];
    for (let k = 0; k < 50_000; k++) {
      const whole = String(next() % 10 ** (next() % 9));
      const frac = String(next()).slice(0, next() % 10);
      const sign = ["", "-", "+"][next() % 3]!;
      texts.push(`${sign}${whole}${frac === "" && next() % 2 ? "" : `.${frac}`}`);
    }
    for (const t of texts) {
      const want = DECIMAL.test(t) ? Number(t) : Number.NaN;
      expect([t, decimalValue(t)]).toEqual([t, want]);
    }
  });
});

describe("readDelimited", () => {
  it.each(TEXTS)("gives csv-parse's cells: %s", (_, text) => {
    expect(read(text)).toEqual(byCsvParse(text, ","));
  });

  it.each(TEXTS)("gives csv-parse's cells with a chunk end after every line: %s", (_, text) => {
    for (const chunkBytes of [1, 2, 3, 5, 8, 13]) expect(read(text, ",", chunkBytes)).toEqual(byCsvParse(text, ","));
  });

  it("reads TSV", () => {
    const text = "date\ta\n2020-01-01\t0.5\n";
    expect(read(text, "\t")).toEqual(byCsvParse(text, "\t"));
  });

  it.each([
    ["a short record mid-file", "d,a\n1,2\n3\n4,5\n", 3],
    ["a short last record", "d,a\n1,2\n3\n", 3],
    ["a long record", "d,a\n1,2\n3,4,5\n6,7\n", 3],
    ["a long record in a CRLF file", "d,a\r\n1,2\r\n3,4,5\r\n6,7\r\n", 3],
    ["a long record of one column", "d\n1\n2,3\n4\n", 3],
  ])("words %s as csv-parse does (line %i)", (_, text, line) => {
    const message = new RegExp(`"f\\.csv" is not valid CSV at line ${line}.*Invalid Record Length`);
    for (const chunkBytes of [undefined, 1, 2, 4, 7]) expect(() => read(text, ",", chunkBytes)).toThrow(message);
  });

  it("keeps numbers as numbers and drops unplanned columns across chunk ends", () => {
    const text = "date,r,note\n2020-01-01,0.5,x\n2020-01-02,,y\n2020-01-03,-1e-3,z\n2020-01-04,inf,w\n";
    const plan = () => ["text", "cells", null] as const;
    for (const chunkBytes of [1, 9, 30, 1 << 20]) {
      const t = readDelimited(text, ",", "returns", '"f.csv"', plan, chunkBytes);
      expect(t.cells).toEqual([
        ["2020-01-01", "2020-01-02", "2020-01-03", "2020-01-04"],
        [0.5, null, -0.001, "Infinity"],
        [],
      ]);
      expect(t.nrows).toBe(4);
    }
  });
});

describe("columns kept for a call's references", () => {
  const N = 200;
  const idx = dates(N);
  const r = returns(N);
  const to = returns(N, 11, 1).map((x) => Math.abs(x));
  let dir = "";
  beforeAll(() => {
    dir = tempDir("fin-skills-csv-plan-");
    writeCsv(path.join(dir, "bt.csv"), ["date", "strategy", "turnover", "note"], [idx, r, to, idx.map(() => "x")]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const strip = ({ elapsed_s: _e, provenance: _p, ...rest }: Record<string, unknown>) => rest;
  const run = async (file2: string) => {
    const before = filesOpened();
    const got = await callToolUntyped(
      "check_cost_curve",
      {
        returns: { file: "bt.csv", column: "strategy", index: "date" },
        turnover: { file: file2, column: "turnover", index: "date" },
      },
      { dataDirs: [dir] },
    );
    return { got: strip(got), opened: filesOpened() - before };
  };

  it("reads a file once for every reference naming it, each getting the inline result", async () => {
    const inline = strip(
      await callToolUntyped("check_cost_curve", {
        returns: { index: idx, values: r },
        turnover: { index: idx, values: to },
      }),
    );
    expect(await run("bt.csv")).toEqual({ got: inline, opened: 1 });
    // another spelling of the same file: the first read kept only the first reference's columns,
    // so the file is read again whole, with the same result
    expect(await run("./bt.csv")).toEqual({ got: inline, opened: 2 });
  });
});

describe("a file of many read blocks", () => {
  // hourly labels: ~35 bytes a line, so the file spans several read blocks
  const N = Math.ceil((4 * CHUNK_BYTES) / 35);
  const t0 = Date.UTC(2001, 0, 1);
  const idx = Array.from({ length: N }, (_, i) => new Date(t0 + i * 3_600_000).toISOString().slice(0, 19));
  const r = returns(N, 5);
  const to = returns(N, 9, 1).map((x) => Math.abs(x));
  let dir = "";
  beforeAll(() => {
    dir = tempDir("fin-skills-csv-blocks-");
    writeCsv(path.join(dir, "big.csv"), ["date", "strategy", "turnover"], [idx, r, to]);
    // the same data with one quoted cell near the end: the fast path gives way to csv-parse late
    const quoted = idx.map((d, i) => (i === N - 3 ? `"${d}"` : d));
    writeCsv(path.join(dir, "late_quote.csv"), ["date", "strategy", "turnover"], [quoted, r, to]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(["big.csv", "late_quote.csv"])("%s gives the inline result, hashed whole, opened once", async (file) => {
    const inline = await callToolUntyped("check_cost_curve", {
      returns: { index: idx, values: r },
      turnover: { index: idx, values: to },
    });
    const before = filesOpened();
    const got = await callToolUntyped(
      "check_cost_curve",
      {
        returns: { file, column: "strategy", index: "date" },
        turnover: { file, column: "turnover", index: "date" },
      },
      { dataDirs: [dir] },
    );
    expect(filesOpened() - before).toBe(1);
    expect(got["evidence"]).toEqual(inline["evidence"]);
    const files = (got["provenance"] as { files: { content_hash: string; rows: number }[] }).files;
    expect(files.map((f) => [f.content_hash, f.rows])).toEqual([
      [sha256(path.join(dir, file)), N],
      [sha256(path.join(dir, file)), N],
    ]);
  });
});
