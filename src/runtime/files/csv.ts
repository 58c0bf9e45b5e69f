// CSV and TSV files through csv-parse: a header row, then one record per line. Cells stay text
// here; table.ts turns them into payload cells.
import { parse } from "csv-parse/sync";
import { invalid } from "../contract.js";
import { quoted } from "../codec/series.js";
import type { RawTable } from "./table.js";

interface CsvError extends Error {
  readonly code?: string;
  readonly lines?: number;
  readonly column?: number;
}

/** Parses CSV (or TSV with `delimiter` "\t") text; a malformed file names its line and column. */
export function readDelimited(text: string, delimiter: "," | "\t", field: string, name: string): RawTable {
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
  const nrows = rows.length - 1;
  const cells = columns.map(() => new Array<string>(nrows));
  for (let i = 0; i < nrows; i++) {
    const r = rows[i + 1]!;
    for (let j = 0; j < columns.length; j++) cells[j]![i] = r[j]!;
    rows[i + 1] = columns; // drop the record as soon as its cells are in columns (peak memory)
  }
  return {
    columns,
    cells,
    nrows,
    where: (i, j) => `${name} data row ${i + 1}, column ${quoted(columns[j]!)}`,
  };
}
