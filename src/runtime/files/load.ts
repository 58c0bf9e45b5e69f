// Reads one file reference: locate it under the allowed directories, read its bytes once, hash
// them, parse them in their format, and pick the index and data columns the reference names.
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { fieldPath, invalid } from "../../contract/guard.js";
import { dateShape } from "../codec/labels.js";
import { jsonList, quoted, showValue } from "../codec/text.js";
import { locate, MAX_FILE_BYTES, requireSameFile, type FileAccess } from "./access.js";
import { readBlocks } from "./blocks.js";
import { ALL_TEXT, StrictReader } from "./csv.js";
import { type Delimiter, QuoteFreeReader } from "./csv_fast.js";
import { readJsonFile, readNdjsonFile } from "./json_file.js";
import { readParquet } from "./parquet.js";
import { type PointLimit, pointLimit } from "./point_limit.js";
import { formatOf, type FileFormat, type FileReference } from "./reference.js";
import {
  type ColumnPlan,
  defaultIndex,
  findColumn,
  isNumericCell,
  newCells,
  type RawTable,
  textCell,
} from "./table.js";
import { grouped } from "../../lib/grouped.js";

/** What the result's provenance records for one file-backed input. */
export interface FileProvenance {
  readonly field: string;
  readonly file: string;
  /** `sha256:<hex>` of the file's bytes, as read. */
  readonly content_hash: string;
  readonly bytes: number;
  readonly format: FileFormat;
  readonly rows: number;
  readonly columns: readonly string[];
  readonly index: string | null;
}

/** The selected columns, as a payload cell matrix (column-major) with index labels. */
export interface Selected {
  readonly index: string | null;
  readonly labels: unknown[] | null;
  /** The labels are known real ISO-8601 dates: the reader's own text of a typed column, or a text column it
   * checked as it read it (RawTable.typedColumns, RawTable.dateColumns); the codec need not check them again. */
  readonly typedLabels: boolean;
  readonly columns: readonly string[];
  readonly cells: unknown[][];
  readonly nrows: number;
}

let opened = 0;
/** How many files were opened so far (tests use it to show a refusal never opened the file). */
export function filesOpened(): number {
  return opened;
}

/** Test hook: runs between locate() and the open (a test swaps a path component for a symlink there). */
export const openHooks: { beforeOpen: ((real: string) => Promise<void>) | null } = { beforeOpen: null };

/** A file-system error met after locate() (the path removed or replaced meanwhile) as a refusal naming `field`. */
function vanished(e: unknown, field: string, file: string): unknown {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !RACE_CODES.has(code)) return e;
  return invalid(
    field,
    `${showValue(file)} changed while being opened (${code}: it was removed or replaced); nothing was read`,
  );
}

/** Errors a path yields when something on it is removed or replaced between the check and the open. */
const RACE_CODES = new Set(["ENOENT", "ENOTDIR", "ELOOP", "EACCES", "EPERM", "ENXIO"]);

/**
 * Opens the regular file at `real` for `use`: the open handle is checked to be that file (not one a
 * swapped symlink leads to), then its type and size; only bytes read from the checked handle are used.
 */
async function withFile<T>(real: string, field: string, file: string, use: (fh: FileHandle) => Promise<T>) {
  opened += 1;
  await openHooks.beforeOpen?.(real);
  const fh = await open(real, constants.O_RDONLY | constants.O_NONBLOCK).catch((e: unknown) => {
    throw vanished(e, field, file);
  });
  try {
    await requireSameFile(fh, real, field, file);
    const st = await fh.stat();
    if (!st.isFile() || st.size > MAX_FILE_BYTES) throw invalid(field, `${showValue(file)} changed while being opened`);
    return await use(fh);
  } finally {
    await fh.close();
  }
}

