// Which columns of each file a call's references need, found before any file is read, so a CSV or
// TSV reader keeps only those: index columns as text (labels are read from the text), data columns
// as payload cells. A reference that leaves its column(s) to defaults needs every column.
import { isFileReference } from "./reference.js";
import { type ColumnMode, type ColumnPlan, defaultIndex, findColumn } from "./table.js";

interface Needs {
  all: boolean;
  readonly data: Set<string>;
  readonly index: Set<string>;
  defaultIndex: boolean;
}

function note(needs: Needs, ref: Record<string, unknown>): void {
  const { column, columns, index } = ref;
  if (typeof column === "string") needs.data.add(column);
  else if (Array.isArray(columns) && columns.every((c) => typeof c === "string"))
    for (const c of columns) needs.data.add(c);
  else needs.all = true;
  if (typeof index === "string") needs.index.add(index);
  else needs.defaultIndex = true;
}

function planOf(needs: Needs): ColumnPlan {
  return (columns) => {
    const modes: ColumnMode[] = columns.map(() => (needs.all ? "cells" : null));
    for (const c of needs.data) {
      const j = findColumn(columns, c);
      if (j >= 0) modes[j] = "cells";
    }
    const text = [...needs.index].map((c) => findColumn(columns, c));
    if (needs.defaultIndex) text.push(defaultIndex(columns));
    for (const j of text) if (j >= 0) modes[j] = "text";
    return modes;
  };
}

/** One plan per `file` text among the references anywhere in `args` (objects and arrays walked without recursion). */
export function columnPlans(args: unknown): Map<string, ColumnPlan> {
  const needs = new Map<string, Needs>();
  const stack: unknown[] = [args];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (Array.isArray(v)) {
      for (const x of v) if (typeof x === "object" && x !== null) stack.push(x);
      continue;
    }
    const obj = v as Record<string, unknown>;
    if (isFileReference(obj) && typeof obj["file"] === "string") {
      const file = obj["file"];
      if (!needs.has(file)) needs.set(file, { all: false, data: new Set(), index: new Set(), defaultIndex: false });
      note(needs.get(file)!, obj);
      continue;
    }
    for (const x of Object.values(obj)) if (typeof x === "object" && x !== null) stack.push(x);
  }
  return new Map([...needs].map(([file, n]) => [file, planOf(n)]));
}
