// The fast path for CSV/TSV bytes without a quote character: fed block by block as the file is read
// (the whole text is never one string), each run of whole lines goes through uDSV, each record
// checked to split into exactly one cell per column. Data cells become payload cells as they are
// read, index cells stay text, unplanned columns are dropped; each kept column ends as one list.
import { initParser } from "udsv";
import { invalid } from "../../contract/guard.js";
import { quoted } from "../codec/text.js";
import { type ColumnMode, type ColumnPlan, newCells, type RawTable, textCell } from "./table.js";
import { grouped } from "../../lib/grouped.js";
import { DateColumns } from "./date_columns.js";

export type Delimiter = "," | "\t";

/** A table read from CSV/TSV: cells are named by data row and column. */
export function delimitedTable(
  columns: readonly string[],
  cells: unknown[][],
  nrows: number,
  name: string,
  modes: readonly ColumnMode[],
  dateColumns?: readonly boolean[],
): RawTable {
  const where = (i: number, j: number) => `${name} data row ${i + 1}, column ${quoted(columns[j]!)}`;
  return { columns, cells, nrows, where, modes, dateColumns };
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

/** Bytes of a file read and parsed at a time. */
export const CHUNK_BYTES = 1 << 17;

/** Column-major cells built chunk by chunk; each kept column ends as one packed array (its parts concatenated). */
class Columns {
  private readonly parts: unknown[][][];
  private current: (unknown[] | null)[] = [];
  readonly dates: DateColumns;
  constructor(private readonly modes: readonly ColumnMode[]) {
    this.parts = modes.map(() => []);
    this.dates = new DateColumns(modes);
  }
  /** The arrays the rows of the next chunk go to (null: a column not kept). */
  open(): (unknown[] | null)[] {
    this.current = this.modes.map((m) => (m === null ? null : newCells()));
    return this.current;
  }
  /** Keeps the chunk's rows. */
  close(): void {
    this.current.forEach((c, j) => {
      if (c === null || c.length === 0) return;
      this.parts[j]!.push(c);
      this.dates.scan(j, c);
    });
  }
  /** One array per column, sized exactly and without holes (a worker thread gets it as a dense list). */
  cells(): unknown[][] {
    return this.parts.map((p) => (p.length === 1 ? p[0]! : newCells().concat(...p)));
  }
}

type Parser = ReturnType<typeof initParser>;

/** uDSV's parser for quote-free text: every cell a string, no trimming. */
function plainParser(delimiter: Delimiter, rowDelim: string, n: number): Parser {
  const cols = Array.from({ length: n }, (_, j) => ({ name: String(j), type: "s" as const, repl: {} }));
  return initParser({ skip: 0, col: delimiter, row: rowDelim, encl: "", esc: "", trim: false, cols } as never);
}

/** How many times `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  let k = 0;
  for (let i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length)) k += 1;
  return k;
}

/** True when carriage returns and line feeds occur in `text` only as its row delimiter. */
function lineEndsOnly(text: string, rowDelim: string): boolean {
  if (rowDelim === "\n") return !text.includes("\r");
  const crlf = occurrences(text, "\r\n");
  return occurrences(text, "\r") === crlf && occurrences(text, "\n") === crlf;
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
  const last = modes.length - 1;
  if (lastLine(text, rowDelim).split(delimiter).length !== last + 1 || !lineEndsOnly(text, rowDelim)) return false;
  let ok = true;
  let nrows = 0;
  parser.stringArrs(text, (row: string[]) => {
    // a record short of cells runs on into the next line, so a cell before the last holds a line feed
    for (let j = 0; j < last; j++) {
      const c = row[j]!;
      if (c.includes("\n")) return (ok = false);
      const o = out[j]!;
      if (o !== null) o.push(modes[j] === "cells" ? textCell(c) : c);
    }
    const c = row[last]!;
    if (last === 0 && c === "") return true; // an empty line (uDSV skips them only before a delimiter)
    const o = out[last]!;
    if (o !== null) o.push(modes[last] === "cells" ? textCell(c) : c);
    nrows += 1;
    return true;
  });
  // each record's cells but the last end at a delimiter, so any other delimiter is in a last cell (a long record)
  return ok && occurrences(text, delimiter) === last * nrows ? nrows : false;
}

const BOM = [0xef, 0xbb, 0xbf];
const hasBom = (b: Uint8Array) => b.length >= 3 && b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2];

interface Header {
  readonly columns: readonly string[];
  readonly modes: readonly ColumnMode[];
  readonly rowDelim: string;
  readonly kept: Columns;
  readonly parser: Parser;
}

