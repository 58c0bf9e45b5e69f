// CSV and TSV files: a header row, then one record per line. Files without a quote character go
// through uDSV's fast path (csv_fast.ts); anything else (quotes, a record of the wrong length, stray
// carriage returns) goes through csv-parse, which also words every error.
import { parse } from "csv-parse/sync";
import { invalid } from "../../contract/guard.js";
import { quoted } from "../codec/text.js";
import { CHUNK_BYTES, type Delimiter, MAX_CSV_LINE_BYTES, QuoteFreeReader, delimitedTable } from "./csv_fast.js";
import { type ColumnMode, type ColumnPlan, newCells, type RawTable, textCell } from "./table.js";

interface CsvError extends Error {
  readonly code?: string;
  readonly lines?: number;
  readonly column?: number;
}

/** The cell a column keeps of a text cell in its mode. */
const keep = (mode: ColumnMode, s: string) => (mode === "cells" ? textCell(s) : s);

/** The whole text through csv-parse; a malformed file names its line and column. */
export function strictColumns(
  text: string,
  delimiter: Delimiter,
  field: string,
  name: string,
  plan: ColumnPlan,
): RawTable {
  let rows: string[][];
  try {
    const options = { delimiter, bom: true, skip_empty_lines: true, relax_quotes: false };
    rows = parse(text, { ...options, max_record_size: MAX_CSV_LINE_BYTES }) as string[][];
  } catch (e) {
    const err = e as CsvError;
    const header = text.split(/\r?\n/, 1)[0]!.split(delimiter);
    const col = err.column === undefined ? "" : `, column ${err.column + 1}`;
    const colName =
      err.column !== undefined && header[err.column] !== undefined ? ` (${quoted(header[err.column]!)})` : "";
    const detail = err.message.replace(/ (on|at) line \d+.*$/, "");
    throw invalid(field, `${name} is not valid CSV at line ${err.lines ?? "?"}${col}${colName}: ${detail}`);
  }
  if (rows.length === 0) throw invalid(field, `${name} is empty; a header row naming the columns is required`);
  const columns = rows[0]!;
  const modes = plan(columns);
  const nrows = rows.length - 1;
  const cells = modes.map(() => newCells());
  for (let i = 0; i < nrows; i++) {
    const r = rows[i + 1]!;
    for (let j = 0; j < columns.length; j++) if (modes[j] !== null) cells[j]!.push(keep(modes[j]!, r[j]!));
    rows[i + 1] = columns; // drop the record as soon as its cells are in columns (peak memory)
  }
  return delimitedTable(columns, cells, nrows, name, modes);
}

/** Every column kept as text: what a reader without a plan keeps. */
export const ALL_TEXT: ColumnPlan = (columns) => columns.map(() => "text");

/**
 * Parses CSV (or TSV with `delimiter` "\t") text or bytes, keeping each column as `plan` says
 * (default: all as text); a malformed file names its line and column. `chunkBytes`: how much text
 * the fast path parses at a time (tests make it small to put chunk ends everywhere).
 */
export function readDelimited(
  input: string | Buffer,
  delimiter: Delimiter,
  field: string,
  name: string,
  plan: ColumnPlan = ALL_TEXT,
  chunkBytes = CHUNK_BYTES,
): RawTable {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  const reader = new QuoteFreeReader(delimiter, name, plan, field);
  let at = 0;
  while (at < bytes.length && reader.push(bytes.subarray(at, at + chunkBytes))) at += chunkBytes;
  const fast = reader.end();
  if (fast !== null) return fast;
  return strictColumns(typeof input === "string" ? input : input.toString("utf8"), delimiter, field, name, plan);
}
