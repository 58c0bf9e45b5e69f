// CSV and TSV files: a header row, then one record per line. Cells stay text here; table.ts turns
// them into payload cells. Files without a quote character go through uDSV's fast path, each record
// checked to split into exactly one cell per column; anything else (quotes, a record of the wrong
// length, stray carriage returns) goes through csv-parse, which also words every error.
import { parse } from "csv-parse/sync";
import { initParser } from "udsv";
import { invalid } from "../contract.js";
import { quoted } from "../codec/text.js";
import { type ColumnMode, type ColumnPlan, type RawTable, textCell } from "./table.js";

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
  const cells = modes.map((m) => (m === null ? [] : new Array<unknown>(nrows)));
  for (let i = 0; i < nrows; i++) {
    const r = rows[i + 1]!;
    for (let j = 0; j < columns.length; j++) if (modes[j] !== null) cells[j]![i] = keep(modes[j]!, r[j]!);
    rows[i + 1] = columns; // drop the record as soon as its cells are in columns (peak memory)
  }
  return table(columns, cells, nrows, name, modes);
}

/** The last line with any text in it (uDSV skips empty lines; a short last record would stall it). */
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

/**
 * Quote-free text through uDSV, column by column, or null when a record does not split into exactly
 * one cell per column (uDSV would run such a record into the next line; csv-parse then names it).
 */
function fastColumns(text: string, delimiter: Delimiter, name: string, plan: ColumnPlan): RawTable | null {
  if (text.indexOf('"') >= 0) return null;
  const nl = text.indexOf("\n");
  if (nl <= 0) return null;
  const rowDelim = text.charCodeAt(nl - 1) === 13 ? "\r\n" : "\n";
  const columns = text.slice(0, nl + 1 - rowDelim.length).split(delimiter);
  const n = columns.length;
  if (columns.some((c) => c.includes("\r")) || lastLine(text, rowDelim).split(delimiter).length !== n) return null;
  const modes = plan(columns);
  const cells = columns.map(() => [] as unknown[]);
  const spec = { skip: 0, col: delimiter, row: rowDelim, encl: "", esc: "", trim: false };
  const parser = initParser({
    ...spec,
    cols: columns.map((c) => ({ name: c, type: "s" as const, repl: {} })),
  } as never);
  let ok = true;
  let nrows = 0;
  parser.stringArrs(text.slice(nl + 1), (row: string[]) => {
    // a record short of cells runs on into the next line; a long one leaves a delimiter in its last cell
    for (let j = 0; j < n - 1; j++) {
      const c = row[j]!;
      if (c.includes("\n")) return (ok = false);
      if (modes[j] !== null) cells[j]!.push(keep(modes[j]!, c));
    }
    const last = row[n - 1]!;
    if (n === 1 && last === "") return true; // an empty line (uDSV skips them only before a delimiter)
    if (last.includes(delimiter) || last.includes("\r") || last.includes("\n")) return (ok = false);
    if (modes[n - 1] !== null) cells[n - 1]!.push(keep(modes[n - 1]!, last));
    nrows += 1;
    return true;
  });
  return ok ? table(columns, cells, nrows, name, modes) : null;
}

/** Every column kept as text: what a reader without a plan keeps. */
const ALL_TEXT: ColumnPlan = (columns) => columns.map(() => "text");

/**
 * Parses CSV (or TSV with `delimiter` "\t") text, keeping each column as `plan` says (default: all
 * as text); a malformed file names its line and column.
 */
export function readDelimited(
  text: string,
  delimiter: Delimiter,
  field: string,
  name: string,
  plan: ColumnPlan = ALL_TEXT,
): RawTable {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return fastColumns(body, delimiter, name, plan) ?? strictColumns(text, delimiter, field, name, plan);
}
