// The rows of a JSON file turned into columns as the parser finishes each one (#49: peak memory), so a
// file's millions of row objects and row arrays never live at once: the elements of a top-level array
// (records, values) and of a top-level object's "data" (split, table) are taken this way. Both readings are
// kept, as json.ts would make them from the whole list: object rows as records (every key any record has,
// in first-seen order) and array rows as values (cell j of each row); the orient picks one at the end.
import { newCells } from "./table.js";

/** A row list read as columns; json.ts reads it where it would read the list itself. */
export class StreamedRows {
  /** Rows taken (the list's length). */
  length = 0;
  /** Record reading: column names in first-seen order and their cells (null where a record lacks the key). */
  readonly recordColumns: string[] = [];
  readonly recordCells: unknown[][] = [];
  private readonly recordIndex = new Map<string, number>();
  /** Values reading: cell j of each row (null past a row's end and for rows that are not arrays). */
  readonly valueCells: unknown[][] = [];
  /** The first row that is not an object, and its position (records refuse it); -1 while none. */
  firstNonObject = -1;
  firstNonObjectValue: unknown = undefined;
  /** Every row so far is an array (guessOrient's "values"). */
  allArrays = true;

  /** Takes one finished row. */
  take(row: unknown): void {
    const i = this.length++;
    if (row instanceof Map) this.record(row as Map<string, unknown>, i);
    else if (this.firstNonObject < 0) {
      this.firstNonObject = i;
      this.firstNonObjectValue = row;
    }
    if (!Array.isArray(row)) this.allArrays = false;
    this.valuesRow(Array.isArray(row) ? row : null, i);
  }

  private record(r: Map<string, unknown>, i: number): void {
    if (this.firstNonObject >= 0) return; // the records reading is refused at that row anyway
    const cols = this.recordColumns;
    const known = cols.length;
    for (let j = 0; j < known; j++) {
      const c = cols[j]!;
      this.recordCells[j]!.push(r.has(c) ? r.get(c) : null);
    }
    if (r.size === 0) return;
    for (const [k, v] of r) {
      if (this.recordIndex.has(k)) continue;
      this.recordIndex.set(k, cols.length);
      cols.push(k);
      this.recordCells.push(nulls(i, v));
    }
  }

  private valuesRow(row: readonly unknown[] | null, i: number): void {
    const cells = this.valueCells;
    const width = cells.length;
    for (let j = 0; j < width; j++) cells[j]!.push(row === null ? null : (row[j] ?? null));
    if (row === null) return;
    for (let j = width; j < row.length; j++) cells.push(nulls(i, row[j] ?? null));
  }
}

/** A column of `before` nulls then `v`. */
function nulls(before: number, v: unknown): unknown[] {
  const out = newCells();
  for (let k = 0; k < before; k++) out.push(null);
  out.push(v);
  return out;
}
