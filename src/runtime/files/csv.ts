// CSV and TSV files: a header row, then one record per line. Files without a quote character go
// through uDSV's fast path (csv_fast.ts); anything else (quotes, a record of the wrong length, stray
// carriage returns) goes through csv-parse, which also words every error.
import { Parser } from "csv-parse";
import { invalid } from "../../contract/guard.js";
import { quoted } from "../codec/text.js";
import { CHUNK_BYTES, type Delimiter, MAX_CSV_LINE_BYTES, QuoteFreeReader, delimitedTable } from "./csv_fast.js";
import { type ColumnMode, type ColumnPlan, newCells, type RawTable, textCell } from "./table.js";
import { DateColumns } from "./date_columns.js";

interface CsvError extends Error {
  readonly code?: string;
  readonly lines?: number;
  readonly column?: number;
}

/** The cell a column keeps of a text cell in its mode. */
const keep = (mode: ColumnMode, s: string) => (mode === "cells" ? textCell(s) : s);

const OPTIONS = { bom: true, skip_empty_lines: true, relax_quotes: false, max_record_size: MAX_CSV_LINE_BYTES };

/** csv-parse's incremental parser (what its stream and sync APIs both drive): records handed to `push`. */
interface CsvApi {
  parse(buf: Buffer | undefined, end: boolean, push: (r: string[]) => void, close: () => void): Error | undefined;
}

/**
 * CSV/TSV bytes through csv-parse, pushed block by block: each record's cells go to their columns as it
 * is parsed (the records are never held whole), so a row cap can refuse the file from the rows seen so
 * far. A malformed file names its line and column.
 */
export class StrictReader {
  private readonly api: CsvApi;
  private head: { columns: string[]; modes: readonly ColumnMode[]; cells: unknown[][]; dates: DateColumns } | null =
    null;
  /** Rows whose text columns were checked for dates (after each parsed piece). */
  private scanned = 0;
  private nrows = 0;
  /** The start of the text (to name a column of a malformed header). */
  private first = "";
  constructor(
    private readonly delimiter: Delimiter,
    private readonly field: string,
    private readonly name: string,
    private readonly plan: ColumnPlan,
  ) {
    this.api = (new Parser({ ...OPTIONS, delimiter }) as unknown as { api: CsvApi }).api;
  }

  /** Data rows read so far. */
  get rows(): number {
    return this.nrows;
  }

  /** The header's column names once read, else null. */
  get columns(): readonly string[] | null {
    return this.head?.columns ?? null;
  }

  /** Parses one piece (kept by csv-parse where a record runs on: pass a buffer no one reuses); true. */
  push(piece: Buffer): true {
    if (this.first === "" && this.head === null) this.first = piece.toString("utf8", 0, Math.min(piece.length, 65536));
    this.run(piece, false);
    this.scanDates();
    return true;
  }

  /** Checks the rows parsed since the last piece for date columns (RawTable.dateColumns). */
  private scanDates(): void {
    const h = this.head;
    if (h === null) return;
    h.cells.forEach((c, j) => h.dates.scan(j, c, this.scanned));
    this.scanned = this.nrows;
  }

  end(): RawTable {
    this.run(undefined, true);
    this.scanDates();
    const h = this.head;
    if (h === null) throw invalid(this.field, `${this.name} is empty; a header row naming the columns is required`);
    return delimitedTable(h.columns, h.cells, this.nrows, this.name, h.modes, h.dates.result());
  }

  private readonly record = (r: string[]): void => {
    const h = this.head;
    if (h === null) {
      const modes = this.plan(r);
      this.head = { columns: r, modes, cells: modes.map(() => newCells()), dates: new DateColumns(modes) };
      return;
    }
    const { modes, cells } = h;
    for (let j = 0; j < modes.length; j++) if (modes[j] !== null) cells[j]!.push(keep(modes[j]!, r[j]!));
    this.nrows += 1;
  };

  private run(piece: Buffer | undefined, end: boolean): void {
    const err = this.api.parse(piece, end, this.record, () => undefined) as CsvError | undefined;
    if (err === undefined) return;
    const header = this.head?.columns ?? this.first.split(/\r?\n/, 1)[0]!.split(this.delimiter);
    const col = err.column === undefined ? "" : `, column ${err.column + 1}`;
    const colName =
      err.column !== undefined && header[err.column] !== undefined ? ` (${quoted(header[err.column]!)})` : "";
    const detail = err.message.replace(/ (on|at) line \d+.*$/, "");
    throw invalid(this.field, `${this.name} is not valid CSV at line ${err.lines ?? "?"}${col}${colName}: ${detail}`);
  }
}

/** The whole text through csv-parse; a malformed file names its line and column. */
export function strictColumns(
  text: string,
  delimiter: Delimiter,
  field: string,
  name: string,
  plan: ColumnPlan,
): RawTable {
  const reader = new StrictReader(delimiter, field, name, plan);
  reader.push(Buffer.from(text, "utf8"));
  return reader.end();
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
