// The page reader for flat Parquet columns gives what hyparquet's own reader gives, value for value:
// V1 data pages (written by parquetjs-lite) and V2 ones (hyparquet-writer), dictionary pages, nulls,
// several row groups, Snappy, every timestamp unit (compressed pages: parquet_codecs.test.ts). A nested
// column, a file of too many rows and a damaged file are refused before their pages are decoded.
// Its INT64 timestamps are divided without BigInt: the division is checked against BigInt's.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parquetMetadata } from "hyparquet";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { BadInputError } from "../../../src/contract/guard.js";
import { truncDiv64 } from "../../../src/runtime/files/parquet_time.js";
import { MAX_PARQUET_ROWS, readParquet } from "../../../src/runtime/files/parquet.js";
import { timestampColumn } from "./fixtures.js";
import { byHyparquet, byPages, outcomes, unexpected } from "./parquet_helpers.js";

const parquetjs = createRequire(import.meta.url)("parquetjs-lite") as {
  ParquetSchema: new (fields: Record<string, object>) => object;
  ParquetWriter: {
    openFile(
      schema: object,
      file: string,
      options: object,
    ): Promise<{
      setRowGroupSize(n: number): void;
      appendRow(row: object): Promise<void>;
      close(): Promise<void>;
    }>;
  };
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A file of V1 data pages (parquetjs-lite's DATA_PAGE), read back as an ArrayBuffer. */
async function v1File(fields: Record<string, object>, rows: object[], groupRows: number): Promise<ArrayBuffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fin-skills-pages-"));
  dirs.push(dir);
  const file = path.join(dir, "v1.parquet");
  const writer = await parquetjs.ParquetWriter.openFile(new parquetjs.ParquetSchema(fields), file, {
    useDataPageV2: false,
  });
  writer.setRowGroupSize(groupRows);
  for (const row of rows) await writer.appendRow(row);
  await writer.close();
  const b = readFileSync(file);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

const N = 23;
const nth = (k: number, every: number) => k % every === 0;

describe("the page reader", () => {
  it("reads V1 data pages with and without nulls, Snappy and plain, as hyparquet does", async () => {
    const buf = await v1File(
      {
        t: { type: "TIMESTAMP_MILLIS", optional: true },
        u: { type: "TIMESTAMP_MICROS" },
        x: { type: "DOUBLE", optional: true, compression: "SNAPPY" },
        full: { type: "DOUBLE", optional: true },
        s: { type: "UTF8", optional: true },
        i: { type: "INT64" },
      },
      Array.from({ length: N }, (_, k) => ({
        t: nth(k, 3) ? undefined : new Date(Date.UTC(1969, 11, 31, 23, 59, 59, k)),
        u: new Date(Date.UTC(2024, 1, 29, k)),
        x: nth(k, 4) ? undefined : k / 3,
        full: k - 11.5,
        s: k < 10 ? undefined : `s${k}`, // the first row group has no value at all
        i: k * 1_000_003,
      })),
      5,
    );
    const want = await byHyparquet(buf);
    const got = await byPages(buf);
    expect(got).toEqual(want);
    expect(got.get("t")!.slice(0, 3)).toEqual([null, "1969-12-31T23:59:59.001Z", "1969-12-31T23:59:59.002Z"]);
    expect(got.get("s")!.filter((v) => v === null)).toHaveLength(10);
  });

  it("reads V2 pages, dictionary pages and every INT64 timestamp unit as hyparquet does", async () => {
    const ns = [-1_500_000n, 1_500_000n, null, -1n, 1_700_000_000_123_456_789n, -(2n ** 63n), 2n ** 63n - 1n];
    const buf = parquetWriteBuffer({
      schema: [
        { name: "root", num_children: 6 },
        timestampColumn("nanos"),
        timestampColumn("micros", "MICROS", false),
        timestampColumn("millis", "MILLIS"),
        { name: "level", type: "DOUBLE", repetition_type: "OPTIONAL" },
        { name: "tag", type: "BYTE_ARRAY", repetition_type: "OPTIONAL", converted_type: "UTF8" },
        { name: "day", type: "INT32", repetition_type: "OPTIONAL", converted_type: "DATE" },
      ],
      columnData: [
        { name: "nanos", data: Array.from({ length: N }, (_, k) => ns[k % ns.length]) },
        { name: "micros", data: Array.from({ length: N }, (_, k) => BigInt(k - 12) * 1_000_777n) },
        { name: "millis", data: Array.from({ length: N }, (_, k) => (nth(k, 5) ? null : BigInt(k) * 86_400_000n)) },
        {
          name: "level",
          data: Array.from({ length: N }, (_, k) => (nth(k, 6) ? null : k % 3)),
          encoding: "RLE_DICTIONARY",
        },
        {
          name: "tag",
          data: Array.from({ length: N }, (_, k) => (nth(k, 7) ? null : `t${k % 2}`)),
          encoding: "RLE_DICTIONARY",
        },
        { name: "day", data: Array.from({ length: N }, (_, k) => (nth(k, 4) ? null : new Date(Date.UTC(2020, 0, k)))) },
      ],
      rowGroupSize: 8,
    } as never);
    const meta = parquetMetadata(buf);
    expect(meta.row_groups.length).toBe(Math.ceil(N / 8));
    expect(meta.row_groups[0]!.columns[3]!.meta_data!.encodings).toContain("RLE_DICTIONARY");
    const got = await byPages(buf);
    expect(got).toEqual(await byHyparquet(buf));
    expect(got.get("nanos")!.slice(0, 5)).toEqual([
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.001Z",
      null,
      "1970-01-01",
      "2023-11-14T22:13:20.123Z",
    ]);
  });

  it("refuses a nested column it is asked for, naming it, before decoding; reads the file's flat columns", async () => {
    const buf = parquetWriteBuffer({
      schema: [
        { name: "root", num_children: 2 },
        { name: "x", type: "DOUBLE", repetition_type: "REQUIRED" },
        { name: "l", repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
        { name: "list", repetition_type: "REPEATED", num_children: 1 },
        { name: "element", type: "INT32", repetition_type: "REQUIRED" },
      ],
      columnData: [
        { name: "x", data: [1.5, 2.5] },
        { name: "l", data: [[1], [2, 3]] },
      ],
    } as never);
    await expect(readParquet(buf, "returns", '"n.parquet"')).rejects.toThrow(
      new BadInputError(
        "invalid_value",
        "returns",
        "returns: \"n.parquet\" column 'l' is a nested Parquet column (a list, map or struct); a series or frame " +
          'reads flat columns of numbers (and dates or text for its index): name the columns to read with "column" ' +
          'or "columns"',
      ),
    );
    const onlyX = () => ["cells", null] as const;
    expect((await readParquet(buf, "returns", '"n.parquet"', onlyX)).cells).toEqual([[1.5, 2.5], []]);
  });

  it("refuses a file of more rows than MAX_PARQUET_ROWS from its footer, decoding nothing", async () => {
    // one run-length page of MAX_PARQUET_ROWS + 1 equal values: a few hundred bytes
    const rows = MAX_PARQUET_ROWS + 1;
    const buf = parquetWriteBuffer({
      columnData: [{ name: "r", data: new Float64Array(rows), type: "DOUBLE", encoding: "RLE_DICTIONARY" }],
      rowGroupSize: rows,
    } as never);
    await expect(readParquet(buf, "returns", '"big.parquet"')).rejects.toThrow(
      `returns: "big.parquet" has 10,000,001 rows; a Parquet file read by reference may hold at most 10,000,000`,
    );
  });
});

describe("a Parquet footer that names no metadata", () => {
  const withFooterLength = (length: number) => {
    const buf = parquetWriteBuffer({ columnData: [{ name: "r", data: [0.1, 0.2], type: "DOUBLE" }] });
    new DataView(buf).setUint32(buf.byteLength - 8, length, true);
    return buf;
  };
  it("a footer of length 0 is refused by name, not with a TypeError's text", async () => {
    await expect(readParquet(withFooterLength(0), "returns", '"f.parquet"')).rejects.toThrow(
      'returns: "f.parquet" is not a readable Parquet file: its footer is empty (metadata length 0)',
    );
  });
  it("a footer longer than the file is refused with both sizes", async () => {
    const buf = withFooterLength(1_000_000);
    await expect(readParquet(buf, "returns", '"f.parquet"')).rejects.toThrow(
      `returns: "f.parquet" is not a readable Parquet file: its footer claims 1,000,000 bytes of metadata in a ` +
        `${buf.byteLength.toLocaleString("en-US")}-byte file`,
    );
  });
});

describe("a damaged Parquet file", () => {
  // Each once hung the server or ended its process: a missing level length, a run-length run longer
  // than its page, a negative child count in the schema.
  it("is refused as unreadable or read, whichever byte is damaged (V2 pages, dictionaries, nulls)", async () => {
    const n = 40;
    const buf = parquetWriteBuffer({
      schema: [
        { name: "root", num_children: 3 },
        timestampColumn("date"),
        { name: "r", type: "DOUBLE", repetition_type: "OPTIONAL" },
        { name: "tag", type: "BYTE_ARRAY", repetition_type: "OPTIONAL", converted_type: "UTF8" },
      ],
      columnData: [
        { name: "date", data: Array.from({ length: n }, (_, k) => (k === 3 ? null : BigInt(k) * 86_400_000_000_000n)) },
        { name: "r", data: Array.from({ length: n }, (_, k) => (k === 5 ? null : k % 4)), encoding: "RLE_DICTIONARY" },
        { name: "tag", data: Array.from({ length: n }, (_, k) => (nth(k, 7) ? null : `t${k % 3}`)) },
      ],
      rowGroupSize: 16,
    } as never);
    const seen = await outcomes(buf);
    expect(unexpected(seen)).toEqual([]);
    const unreadable = seen.get('"d.parquet" is not a readable Parquet file') ?? 0;
    expect([(seen.get("read") ?? 0) > 0, unreadable > 0]).toEqual([true, true]);
  });

  it("is refused as unreadable or read, whichever byte is damaged (V1 pages, Snappy)", async () => {
    const buf = await v1File(
      { t: { type: "TIMESTAMP_MILLIS", optional: true }, x: { type: "DOUBLE", optional: true, compression: "SNAPPY" } },
      Array.from({ length: 20 }, (_, k) => ({
        t: nth(k, 3) ? undefined : new Date(k * 1000),
        x: nth(k, 4) ? undefined : k,
      })),
      7,
    );
    expect(unexpected(await outcomes(buf))).toEqual([]);
  });
});

describe("truncDiv64", () => {
  const TWO_32 = 2n ** 32n;
  const halves = (v: bigint) => [Number(BigInt.asIntN(32, v >> 32n)), Number(BigInt.asUintN(32, v))] as const;

  it("divides as BigInt does (toward zero) wherever the quotient fits a double exactly", () => {
    let s = 7;
    const next = () => (s = (s * 16807) % 2147483647);
    const values: bigint[] = [0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), TWO_32, -TWO_32, TWO_32 - 1n];
    for (let k = 0; k < 20_000; k++) {
      const hi = BigInt(next() % 2 ? next() : -next()) & 0xffffffffn;
      values.push(BigInt.asIntN(64, (hi << 32n) | BigInt(next() * 2 + (next() % 2))));
      values.push(BigInt(next() % 2 ? next() : -next()) * BigInt(next() % 1000)); // small and near-zero values
    }
    for (const d of [1n, 1000n, 1_000_000n]) {
      for (const base of values.slice(0, 2_000)) for (const off of [-1n, 0n, 1n]) values.push(base * d + off);
      for (const v of values) {
        const want = BigInt.asIntN(64, v) / d;
        if (want > 2n ** 53n || want < -(2n ** 53n)) continue;
        const [hi, lo] = halves(BigInt.asIntN(64, v));
        expect([String(v), d, truncDiv64(hi, lo, Number(d))]).toEqual([String(v), d, Number(want)]);
      }
    }
  });
});