/**
 * A CSV/TSV file read block by block into the quote-free reader, hashed as it is read, so neither its
 * bytes nor its text are ever held whole; a file the fast path cannot take is read again from its start
 * (same handle) through csv-parse, block by block as well. The row cap is checked after every block.
 */
async function readDelimitedFile(
  fh: FileHandle,
  delimiter: Delimiter,
  field: string,
  file: string,
  plan: ColumnPlan | undefined,
  limit: PointLimit,
): Promise<Parsed> {
  const name = showValue(file);
  const at = fieldPath(field, "file");
  const fast = new QuoteFreeReader(delimiter, name, plan ?? ALL_TEXT, field);
  const cap = (r: { rows: number; columns: readonly string[] | null }) => () => {
    if (r.columns !== null) limit(r.rows, r.columns);
  };
  const read = await readBlocks(fh, at, name, (piece) => fast.push(piece), cap(fast));
  const table = read === null ? null : fast.end();
  if (read !== null && table !== null) return { table, ...read };
  const strict = new StrictReader(delimiter, field, name, plan ?? ALL_TEXT);
  // csv-parse keeps the unparsed end of a piece: it gets its own copy (the block is reused)
  const again = await readBlocks(fh, at, name, (piece) => strict.push(Buffer.from(piece)), cap(strict));
  return { table: strict.end(), ...again! };
}

/** A Parquet file's bytes as a table (the file's own buffer when the bytes fill it, else a copy of them). */
function readParquetBytes(bytes: Buffer, field: string, name: string, limit: PointLimit, plan?: ColumnPlan) {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buf = whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return readParquet(buf as ArrayBuffer, field, name, plan, limit);
}

function columnIndex(t: RawTable, name: string, key: string, field: string, file: string): number {
  const j = findColumn(t.columns, name);
  if (j < 0)
    throw invalid(
      fieldPath(field, key),
      `no column ${quoted(name)} in ${showValue(file)}; columns: ${jsonList(t.columns)}`,
    );
  return j;
}

/** The index column: the one named, else a column called date/datetime/timestamp/time/dt or "index". */
function pickIndex(t: RawTable, ref: Pick<FileReference, "file" | "index">, field: string): number {
  if (ref.index !== undefined) return columnIndex(t, ref.index, "index", field, ref.file);
  return defaultIndex(t.columns);
}

function pickData(
  t: RawTable,
  ref: Pick<FileReference, "file" | "column" | "columns">,
  kind: "series" | "frame",
  ix: number,
  field: string,
): number[] {
  if (kind === "series") {
    if (ref.column !== undefined) return [columnIndex(t, ref.column, "column", field, ref.file)];
    const rest = t.columns.flatMap((_, j) => (j === ix ? [] : [j]));
    if (rest.length === 1) return rest;
    throw invalid(
      fieldPath(field, "column"),
      `${showValue(ref.file)} has ${rest.length} data columns; name one with "column", one of ` +
        `${jsonList(rest.map((j) => t.columns[j]))}`,
    );
  }
  if (ref.columns !== undefined) return ref.columns.map((c) => columnIndex(t, c, "columns", field, ref.file));
  return t.columns.flatMap((_, j) => (j === ix ? [] : [j]));
}

/**
 * One data column as payload cells; a column whose first value is a number must be numeric
 * throughout. A whole column that needs no change is returned as it is (shared, not copied).
 */
function dataColumn(
  t: RawTable,
  j: number,
  [lo, hi]: readonly [number, number],
  { text, delimited }: { text: boolean; delimited: boolean },
  field: string,
): unknown[] {
  const src = t.cells[j]!;
  const whole = lo === 0 && hi === src.length && Array.isArray(src);
  let out: unknown[] | null = whole ? null : newCells();
  let numeric: boolean | null = null;
  for (let i = lo; i < hi; i++) {
    const raw = src[i];
    const v = text ? textCell(raw as string) : (raw ?? null);
    if (delimited && typeof v === "number" && !Number.isFinite(v)) overflow(t, i, j, raw, field);
    if (v !== null && numeric === null) numeric = isNumericCell(v);
    if (numeric === true && !isNumericCell(v))
      throw invalid(
        field,
        `${t.where(i, j)}: ${showValue(raw)} is not a number (the column's first value is); write missing ` +
          "cells empty or as NA",
      );
    if (out === null && v !== raw) out = src.slice(lo, i) as unknown[];
    if (out !== null) out.push(v);
  }
  return out ?? (src as unknown[]);
}

