// Parquet dates and timestamps become the ISO text Date#toISOString gives (a date alone at midnight
// UTC), written without a Date per value; a pandas-style file (INT64 TIMESTAMP in nanoseconds,
// nullable columns, one row group) gives the inline result; a reference spelled another way is read
// again with the columns it needs.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoText } from "../../../src/runtime/files/iso_time.js";
import { filesOpened, resolveFileReferences } from "../../../src/runtime/files/index.js";
import { referenceSchema } from "../../../src/runtime/files/schema.js";
import { resolveTool } from "../../../src/runtime/call.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { dates, returns, tempDir, timestampColumn, writeParquet } from "./fixtures.js";

/** What the reader wrote before: Date#toISOString, cut to the date at midnight UTC. */
function viaDate(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

const FIRST = new Date("0000-01-01T00:00:00Z").getTime();
const END = new Date("+010000-01-01T00:00:00Z").getTime();

describe("isoText", () => {
  it("writes what Date#toISOString writes, across years 0000-9999", () => {
    const fixed = [
      FIRST,
      END - 1,
      0,
      -1,
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(1900, 1, 28, 12),
      Date.UTC(1900, 2, 1),
      Date.UTC(2000, 1, 29, 0, 0, 0, 1),
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1, 7, 8, 9, 10),
    ];
    let s = 42;
    const random = Array.from({ length: 20_000 }, () => {
      s = (s * 16807) % 2147483647;
      const f = s / 2147483647;
      return Math.floor(FIRST + f * (END - FIRST));
    });
    for (const ms of [...fixed, ...random]) expect([ms, isoText(ms)]).toEqual([ms, viaDate(ms)]);
  });

  it("writes each time of a day right, hour by hour across days and back and forth between two days", () => {
    const t0 = Date.UTC(2023, 11, 30, 5, 6, 7, 8);
    const hourly = Array.from({ length: 24 * 400 }, (_, i) => t0 + i * 3_600_000);
    const alternating = Array.from({ length: 50 }, (_, i) => (i % 2 ? t0 : t0 + 86_400_000 * 366) + i);
    for (const ms of [...hourly, ...alternating]) expect([ms, isoText(ms)]).toEqual([ms, viaDate(ms)]);
  });

  it("gives null outside years 0000-9999 and for non-integers", () => {
    expect([isoText(FIRST - 1), isoText(END), isoText(Number.NaN), isoText(1.5)]).toEqual([null, null, null, null]);
  });
});

describe("Parquet dates and timestamps", () => {
  const N = 240;
  const r = returns(N, 3);
  const to = returns(N, 13, 1).map((x) => Math.abs(x));
  const days = dates(N);
  const hours = Array.from({ length: N }, (_, i) => new Date(Date.UTC(2021, 0, 4) + i * 3_600_000));
  let dir = "";
  const call = (file: string) =>
    callToolUntyped(
      "check_cost_curve",
      {
        returns: { file, column: "strategy", index: "date" },
        turnover: { file: `./${file}`, column: "turnover", index: "date" },
      },
      { dataDirs: [dir] },
    );
  const inline = (index: string[]) =>
    callToolUntyped("check_cost_curve", { returns: { index, values: r }, turnover: { index, values: to } });

  beforeAll(() => {
    dir = tempDir("fin-skills-parquet-");
    writeParquet(path.join(dir, "days.parquet"), [
      { name: "date", data: days.map((d) => new Date(`${d}T00:00:00Z`)), type: "TIMESTAMP" },
      { name: "strategy", data: r, type: "DOUBLE" },
      { name: "turnover", data: to, type: "DOUBLE" },
      { name: "unused", data: r.map(() => "x"), type: "STRING" },
    ]);
    // as pandas (pyarrow) writes a DataFrame with a datetime64[ns] column
    const pandas = parquetWriteBuffer({
      schema: [
        { name: "root", num_children: 3 },
        timestampColumn("date"),
        { name: "strategy", type: "DOUBLE", repetition_type: "OPTIONAL" },
        { name: "turnover", type: "DOUBLE", repetition_type: "OPTIONAL" },
      ],
      columnData: [
        { name: "date", data: hours },
        { name: "strategy", data: r },
        { name: "turnover", data: to },
      ],
    } as never);
    writeFileSync(path.join(dir, "pandas.parquet"), Buffer.from(pandas));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads midnight TIMESTAMPs as dates: the inline result with date labels", async () => {
    const got = await call("days.parquet");
    expect(got["evidence"]).toEqual((await inline(days))["evidence"]);
  });

  it("marks only labels it wrote from a typed column as checked: the decoder does not walk them again", async () => {
    const tool = resolveTool("check_cost_curve");
    const resolve = (file: string) =>
      resolveFileReferences({ returns: { file, column: "strategy", index: "date" } }, referenceSchema(tool), {
        dirs: [dir],
      });
    writeParquet(path.join(dir, "text_dates.parquet"), [
      { name: "date", data: days, type: "STRING" },
      { name: "strategy", data: r, type: "DOUBLE" },
    ]);
    const typed = await resolve("pandas.parquet");
    const text = await resolve("text_dates.parquet");
    const labelsOf = (got: typeof typed) => (got.args["returns"] as { index: string[] }).index;
    expect(labelsOf(typed).slice(0, 2)).toEqual(["2021-01-04", "2021-01-04T01:00:00.000Z"]);
    expect(labelsOf(text)[0]).toBe(days[0]);
    expect([typed.checked.has(labelsOf(typed)), text.checked.has(labelsOf(text))]).toEqual([true, false]);
  });

  it("reads a pandas-style nanosecond TIMESTAMP column as ISO date-times", async () => {
    const before = filesOpened();
    const got = await call("pandas.parquet");
    // "./pandas.parquet" is read again: the first read kept only the first spelling's columns
    expect(filesOpened() - before).toBe(2);
    const labels = hours.map((d) => d.toISOString());
    expect(labels[1]).toBe("2021-01-04T01:00:00.000Z");
    expect(got["evidence"]).toEqual((await inline(labels))["evidence"]);
  });
});
