// Which text columns of a CSV/TSV file hold only real ISO-8601 dates or date-times, checked as the rows
// are read (a chunk at a time, inside each block's turn): labels from such a column need no check of
// their own after the read (RawTable.dateColumns), which on a 650,000-row file was one 40 ms stretch.
import { isValidIsoLabel } from "../codec/labels.js";
import type { ColumnMode } from "./table.js";

export class DateColumns {
  private readonly dates: boolean[];
  constructor(modes: readonly ColumnMode[]) {
    this.dates = modes.map((m) => m === "text");
  }

  /** Checks cells[from..] of column j (text cells as read); one that is not a real date clears the column. */
  scan(j: number, cells: readonly unknown[], from = 0): void {
    if (!this.dates[j]) return;
    for (let i = from; i < cells.length; i++) {
      const v = cells[i];
      if (typeof v === "string" && isValidIsoLabel(v)) continue;
      this.dates[j] = false;
      return;
    }
  }

  /** True for each column whose every cell scanned is a real ISO-8601 date or date-time. */
  result(): readonly boolean[] {
    return this.dates;
  }
}
