// File references in every format give the same result as the same numbers sent inline, and
// bad files are refused with the file, the place in it and the field.
import { writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { dates, returns, sha256, tempDir, writeCsv, writeParquet } from "./fixtures.js";

const N = 300;
const idx = dates(N);
const r = returns(N);
const to = returns(N, 11, 1).map((x) => Math.abs(x));
let dir = "";
const opts = () => ({ dataDirs: [dir] });
const call = (args: Record<string, unknown>) => callToolUntyped("check_cost_curve", args, opts());
const reason = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: Error & { field?: string }) => `${e.field} | ${e.message}`,
  );

beforeAll(() => {
  dir = tempDir("fin-skills-files-");
  writeCsv(path.join(dir, "bt.csv"), ["date", "strategy", "turnover"], [idx, r, to]);
  writeCsv(path.join(dir, "bt.tsv"), ["date", "strategy", "turnover"], [idx, r, to], "\t");
  writeParquet(path.join(dir, "bt.parquet"), [
    { name: "date", data: idx },
    { name: "strategy", data: r, type: "DOUBLE" },
    { name: "turnover", data: to, type: "DOUBLE" },
  ]);
  const records = idx.map((d, i) => ({ date: d, strategy: r[i], turnover: to[i] }));
  writeFileSync(path.join(dir, "records.json"), JSON.stringify(records));
  writeFileSync(path.join(dir, "bt.ndjson"), records.map((x) => JSON.stringify(x)).join("\n"));
  writeFileSync(path.join(dir, "lists.json"), JSON.stringify({ date: idx, strategy: r, turnover: to }));
  writeFileSync(
    path.join(dir, "split.json"),
    JSON.stringify({ columns: ["strategy", "turnover"], index: idx, data: idx.map((_, i) => [r[i], to[i]]) }),
  );
  const byCol = { strategy: Object.fromEntries(idx.map((d, i) => [d, r[i]])) };
  writeFileSync(path.join(dir, "columns.json"), JSON.stringify(byCol));
  writeFileSync(path.join(dir, "series.json"), JSON.stringify(byCol.strategy));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("file references, every format", () => {
  it(
    "gives the inline result for CSV, TSV, Parquet, JSON (records, " + "lists, split, columns, series) and NDJSON",
    async () => {
      const inline = await callToolUntyped("check_cost_curve", {
        returns: { index: idx, values: r },
        turnover: { index: idx, values: to },
      });
      const refs: [string, string | undefined][] = [
        ["bt.csv", "turnover"],
        ["bt.tsv", "turnover"],
        ["bt.parquet", "turnover"],
        ["records.json", "turnover"],
        ["bt.ndjson", "turnover"],
        ["lists.json", "turnover"],
        ["split.json", "turnover"],
      ];
      for (const [file, tcol] of refs) {
        const got = await call({ returns: { file, column: "strategy" }, turnover: { file, column: tcol } });
        expect(got.evidence, file).toEqual(inline.evidence);
        expect(got.status, file).toBe(inline.status);
      }
      for (const file of ["columns.json", "series.json"]) {
        const got = await call({ returns: { file }, turnover: { index: idx, values: to } });
        expect(got.evidence, file).toEqual(inline.evidence);
      }
    },
  );

  it(
    "records the file's SHA-256, size, rows and columns in " + "provenance; input_sha256 hashes the arguments",
    async () => {
      const args = { returns: { file: "bt.csv", column: "strategy", index: "date" }, turnover: 0.5 };
      const got = (await call(args)) as { provenance: Record<string, unknown> };
      const again = (await call(args)) as { provenance: Record<string, unknown> };
      expect(got.provenance.files).toEqual([
        {
          field: "returns",
          file: "bt.csv",
          content_hash: sha256(path.join(dir, "bt.csv")),
          bytes: expect.any(Number),
          format: "csv",
          rows: N,
          columns: ["strategy"],
          index: "date",
        },
      ]);
      const { canonicalSha256 } = await import("../../../src/runtime/index.js");
      expect(got.provenance.input_sha256).toBe(canonicalSha256(args));
      expect(again.provenance).toEqual(got.provenance);
    },
  );

  it("takes a row range and counts it in provenance", async () => {
    const got = (await call({
      returns: { file: "bt.parquet", column: "strategy", rows: [10, 110] },
      turnover: 0.5,
    })) as {
      provenance: { files: { rows: number }[] };
      evidence: unknown;
    };
    const inline = await callToolUntyped("check_cost_curve", {
      returns: { index: idx.slice(10, 110), values: r.slice(10, 110) },
      turnover: 0.5,
    });
    expect(got.provenance.files[0]!.rows).toBe(100);
    expect(got.evidence).toEqual(inline.evidence);
  });

  it("reads Parquet nulls as missing values, which the guard then names", async () => {
    const withNull = r.map((x, i) => (i === 5 ? null : x));
    writeParquet(path.join(dir, "nulls.parquet"), [
      { name: "date", data: idx },
      { name: "strategy", data: withNull, type: "DOUBLE" },
    ]);
    writeCsv(path.join(dir, "nulls.csv"), ["date", "strategy"], [idx, withNull]);
    const p = await reason(call({ returns: { file: "nulls.parquet" }, turnover: 0.5 }));
    const inline = await reason(
      callToolUntyped("check_cost_curve", { returns: { index: idx, values: withNull }, turnover: 0.5 }),
    );
    expect(p).toBe(inline);
    expect(p).toContain("returns/values/5");
    expect(await reason(call({ returns: { file: "nulls.csv" }, turnover: 0.5 }))).toBe(inline);
  });

  it("names file, line and column for a malformed CSV", async () => {
    writeFileSync(path.join(dir, "broken.csv"), 'date,strategy\n2020-01-01,0.01\n2020-01-02,"0.02\n');
    writeFileSync(path.join(dir, "short.csv"), "date,strategy\n2020-01-01,0.01\n2020-01-02\n");
    expect(await reason(call({ returns: { file: "broken.csv" }, turnover: 0.5 }))).toMatch(
      /^returns \| returns: "broken\.csv" is not valid CSV at line 3, column 2 \('strategy'\): Quote Not Closed/,
    );
    expect(await reason(call({ returns: { file: "short.csv" }, turnover: 0.5 }))).toMatch(
      new RegExp(
        '^returns \\| returns: "short\\.csv" is not valid CSV at line 3, column 2 ' +
          "\\('strategy'\\): Invalid Record Length: expect 2, got 1$",
      ),
    );
  });

  it("names the row and column of a non-numeric cell", async () => {
    const bad = r.map((x, i) => (i === 41 ? "abc" : x));
    writeCsv(path.join(dir, "text.csv"), ["date", "strategy"], [idx, bad]);
    expect(await reason(call({ returns: { file: "text.csv" }, turnover: 0.5 }))).toBe(
      'returns | returns: "text.csv" data row 42, column \'strategy\': "abc" is not a number (the column\'s first ' +
        "value is); write missing cells empty or as NA",
    );
  });

  it("refuses unknown keys, unknown columns and a series reference without a column", async () => {
    expect(await reason(call({ returns: { file: "bt.csv", colum: "strategy" }, turnover: 0.5 }))).toBe(
      "returns | returns: unknown key 'colum' in a file reference - did you mean 'column'?; allowed: " +
        '["file","format","column","columns","index","orient","rows"]',
    );
    expect(await reason(call({ returns: { file: "bt.csv", column: "strat" }, turnover: 0.5 }))).toBe(
      `returns/column | returns/column: no column 'strat' in "bt.csv"; columns: ["date","strategy","turnover"]`,
    );
    expect(await reason(call({ returns: { file: "bt.csv" }, turnover: 0.5 }))).toBe(
      'returns/column | returns/column: "bt.csv" has 2 data columns; name one with "column", one of ' +
        '["strategy","turnover"]',
    );
  });

  it("counts a reference against MAX_POINTS like inline data", async () => {
    const { MAX_POINTS } = await import("../../../src/runtime/codec/index.js");
    const n = MAX_POINTS + 1;
    writeFileSync(path.join(dir, "big.csv"), `x\n${"0.001\n".repeat(n)}`);
    expect(await reason(call({ returns: { file: "big.csv" }, turnover: 0.5 }))).toBe(
      `returns | returns: series has ${n} cell(s); the limit is ${MAX_POINTS} (MAX_POINTS). Aggregate or slice ` +
        "the window before sending it",
    );
  });
});
