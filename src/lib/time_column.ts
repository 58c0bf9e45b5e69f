// The `on` column of an as-of join: every cell a time of one kind (ISO date-times or numbers).
import { invalid, fieldPath, type Frame } from "../contract/guard.js";
import { describeCell } from "./describe_value.js";
import { requireCompleteColumn } from "./frame_shape.js";
import { timeOfCell, type KeyKind } from "./timestamps.js";
import type { WorkMeter } from "./work_meter.js";

/**
 * The times of column `on` (epoch ms for date-times, the numbers themselves otherwise) and their
 * kind, set by the first cell; a cell of the other kind or not a time is bad input at its record.
 * Counts one meter unit per row.
 */
export async function readTimeColumn(
  field: string,
  frame: Frame,
  on: string,
  meter: WorkMeter,
): Promise<{ times: number[]; kind: KeyKind }> {
  const cells = requireCompleteColumn(field, frame, on);
  const kind: KeyKind = frame.nrows > 0 && typeof cells[0] === "string" ? "datetime" : "number";
  const times = await meter.map(frame.nrows, (i) => {
    const c = cells[i];
    const t = timeOfCell(c);
    if (Number.isNaN(t) || (typeof c === "string") !== (kind === "datetime"))
      throw invalid(
        fieldPath(field, "records", i, on),
        `column '${on}' must hold ISO date-times or finite numbers (one kind), got ${describeCell(c)}`,
      );
    return t;
  });
  return { times, kind };
}
