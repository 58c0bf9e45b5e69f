// Frames whose every cell the tool layer proved a finite number (a split-form matrix) also carry their
// columns as Float64Arrays, kept beside the frame here rather than on it: a guard that reads them
// (numericColumnsOf) never makes the frame's `data` arrays, which the tool layer then builds only when read.
// Each column is n doubles, one copy of the caller's matrix, and nothing else holds it: a guard may keep it.

const typed = new WeakMap<object, readonly Float64Array[]>();

/** Keeps `columns` (in the frame's column order) as the numeric columns of `frame`. */
export function keepNumericColumns(frame: object, columns: readonly Float64Array[]): void {
  typed.set(frame, columns);
}

/**
 * The frame's columns as Float64Arrays in `columns` order, when the tool layer proved every cell a finite
 * number; undefined otherwise (an in-process frame, records, cells not all numbers, a dtype other than float64).
 */
export function numericColumnsOf(frame: object): readonly Float64Array[] | undefined {
  return typed.get(frame);
}