/** Longest line (record) of a CSV/TSV file, in bytes: a longer one is refused by name. */
export const MAX_CSV_LINE_BYTES = 33_554_432;

/** Refuses a line of more than MAX_CSV_LINE_BYTES bytes; `after`: the data rows read before it. */
export function lineTooLong(field: string, name: string, after: number): never {
  throw invalid(
    field,
    `${name}: the line after data row ${after} is longer than ${grouped(MAX_CSV_LINE_BYTES)} bytes ` +
      "(the limit of one CSV/TSV line); split the record or send the data as Parquet",
  );
}

/**
 * Reads quote-free CSV/TSV bytes pushed block by block (blocks may end anywhere, even inside a
 * character). `push` returns false once the file cannot take this path (a quote, a record that
 * does not split into one cell per column, a stray carriage return); `end` then gives null. Each
 * block is searched once: a line longer than a block is kept as parts, joined once when it ends.
 */
export class QuoteFreeReader {
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private head: Header | null = null;
  private nrows = 0;
  private failed = false;
  private first = true;
  constructor(
    private readonly delimiter: Delimiter,
    private readonly name: string,
    private readonly plan: ColumnPlan,
    private readonly field: string = "",
  ) {}

  /** Data rows read so far. */
  get rows(): number {
    return this.nrows;
  }

  /** The header's column names once read, else null. */
  get columns(): readonly string[] | null {
    return this.head?.columns ?? null;
  }

  push(block: Buffer): boolean {
    if (this.failed) return false;
    if (block.indexOf(0x22) >= 0) return this.fail();
    let from = 0;
    const nl = block.indexOf(0x0a);
    if (nl >= 0 && this.carryBytes + nl > MAX_CSV_LINE_BYTES) lineTooLong(this.field, this.name, this.nrows);
    if (this.head === null) {
      if (nl < 0) return this.keep(block, 0);
      const line = this.take(block, nl + 1);
      const start = this.first && hasBom(line) ? 3 : 0;
      if (line.length - 1 === start || !this.header(line, start, line.length - 1)) return this.fail();
      this.first = false;
      from = nl + 1;
    }
    const last = block.lastIndexOf(0x0a);
    if (last < from) return this.keep(block, from);
    if (!this.lines(this.take(block, last + 1, from).toString("utf8"))) return this.fail();
    return this.keep(block, last + 1);
  }

  /** The table, or null when the file cannot take this path. */
  end(): RawTable | null {
    const h = this.head;
    if (this.failed || h === null) return null;
    if (this.carryBytes > 0 && !this.lines(Buffer.concat(this.carry).toString("utf8"))) return null;
    return delimitedTable(h.columns, h.kept.cells(), this.nrows, this.name, h.modes, h.kept.dates.result());
  }

  private header(data: Buffer, start: number, nl: number): boolean {
    const rowDelim = data[nl - 1] === 13 ? "\r\n" : "\n";
    const columns = data.toString("utf8", start, nl + 1 - rowDelim.length).split(this.delimiter);
    if (columns.some((c) => c.includes("\r"))) return false;
    const modes = this.plan(columns);
    const parser = plainParser(this.delimiter, rowDelim, columns.length);
    this.head = { columns, modes, rowDelim, kept: new Columns(modes), parser };
    return true;
  }

  /** Whole lines (the last may lack its line feed at the end of the file). */
  private lines(text: string): boolean {
    const h = this.head!;
    // uDSV drops a byte-order mark at the start of any text it is given; mid-file it is a cell's own
    if (text.charCodeAt(0) === 0xfeff) return false;
    const got = parseChunk(text, this.delimiter, h.rowDelim, h.modes, h.kept.open(), h.parser);
    if (got === false) return false;
    h.kept.close();
    this.nrows += got;
    return true;
  }

  /** The carried bytes and block[from, end) as one buffer (joined once); the carry is emptied. */
  private take(block: Buffer, end: number, from = 0): Buffer {
    const part = block.subarray(from, end);
    const out = this.carryBytes === 0 ? part : Buffer.concat([...this.carry, part]);
    this.carry = [];
    this.carryBytes = 0;
    return out;
  }

  /** Carries block[from, end) (copied: the caller may reuse its block); a line over the limit is refused. */
  private keep(block: Buffer, from: number): true {
    if (from >= block.length) return true;
    this.carryBytes += block.length - from;
    if (this.carryBytes > MAX_CSV_LINE_BYTES) lineTooLong(this.field, this.name, this.nrows);
    this.carry.push(Buffer.from(block.subarray(from)));
    return true;
  }

  private fail(): false {
    this.failed = true;
    this.carry = [];
    this.carryBytes = 0;
    return false;
  }
}
