// Parquet files through hyparquet (pure JavaScript): only the top-level columns the call needs, each
// as one dense list over the row groups; nested columns and files of more than MAX_PARQUET_ROWS rows
// are refused before any page is decoded. Nulls stay null; INT64 must fit a double exactly; dates and
// timestamps become ISO text as they are decoded (no Date per row).
import { type FileMetaData, parquetMetadata, parquetSchema, type SchemaElement, type SchemaTree } from "hyparquet";
import { invalid } from "../../contract/guard.js";
import { quoted } from "../codec/text.js";
import { MAX_POINTS } from "../codec/caps.js";
import { compressorsFor } from "./parquet_codecs.js";
import { isFlat, readFlatColumns } from "./parquet_flat.js";
import type { ColumnMode, ColumnPlan, RawTable } from "./table.js";
import type { PointLimit } from "./point_limit.js";
import { grouped } from "../../lib/grouped.js";

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
/** The footer's length (the 4 bytes before the closing PAR1) must name metadata inside the file. */
function requireFooter(buf: ArrayBuffer, field: string, name: string): void {
  if (buf.byteLength < 12) return; // too short for any Parquet file: the metadata reader says so
  const length = new DataView(buf).getUint32(buf.byteLength - 8, true);
  const why =
    length === 0
      ? "its footer is empty (metadata length 0)"
      : length > buf.byteLength - 12
        ? `its footer claims ${grouped(length)} bytes of metadata in a ${grouped(buf.byteLength)}-byte file`
        : null;
  if (why !== null) throw invalid(field, `${name} is not a readable Parquet file: ${why}`);
}

function names(buf: ArrayBuffer, field: string, name: string) {
  requireFooter(buf, field, name);
  try {
    const meta = parquetMetadata(buf, { geoparquet: false }); // its GeoParquet pass loops forever on a damaged schema
    const root = parquetSchema(meta);
    const top = root.children;
    return {
      meta,
      root,
      top,
      columns: top.map((c) => c.element.name),
      typed: top.map((c) => isTyped(c.element)),
    };
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
}

/** A column's values made payload cells in place: only a value that is not already a cell changes. */
function payloadCells(out: unknown[], where: (i: number) => string, field: string): unknown[] {
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

/** Rows a Parquet file read by reference may hold: its pages are decoded only below this. */
export const MAX_PARQUET_ROWS = 10 * MAX_POINTS;

/**
 * The file's row count, checked before any page is decoded: a run-length page can claim millions
 * of rows in a few bytes, so the count, not the file's size, bounds the work.
 */
function rowCount(meta: FileMetaData, field: string, name: string): number {
  const nrows = Number(meta.num_rows);
  if (nrows > MAX_PARQUET_ROWS)
    throw invalid(
      field,
      `${name} has ${grouped(nrows)} rows; a Parquet file read by reference may hold at most ` +
        `${grouped(MAX_PARQUET_ROWS)}`,
    );
  const inGroups = meta.row_groups.reduce((n, g) => n + Number(g.num_rows), 0);
  if (!(nrows >= 0) || inGroups !== nrows)
    throw invalid(field, `${name} is not a readable Parquet file: its row groups hold ${inGroups} rows, not ${nrows}`);
  return nrows;
}

/**
 * The columns read must be flat columns of values a series or frame can hold: a nested one (a
 * list, map or struct) or a boolean one cannot be, and is refused before anything is decoded.
 */
function requireReadable(root: SchemaTree, wanted: readonly SchemaTree[], field: string, name: string): void {
  for (const c of wanted) {
    const kind = !isFlat(root, c)
      ? "a nested Parquet column (a list, map or struct)"
      : c.element.type === "BOOLEAN"
        ? "a boolean column"
        : null;
    if (kind !== null)
      throw invalid(
        field,
        `${name} column ${quoted(c.element.name)} is ${kind}; a series or frame reads flat columns of numbers ` +
          '(and dates or text for its index): name the columns to read with "column" or "columns"',
      );
  }
}

/** Reads the columns `plan` keeps (all when there is no plan) of a Parquet file held in `buf`. */
export async function readParquet(
  buf: ArrayBuffer,
  field: string,
  name: string,
  plan?: ColumnPlan,
  limit?: PointLimit,
): Promise<RawTable> {
  const { meta, root, top, columns, typed } = names(buf, field, name);
  const modes: ColumnMode[] = (plan ? plan(columns) : columns).map((m) => (m === null ? null : "cells"));
  const wanted = top.filter((_, j) => modes[j] !== null);
  const nrows = rowCount(meta, field, name);
  // MAX_POINTS from the metadata: the reference's cells are counted before any page is decoded
  limit?.(nrows, columns);
  requireReadable(root, wanted, field, name);
  let lists: Map<string, unknown[]>;
  try {
    lists = readFlatColumns(buf, meta, root, wanted, await compressorsFor(meta));
  } catch (e) {
    throw invalid(field, `${name} is not a readable Parquet file: ${(e as Error).message}`);
  }
  const where = (i: number, j: number) => `${name} row ${i + 1}, column ${quoted(columns[j]!)}`;
  const cells = columns.map((c, j) =>
    modes[j] === null ? [] : payloadCells(lists.get(c)!, (i) => where(i, j), field),
  );
  return {
    columns,
    cells,
    nrows,
    where,
    modes,
    typedColumns: typed,
  };
}
