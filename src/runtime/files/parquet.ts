// Parquet files through hyparquet (pure JavaScript): the top-level columns asked for, read column
// by column. Nulls stay null; INT64 must fit a double exactly; dates and timestamps become ISO text.
import { parquetMetadata, parquetRead, parquetSchema } from "hyparquet";
import { invalid } from "../contract.js";
import { quoted } from "../codec/text.js";
import type { RawTable } from "./table.js";

/** A Parquet value as a payload cell. */
function cell(v: unknown, at: () => string, field: string): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : Number.isNaN(v) ? null : v > 0 ? "Infinity" : "-Infinity";
  if (typeof v === "bigint") {
    const n = Number(v);
    if (!Number.isSafeInteger(n)) throw invalid(field, `${at()}: integer ${v} does not fit a double exactly`);
    return n;
  }
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return v;
}

/** The column names of a Parquet file (top level). */
function names(buf: ArrayBuffer, field: string, name: string) {
  try {
    const meta = parquetMetadata(buf);
    return { meta, columns: parquetSchema(meta).children.map((c) => c.element.name) };
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
}

/** Reads the columns `want` (all when undefined) of a Parquet file held in `buf`. */
export async function readParquet(
  buf: ArrayBuffer,
  want: readonly string[] | undefined,
  field: string,
  name: string,
): Promise<RawTable> {
  const { meta, columns: all } = names(buf, field, name);
  const columns = want === undefined ? all : all.filter((c) => want.includes(c));
  const nrows = Number(meta.num_rows);
  const raw = new Map<string, unknown[]>();
  try {
    await parquetRead({
      file: buf,
      metadata: meta,
      columns: [...columns],
      onChunk: ({ columnName, columnData, rowStart }) => {
        if (!columns.includes(columnName)) return;
        // a plain array holding the whole column is kept as it is (no copy)
        if (rowStart === 0 && columnData.length === nrows && Array.isArray(columnData) && !raw.has(columnName)) {
          raw.set(columnName, columnData);
          return;
        }
        if (!raw.has(columnName)) raw.set(columnName, new Array<unknown>(nrows));
        const out = raw.get(columnName)!;
        for (let k = 0; k < columnData.length; k++) out[rowStart + k] = columnData[k];
      },
    });
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
  const where = (i: number, j: number) => `${name} row ${i + 1}, column ${quoted(columns[j]!)}`;
  const cells = columns.map((c, j) => {
    const col = raw.get(c) ?? new Array<unknown>(nrows);
    for (let i = 0; i < nrows; i++) {
      const v = col[i];
      if (typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) continue; // already a cell
      col[i] = cell(v, () => where(i, j), field);
    }
    return col;
  });
  return { columns, cells, nrows, where };
}
