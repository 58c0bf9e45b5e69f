// The rows a JSON file holds at least, from the part of its top level parsed so far (#49): the row cap
// refuses a file of any orient (records, values, split, table, lists, columns, index, series) while it
// streams in, never after it is decoded whole. Each count is a lower bound of the rows the whole file
// gives in that orient, so a file within the cap is never refused by it.
import type { Orient } from "./json.js";
import { StreamedRows } from "./json_rows.js";

type Kind = "scalar" | "array" | "object";

export class RootShape {
  private rootIsArray = false;
  /** Members (or elements) of the top-level container so far. */
  private rootCount = 0;
  private readonly kinds = { scalar: 0, array: 0, object: 0 };
  /** The open second-level container: its member name, kind and count so far. */
  private openKey = "";
  private openKind: Kind | null = null;
  private openCount = 0;
  private minArray = Number.POSITIVE_INFINITY;
  private maxObject = 0;
  private data = 0;
  private index = 0;
  private columnsArray = false;
  private schemaObject = false;

  /** A container opens at `depth` (1: the document, 2: a member of it). */
  opened(depth: number, isArray: boolean): void {
    if (depth === 1) this.rootIsArray = isArray;
    else if (depth === 2) {
      this.openKind = isArray ? "array" : "object";
      this.openCount = 0;
    }
  }

  /** A value was placed in the top-level container under `key` (objects; "" in an array). */
  member(key: string, v: unknown): void {
    this.rootCount++;
    const list = Array.isArray(v) || v instanceof StreamedRows;
    const kind: Kind = list ? "array" : v !== null && typeof v === "object" ? "object" : "scalar";
    this.kinds[kind]++;
    if (kind !== "scalar") this.openKey = key;
  }

  /** A second-level container holds `count` values now. */
  inner(count: number): void {
    this.openCount = count;
  }

  /** The container at `depth` closed with `count` values. */
  closed(depth: number, count: number): void {
    if (depth !== 2 || this.rootIsArray) return;
    if (this.openKind === "array") {
      this.minArray = Math.min(this.minArray, count);
      if (this.openKey === "data") this.data = count;
      if (this.openKey === "index") this.index = count;
      if (this.openKey === "columns") this.columnsArray = true;
    } else {
      this.maxObject = Math.max(this.maxObject, count);
      if (this.openKey === "schema") this.schemaObject = true;
    }
    this.openKind = null;
  }

  /** The rows the file gives at least in `orient` (or the orient its shape so far allows). */
  rowsAtLeast(orient: Orient | undefined): number {
    if (this.rootIsArray) return this.rootCount;
    const open = this.openKind;
    const arrays = Math.min(this.minArray, open === "array" ? this.openCount : Number.POSITIVE_INFINITY);
    const objects = Math.max(this.maxObject, open === "object" ? this.openCount : 0);
    const data = open === "array" && this.openKey === "data" ? this.openCount : this.data;
    // split's rows: its index's labels (the first column), else its data rows
    const index = open === "array" && this.openKey === "index" ? this.openCount : this.index;
    switch (orient ?? this.guess()) {
      case "index":
      case "series":
        return this.rootCount;
      case "split":
        return Math.max(data, index);
      case "table":
        return data;
      case "lists":
        return Number.isFinite(arrays) ? arrays : 0;
      case "columns":
        return objects;
      default:
        return 0;
    }
  }

  /** The orient guessOrient (json.ts) would take from the shape so far, or null while it is open. */
  private guess(): Orient | null {
    const { scalar, array, object } = this.kinds;
    const hasData = this.data > 0 || (this.openKind === "array" && this.openKey === "data");
    if (hasData && (this.columnsArray || this.schemaObject)) return "split";
    if (array === 0 && object === 0) return "series";
    if (scalar === 0 && object === 0) return "lists";
    if (scalar === 0 && array === 0) return "columns";
    return null;
  }
}
