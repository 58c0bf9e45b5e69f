// CSV and TSV files: a header row, then one record per line. Cells stay text here; table.ts turns
// them into payload cells. Files without a quote character go through uDSV's fast path, each record
// checked to split into exactly one cell per column; anything else (quotes, a record of the wrong
// length, stray carriage returns) goes through csv-parse, which also words every error.
import { parse } from "csv-parse/sync";
import { initParser } from "udsv";
import { invalid } from "../contract.js";
import { quoted } from "../codec/text.js";
import { type ColumnMode, type ColumnPlan, newCells, type RawTable, textCell } from "./table.js";

interface CsvError extends Error {
  readonly code?: string;
  readonly lines?: number;
  readonly column?: number;
}

type Delimiter = "," | "\t";

function table(
  columns: readonly string[],
  cells: unknown[][],
  nrows: number,
  name: string,
  modes: readonly ColumnMode[],
): RawTable {
  const where = (i: number, j: number) => `${name} data row ${i + 1}, column ${quoted(columns[j]!)}`;
  return { columns, cells, nrows, where, modes };
}

/** The cell a column keeps of a text cell in its mode. */
const keep = (mode: ColumnMode, s: string) => (mode === "cells" ? textCell(s) : s);

/** The whole text through csv-parse; a malformed file names its line and column. */
function strictColumns(text: string, delimiter: Delimiter, field: string, name: string, plan: ColumnPlan): RawTable {
  let rows: string[][];
  try {
    rows = parse(text, { delimiter, bom: true, skip_empty_lines: true, relax_quotes: false }) as string[][];
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
  return table(columns, cells, nrows, name, modes);
}

/** The last line of `text` with any text in it (uDSV skips empty lines; a short last record would stall it). */
function lastLine(text: string, rowDelim: string): string {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf(rowDelim, end - 1);
    const line = text.slice(start < 0 ? 0 : start + rowDelim.length, end);
    if (line !== "") return line;
    if (start < 0) return "";
    end = start;
  }
  return "";
}

/** Bytes of file text parsed at a time: the whole text is never one string, nor every cell at once. */
export const CHUNK_BYTES = Number(process.env.H15P_CHUNK ?? 1 << 17);

/** Column-major cells built chunk by chunk; each kept column ends as one packed array (its parts concatenated). */
class Columns {
  private readonly parts: unknown[][][];
  private current: (unknown[] | null)[] = [];
  constructor(private readonly modes: readonly ColumnMode[]) {
    this.parts = modes.map(() => []);
  }
  /** The arrays the rows of the next chunk go to (null: a column not kept). */
  open(): (unknown[] | null)[] {
    this.current = this.modes.map((m) => (m === null ? null : newCells()));
    return this.current;
  }
  /** Keeps the chunk's rows. */
  close(): void {
    this.current.forEach((c, j) => {
      if (c !== null && c.length > 0) this.parts[j]!.push(c);
    });
  }
  /** One array per column, sized exactly and without holes (a worker thread gets it as a dense list). */
  cells(): unknown[][] {
    return this.parts.map((p) => (p.length === 1 ? p[0]! : ([] as unknown[]).concat(...p)));
  }
}

type Parser = ReturnType<typeof initParser>;

/** uDSV's parser for quote-free text: every cell a string, no trimming. */
function plainParser(delimiter: Delimiter, rowDelim: string, n: number): Parser {
  const cols = Array.from({ length: n }, (_, j) => ({ name: String(j), type: "s" as const, repl: {} }));
  return initParser({ skip: 0, col: delimiter, row: rowDelim, encl: "", esc: "", trim: false, cols } as never);
}

/**
 * Rows of one quote-free chunk (whole lines) through uDSV into `out`, or false when a record does
 * not split into exactly one cell per column (uDSV would run such a record into the next line).
 */
function parseChunk(
  text: string,
  delimiter: Delimiter,
  rowDelim: string,
  modes: readonly ColumnMode[],
  out: (unknown[] | null)[],
  parser: Parser,
): number | false {
  const n = modes.length;
  if (lastLine(text, rowDelim).split(delimiter).length !== n) return false;
  let ok = true;
  let nrows = 0;
  parser.stringArrs(text, (row: string[]) => {
    // a record short of cells runs on into the next line; a long one leaves a delimiter in its last cell
    for (let j = 0; j < n - 1; j++) {
      const c = row[j]!;
      if (c.includes("\n")) return (ok = false);
      const o = out[j]!;
      if (o !== null) o.push(modes[j] === "cells" ? textCell(c) : c);
    }
    const last = row[n - 1]!;
    if (n === 1 && last === "") return true; // an empty line (uDSV skips them only before a delimiter)
    if (last.includes(delimiter) || last.includes("\r") || last.includes("\n")) return (ok = false);
    const o = out[n - 1]!;
    if (o !== null) o.push(modes[n - 1] === "cells" ? textCell(last) : last);
    nrows += 1;
    return true;
  });
  return ok ? nrows : false;
}

const BOM = [0xef, 0xbb, 0xbf];
const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2];

/**
 * Quote-free bytes through uDSV, a chunk of whole lines at a time, column by column; null when a
 * record does not split into exactly one cell per column (csv-parse then names it).
 */
function fastColumns(
  bytes: Buffer,
  delimiter: Delimiter,
  name: string,
  plan: ColumnPlan,
  chunkBytes: number,
): RawTable | null {
  const from = hasBom(bytes) ? 3 : 0;
  if (bytes.indexOf(0x22, from) >= 0) return null;
  const nl = bytes.indexOf(0x0a, from);
  if (nl <= from) return null;
  const rowDelim = bytes[nl - 1] === 13 ? "\r\n" : "\n";
  const columns = bytes.toString("utf8", from, nl + 1 - rowDelim.length).split(delimiter);
  if (columns.some((c) => c.includes("\r"))) return null;
  const modes = plan(columns);
  const kept = new Columns(modes);
  const parser = plainParser(delimiter, rowDelim, columns.length);
  let nrows = 0;
  for (let at = nl + 1; at < bytes.length; ) {
    // a chunk ends after a line feed (never inside a UTF-8 sequence), or at the end of the file
    const cut = at + chunkBytes >= bytes.length ? bytes.length : bytes.lastIndexOf(0x0a, at + chunkBytes) + 1;
    const end = cut > at ? cut : bytes.indexOf(0x0a, at + chunkBytes) + 1 || bytes.length;
    const got = parseChunk(bytes.toString("utf8", at, end), delimiter, rowDelim, modes, kept.open(), parser);
    if (got === false) return null;
    kept.close();
    nrows += got;
    at = end;
  }
  return table(columns, kept.cells(), nrows, name, modes);
}

/** Every column kept as text: what a reader without a plan keeps. */
const ALL_TEXT: ColumnPlan = (columns) => columns.map(() => "text");

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
  const fast = fastColumns(bytes, delimiter, name, plan, chunkBytes);
  if (fast !== null) return fast;
  return strictColumns(typeof input === "string" ? input : input.toString("utf8"), delimiter, field, name, plan);
}
