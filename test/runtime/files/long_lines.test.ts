// A CSV/TSV line much longer than a read block is read in linear work (#33 defect 2): each block is
// searched once and a long line's parts are joined once, so the bytes copied stay proportional to the
// file; a line over the limit is refused by name; a number beyond the float64 range is a clear error.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { readDelimited } from "../../../src/runtime/files/csv.js";
import { CHUNK_BYTES, MAX_CSV_LINE_BYTES } from "../../../src/runtime/files/csv_fast.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { badInput } from "../helpers.js";
import { dates, tempDir } from "./fixtures.js";

const dir = tempDir("fin-skills-long-lines-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Bytes Buffer.concat produced while `fn` ran (the copies a reader makes of carried text). */
function concatBytes(fn: () => void): number {
  const real = Buffer.concat.bind(Buffer);
  let bytes = 0;
  const spy = vi.spyOn(Buffer, "concat").mockImplementation((list, total) => {
    const out = real(list, total);
    bytes += out.length;
    return out;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return bytes;
}

/** A quote-free file: a header and one record whose second cell is `digits` characters of text. */
const longRecord = (cells: number) => Buffer.from(`a,b\nx,${"y".repeat(cells)}\n`, "utf8");

describe("a long quote-free line is read in linear work", () => {
  it("a 5 MB line in 128 KiB blocks is copied about once, not once per block", () => {
    const file = longRecord(5_000_000);
    const copied = concatBytes(() => {
      const t = readDelimited(file, ",", "x", '"f.csv"', undefined, CHUNK_BYTES);
      expect([t.nrows, (t.cells[1]![0] as string).length]).toEqual([1, 5_000_000]);
    });
    // Before: every block re-copied the whole carry (about 40 blocks x 2.5 MB on average = 100 MB).
    expect(copied).toBeLessThanOrEqual(2 * file.length);
  });
  it("the bytes copied grow linearly with the line", () => {
    const copied = (n: number) => concatBytes(() => readDelimited(longRecord(n), ",", "x", '"f.csv"'));
    expect(copied(4_000_000) / copied(1_000_000)).toBeLessThan(4.5);
  });
});

describe("a line over the limit is refused by name", () => {
  it("a quote-free line of more than MAX_CSV_LINE_BYTES bytes", async () => {
    const e = await badInput(
      Promise.resolve().then(() => readDelimited(longRecord(MAX_CSV_LINE_BYTES), ",", "px", '"f.csv"')),
    );
    expect(e.field).toBe("px");
    expect(e.message).toBe(
      `px: "f.csv": the line after data row 0 is longer than ${MAX_CSV_LINE_BYTES.toLocaleString("en-US")} ` +
        "bytes (the limit of one CSV/TSV line); split the record or send the data as Parquet",
    );
  });
  it("a quoted line of more than MAX_CSV_LINE_BYTES bytes (csv-parse's path)", async () => {
    const text = `a,b\nx,"${"y".repeat(MAX_CSV_LINE_BYTES + 100)}"\n`;
    const e = await badInput(Promise.resolve().then(() => readDelimited(text, ",", "px", '"f.csv"')));
    expect(e.field).toBe("px");
    expect(e.message).toBe(
      `px: "f.csv" is not valid CSV at line 2, column 2 ('b'): Max Record Size: record exceed the maximum number ` +
        `of tolerated bytes of ${MAX_CSV_LINE_BYTES}`,
    );
  });
});

describe("a number beyond the float64 range", () => {
  it("a 5M-digit cell is refused with its size and place, not read as Infinity", async () => {
    const file = path.join(dir, "huge.csv");
    writeFileSync(
      file,
      `date,r\n${dates(2)
        .map((d, i) => `${d},${i ? "9".repeat(5_000_000) : "0.01"}`)
        .join("\n")}\n`,
    );
    const e = await badInput(
      callToolUntyped(
        "check_rf_convention",
        { returns: { file: "huge.csv", column: "r" }, rf: 0.05 },
        { dataDirs: [dir] },
      ),
    );
    expect(e.message).toMatch(
      /^returns: "huge\.csv" data row 2, column 'r': the number written there is beyond the float64 range/,
    );
    expect(e.message).not.toContain("got Infinity");
  });
});

describe("reading a file is covered by the call's time limit", () => {
  it("a clock past the deadline between two read blocks stops the read with the time-limit error", async () => {
    const file = path.join(dir, "big.csv");
    const n = 200_000;
    writeFileSync(
      file,
      `date,r\n${dates(n)
        .map((d) => `${d},0.012345`)
        .join("\n")}\n`,
    );
    let clock = 0;
    // Each look at the clock moves it 400 ms: the limit of 1,000 ms passes at the third block.
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 400));
    const args = { returns: { file: "big.csv", column: "r" }, rf: 0.05 };
    const e = await callToolUntyped("check_rf_convention", args, { dataDirs: [dir], timeLimitMs: 1000 }).then(
      () => null,
      (x: unknown) => x as { code?: string; message?: string },
    );
    expect(e?.code).toBe("time_limit");
    expect(e?.message).toContain("check_rf_convention was stopped at the time limit of 1000 ms");
  });
});