/** Refuses a CSV/TSV number whose digits are beyond the float64 range (it would read as Infinity). */
function overflow(t: RawTable, i: number, j: number, raw: unknown, field: string): never {
  const size = typeof raw === "string" ? ` (${grouped(raw.length)} characters)` : "";
  throw invalid(
    field,
    `${t.where(i, j)}: the number written there${size} is beyond the float64 range (about 1.8e308); write ` +
      '"Infinity" if an infinite value is meant',
  );
}

/** One index label from its cell (`text`: a CSV/TSV cell, read from its text). */
function label(t: RawTable, raw: unknown, i: number, j: number, text: boolean, field: string): unknown {
  // a date label stays text, as sent; the codec checks its calendar
  if (text && dateShape(raw as string) !== 0) return raw;
  const v = text ? textCell(raw as string) : raw;
  const got =
    typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? (text ? (raw as string) : v) : null;
  if (got === null)
    throw invalid(field, `${t.where(i, j)}: an index label must be a date, text or a number, got ${showValue(raw)}`);
  return typeof got === "string" && text && /^\d+$/.test(got) ? Number(got) : got;
}

/** The index labels of rows [lo, hi) of column j; a whole column of labels kept as read is shared, not copied. */
function labelColumn(t: RawTable, j: number, lo: number, hi: number, text: boolean, field: string): unknown[] {
  const src = t.cells[j]!;
  // every cell a real date already (checked as read): each label is its text as read, kept as is
  if (t.dateColumns?.[j] === true)
    return lo === 0 && hi === src.length && Array.isArray(src) ? (src as unknown[]) : src.slice(lo, hi);
  let out: unknown[] | null = lo === 0 && hi === src.length && Array.isArray(src) ? null : newCells();
  for (let i = lo; i < hi; i++) {
    const raw = src[i];
    const v = label(t, raw, i, j, text, field);
    if (out === null && v !== raw) out = src.slice(lo, i) as unknown[];
    if (out !== null) out.push(v);
  }
  return out ?? (src as unknown[]);
}

/** Column j's labels are real ISO-8601 date texts, by the reader's construction or its check as it read. */
function knownDates(t: RawTable, j: number): boolean {
  return t.typedColumns?.[j] === true || t.dateColumns?.[j] === true;
}

/** Label lists built for a table, by column, rows and cell kind: references naming the same index share one. */
const labelsMade = new WeakMap<RawTable, Map<string, unknown[]>>();

function sharedLabels(t: RawTable, j: number, lo: number, hi: number, text: boolean, field: string): unknown[] {
  let made = labelsMade.get(t);
  if (made === undefined) labelsMade.set(t, (made = new Map()));
  const key = `${j} ${lo} ${hi} ${text}`;
  let labels = made.get(key);
  if (labels === undefined) made.set(key, (labels = labelColumn(t, j, lo, hi, text, field)));
  return labels;
}

