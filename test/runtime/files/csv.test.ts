// The CSV reader's two paths give the cells csv-parse gives, and its number test reads exactly the
// decimal grammar; malformed quote-free files get csv-parse's message (never a hang or a run-on row).
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readDelimited } from "../../../src/runtime/files/csv.js";
import { decimalValue } from "../../../src/runtime/files/table.js";

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Column-major cells as csv-parse reads the text (the reference). */
function byCsvParse(text: string, delimiter: "," | "\t") {
  const rows = parse(text, { delimiter, bom: true, skip_empty_lines: true }) as string[][];
  return { columns: rows[0], cells: rows[0]!.map((_, j) => rows.slice(1).map((r) => r[j])) };
}

function read(text: string, delimiter: "," | "\t" = ",") {
  const t = readDelimited(text, delimiter, "returns", '"f.csv"');
  return { columns: t.columns, cells: t.cells };
}

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

describe("readDelimited", () => {
  it.each([
    ["LF", "date,a,b\n2020-01-01,1,2\n2020-01-02,,NA\n"],
    ["CRLF", "date,a,b\r\n2020-01-01,1,2\r\n2020-01-02,3,4\r\n"],
    ["BOM, no final newline", "\ufeffdate,a\n2020-01-01,1\n2020-01-02,2"],
    ["empty lines", "x\n1\n\n2\n\n"],
    ["header only", "a,b\n"],
    ["quoted cells", 'date,"a,b"\n2020-01-01,"1"\n'],
    ["a CRLF line in an LF file", "d,a\n1,2\r\n3,4\n"],
  ])("gives csv-parse's cells: %s", (_, text) => {
    expect(read(text)).toEqual(byCsvParse(text, ","));
  });

  it("reads TSV", () => {
    const text = "date\ta\n2020-01-01\t0.5\n";
    expect(read(text, "\t")).toEqual(byCsvParse(text, "\t"));
  });

  it.each([
    ["a short record mid-file", "d,a\n1,2\n3\n4,5\n", 3],
    ["a short last record", "d,a\n1,2\n3\n", 3],
    ["a long record", "d,a\n1,2\n3,4,5\n6,7\n", 3],
  ])("words %s as csv-parse does (line %i)", (_, text, line) => {
    expect(() => read(text)).toThrow(new RegExp(`"f\\.csv" is not valid CSV at line ${line}.*Invalid Record Length`));
  });
});
