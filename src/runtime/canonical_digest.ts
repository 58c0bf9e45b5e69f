// The SHA-256 and UTF-8 size of plain JSON data's canonical (RFC 8785) text, written in pieces and
// hashed as it is written, so the whole text never exists at once. Plain data only (inspectJson and
// exactlyCloneable decide that first): objects, arrays, finite numbers, strings without lone
// surrogates, booleans, null, and Float64Arrays standing for arrays of numbers (pool/packing.ts).
// Same rules as canonical.ts: members in code-unit order, numbers and strings as JSON.stringify writes them.
import { HashSink as Sink } from "../lib/hash_sink.js";
import { putNumbers } from "./json_numbers.js";

/** Elements per piece of an array of scalars: a piece's text (<= ~50 KB) stays a young, regular-sized string. */
const PIECE = 2_048;

export interface CanonicalDigest {
  readonly sha256: string;
  /** UTF-8 bytes of the canonical text. */
  readonly bytes: number;
}

export function canonicalDigest(x: unknown): CanonicalDigest {
  const sink = new Sink();
  write(x, sink);
  return { sha256: sink.digest(), bytes: sink.bytes };
}

/** Every element a number (an empty array too). */
function allNumbers(x: readonly unknown[]): boolean {
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== "number") return false;
  return true;
}

/** No element is an object or array (null is a scalar). */
function allScalars(x: readonly unknown[]): boolean {
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (v !== null && typeof v === "object") return false;
  }
  return true;
}

function write(x: unknown, sink: Sink): void {
  if (x instanceof Float64Array || (Array.isArray(x) && allScalars(x))) writeScalars(x, sink);
  else if (Array.isArray(x)) writeArray(x, sink);
  else if (x !== null && typeof x === "object") writeObject(x as Record<string, unknown>, sink);
  else sink.put(JSON.stringify(x));
}

/** Elements start..end as a plain array: the array itself when whole, else a copy. */
function pieceOf(x: readonly unknown[], start: number, end: number): unknown[] {
  return start === 0 && end === x.length ? (x as unknown[]) : x.slice(start, end);
}

/**
 * An array of scalars: numbers byte by byte (json_numbers.ts, JSON.stringify's text of each); up to
 * PIECE plain strings (dates, names) byte by byte too; any other, PIECE elements per JSON.stringify, each
 * piece's text encoded into the sink's buffer.
 */
function writeScalars(x: readonly unknown[] | Float64Array, sink: Sink): void {
  if (x instanceof Float64Array || allNumbers(x)) {
    putNumbers(sink, x as ArrayLike<number>);
    return;
  }
  // Not numbers only (a typed array always is).
  if (x.length <= PIECE && sink.putPlainStrings(x)) return;
  if (x.length === 0) sink.put("[");
  for (let start = 0; start < x.length; start += PIECE) {
    const piece = JSON.stringify(pieceOf(x, start, Math.min(x.length, start + PIECE)));
    sink.putOpenArray(piece, start === 0 ? "[" : ",");
  }
  sink.put("]");
}

function writeArray(x: readonly unknown[], sink: Sink): void {
  sink.put("[");
  x.forEach((v, i) => {
    if (i > 0) sink.put(",");
    write(v, sink);
  });
  sink.put("]");
}

function writeObject(x: Record<string, unknown>, sink: Sink): void {
  sink.put("{");
  let first = true;
  for (const k of Object.keys(x).sort()) {
    const v = x[k];
    if (v === undefined) continue;
    sink.put(`${first ? "" : ","}${JSON.stringify(k)}:`);
    first = false;
    write(v, sink);
  }
  sink.put("}");
}
