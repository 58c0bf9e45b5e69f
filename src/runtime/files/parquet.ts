// Parquet files through hyparquet (pure JavaScript): only the top-level columns the call needs, each
// row group's chunks gathered into one dense list per column. Nulls stay null; INT64 must fit a
// double exactly; dates and timestamps become ISO text as they are decoded (no Date per row).
import { type ParquetParsers, parquetMetadata, parquetRead, parquetSchema, type SchemaElement } from "hyparquet";
import { invalid } from "../contract.js";
import { quoted } from "../codec/text.js";
import { isoText } from "./iso_time.js";
import { type ColumnMode, type ColumnPlan, newCells, type RawTable } from "./table.js";

/** Epoch milliseconds as ISO text; outside years 0000-9999 a Date, which `cell` words or refuses. */
const instant = (ms: number): string | Date => isoText(ms) ?? new Date(ms);

/** Dates and timestamps straight to ISO text (the truncation toward zero is hyparquet's own). */
const PARSERS: Partial<ParquetParsers> = {
  timestampFromMilliseconds: (v) => instant(Number(v)),
  timestampFromMicroseconds: (v) => instant(Number(v / 1000n)),
  timestampFromNanoseconds: (v) => instant(Number(v / 1_000_000n)),
  dateFromDays: (days) => instant(days * 86_400_000),
};

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
    if (Number.isNaN(v.getTime()))
      throw invalid(field, `${at()}: a date or timestamp outside the years JavaScript holds`);
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  return v;
}

/**
 * True for a column of a numeric physical type: hyparquet gives text for it only through PARSERS
 * (a date or timestamp), so any text in it is ISO-8601 written here.
 */
const isTyped = (e: SchemaElement) =>
  e.type !== undefined && e.type !== "BYTE_ARRAY" && e.type !== "FIXED_LEN_BYTE_ARRAY";

/** The column names of a Parquet file (top level), and which are typed (see isTyped). */
function names(buf: ArrayBuffer, field: string, name: string) {
  try {
    const meta = parquetMetadata(buf);
    const top = parquetSchema(meta).children;
    return { meta, columns: top.map((c) => c.element.name), typed: top.map((c) => isTyped(c.element)) };
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
}

interface Chunk {
  readonly rowStart: number;
  readonly data: ArrayLike<unknown>;
}

/** One chunk as a plain list: hyparquet's own lists as they are, typed arrays (required columns) copied. */
function plainList(data: ArrayLike<unknown>): unknown[] {
  if (Array.isArray(data)) return data;
  const out = newCells();
  for (let k = 0; k < data.length; k++) out.push(data[k]);
  return out;
}

/**
 * A column's chunks, in row order, as one dense list of payload cells: the chunks concatenated (one
 * copy, sized exactly), then any value that is not already a cell (a string or a finite number)
 * replaced by its cell.
 */
function joinChunks(chunks: Chunk[], nrows: number, where: (i: number) => string, field: string): unknown[] {
  chunks.sort((a, b) => a.rowStart - b.rowStart);
  const lists: unknown[][] = [];
  let next = 0;
  for (const { rowStart, data } of chunks) {
    if (rowStart > next) lists.push(Array.from({ length: rowStart - next }, () => null)); // rows no chunk holds
    lists.push(plainList(data));
    next = rowStart + data.length;
  }
  if (nrows > next) lists.push(Array.from({ length: nrows - next }, () => null));
  const out = lists.length === 1 ? lists[0]! : newCells().concat(...lists);
  const first = out.find((v) => v !== null && v !== undefined);
  return typeof first === "string" ? textCells(out, where, field) : numberCells(out, where, field);
}

/** A column of text (as most are) made cells in place: only a missing value changes. */
function textCells(out: unknown[], where: (i: number) => string, field: string): unknown[] {
  for (let i = 0; i < out.length; i++) if (typeof out[i] !== "string") out[i] = cell(out[i], () => where(i), field);
  return out;
}

/** A column of numbers (as most are) made cells in place: only a missing, infinite or INT64 value changes. */
function numberCells(out: unknown[], where: (i: number) => string, field: string): unknown[] {
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (typeof v !== "number" || !Number.isFinite(v)) out[i] = cell(v, () => where(i), field);
  }
  return out;
}

/** Reads the columns `plan` keeps (all when there is no plan) of a Parquet file held in `buf`. */
export async function readParquet(buf: ArrayBuffer, field: string, name: string, plan?: ColumnPlan): Promise<RawTable> {
  const { meta, columns, typed } = names(buf, field, name);
  const modes: ColumnMode[] = (plan ? plan(columns) : columns).map((m) => (m === null ? null : "cells"));
  const want = columns.filter((_, j) => modes[j] !== null);
  const nrows = Number(meta.num_rows);
  const chunks = new Map<string, Chunk[]>(want.map((c) => [c, []]));
  try {
    await parquetRead({
      file: buf,
      metadata: meta,
      columns: want,
      parsers: PARSERS,
      onChunk: ({ columnName, columnData, rowStart }) => chunks.get(columnName)?.push({ rowStart, data: columnData }),
    });
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
  const where = (i: number, j: number) => `${name} row ${i + 1}, column ${quoted(columns[j]!)}`;
  const cells = columns.map((c, j) =>
    modes[j] === null ? [] : joinChunks(chunks.get(c)!, nrows, (i) => where(i, j), field),
  );
  return { columns, cells, nrows, where, modes, typedColumns: typed };
}