/** The index and data columns a reference asks for, as payload cells; `text` for CSV/TSV cells. */
export function selectFrom(
  table: RawTable,
  ref: Pick<FileReference, "file" | "column" | "columns" | "index" | "rows">,
  kind: "series" | "frame",
  field: string,
  text: boolean,
): Selected {
  const ix = pickIndex(table, ref, field);
  const data = pickData(table, ref, kind, ix, field);
  const isText = (j: number) => (table.modes === undefined ? text : table.modes[j] === "text");
  const [lo, hi] = ref.rows
    ? [Math.min(ref.rows[0], table.nrows), Math.min(ref.rows[1], table.nrows)]
    : [0, table.nrows];
  return {
    index: ix < 0 ? null : table.columns[ix]!,
    labels: ix < 0 ? null : sharedLabels(table, ix, lo, hi, isText(ix), field),
    typedLabels: ix >= 0 && knownDates(table, ix),
    columns: data.map((j) => table.columns[j]!),
    cells: data.map((j) => dataColumn(table, j, [lo, hi], { text: isText(j), delimited: text }, field)),
    nrows: hi - lo,
  };
}

/** A file read and parsed once per call, shared by the references that name it. */
interface Parsed {
  readonly table: RawTable;
  readonly content_hash: string;
  readonly bytes: number;
}
export type ReadCache = Map<string, Promise<Parsed>>;

/**
 * True when a table read with a plan holds what `ref` selects: its data columns, and its index (as
 * text when `textual`: CSV/TSV labels are read from their text).
 */
function covers(
  table: RawTable,
  ref: FileReference,
  kind: "series" | "frame",
  field: string,
  textual: boolean,
): boolean {
  const modes = table.modes;
  if (modes === undefined) return true;
  const ix = pickIndex(table, ref, field);
  if (ix >= 0 && (textual ? modes[ix] !== "text" : modes[ix] === null)) return false;
  return pickData(table, ref, kind, ix, field).every((j) => modes[j] !== null);
}

async function readParsed(
  ref: FileReference,
  { field, kind }: { field: string; kind: "series" | "frame" },
  format: FileFormat,
  real: string,
  plan?: ColumnPlan,
): Promise<Parsed> {
  const at = fieldPath(field, "file");
  const limit = pointLimit(ref, kind, field);
  if (format === "csv" || format === "tsv")
    return withFile(real, at, ref.file, (fh) =>
      readDelimitedFile(fh, format === "csv" ? "," : "\t", field, ref.file, plan, limit),
    );
  const name = showValue(ref.file);
  if (format === "json") return withFile(real, at, ref.file, (fh) => readJsonFile(fh, ref.orient, field, name, limit));
  if (format === "ndjson") return withFile(real, at, ref.file, (fh) => readNdjsonFile(fh, field, name, limit));
  // Parquet: read whole (its footer comes first); the row cap is checked from its metadata before any page
  const bytes = await withFile(real, at, ref.file, (fh) => fh.readFile());
  const content_hash = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  return { table: await readParquetBytes(bytes, field, name, limit, plan), content_hash, bytes: bytes.length };
}

/**
 * Reads and selects one reference; returns the selection and its provenance record. `plan` says
 * which CSV/TSV columns the call's references need (the rest are not kept); a table read with a
 * plan that does not cover this reference is read again whole.
 */
export async function loadReference(
  ref: FileReference,
  field: string,
  kind: "series" | "frame",
  access: FileAccess,
  cache: ReadCache = new Map(),
  plan?: ColumnPlan,
): Promise<{ selected: Selected; provenance: FileProvenance }> {
  const { real } = await locate(fieldPath(field, "file"), ref.file, access);
  const format = formatOf(ref, field);
  const key = JSON.stringify([real, format, ref.orient ?? null]);
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = readParsed(ref, { field, kind }, format, real, plan);
    cache.set(key, pending);
  }
  const textual = format === "csv" || format === "tsv";
  if (!covers((await pending).table, ref, kind, field, textual)) {
    pending = readParsed(ref, { field, kind }, format, real);
    cache.set(key, pending);
  }
  const { table, content_hash, bytes } = await pending;
  const selected = selectFrom(table, ref, kind, field, textual);
  const { index, columns, nrows: rows } = selected;
  return { selected, provenance: { field, file: ref.file, content_hash, bytes, format, rows, columns, index } };
}
