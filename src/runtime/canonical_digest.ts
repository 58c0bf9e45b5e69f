// The SHA-256 and UTF-8 size of plain JSON data's canonical (RFC 8785) text, written in pieces and
// hashed as it is written, so the whole text never exists at once. Plain data only (inspectJson and
// exactlyCloneable decide that first): objects, arrays, finite numbers, strings without lone
// surrogates, booleans, null, and Float64Arrays standing for arrays of numbers (pool/packing.ts).
// Same rules as canonical.ts: members in code-unit order, numbers and strings as JSON.stringify writes them.
import { createHash, type Hash } from "node:crypto";

/** Elements per piece of an array of scalars: a piece's text (<= ~50 KB) stays a young, regular-sized string. */
const PIECE = 2_048;
/** UTF-8 bytes a UTF-16 code unit can take. */
const MAX_UTF8_PER_UNIT = 3;

export interface CanonicalDigest {
  readonly sha256: string;
  /** UTF-8 bytes of the canonical text. */
  readonly bytes: number;
}

/** A piece's UTF-8 bytes, reused from piece to piece and call to call (grown for a piece of long strings). */
let scratch = Buffer.allocUnsafe(PIECE * 32);

/** Where the text goes: hashed, and its UTF-8 bytes counted. */
class Sink {
  bytes = 0;
  constructor(private readonly hash: Hash) {}

  put(text: string): void {
    this.hash.update(text, "utf8");
    this.bytes += Buffer.byteLength(text, "utf8");
  }

  /** A JSON array's text without its closing bracket, its opening one written as `open` ("[" or ","). */
  putOpenArray(text: string, open: "[" | ","): void {
    if (scratch.length < MAX_UTF8_PER_UNIT * text.length) scratch = Buffer.allocUnsafe(MAX_UTF8_PER_UNIT * text.length);
    const n = scratch.write(text, 0, "utf8");
    scratch[0] = open.charCodeAt(0);
    this.hash.update(scratch.subarray(0, n - 1));
    this.bytes += n - 1;
  }
}

export function canonicalDigest(x: unknown): CanonicalDigest {
  const hash = createHash("sha256");
  const sink = new Sink(hash);
  write(x, sink);
  return { sha256: hash.digest("hex"), bytes: sink.bytes };
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

/** Elements start..end as a plain array: the array itself when whole, else a copy (a typed array always). */
function pieceOf(x: readonly unknown[] | Float64Array, start: number, end: number): unknown[] {
  if (x instanceof Float64Array) return Array.from(x.subarray(start, end));
  return start === 0 && end === x.length ? (x as unknown[]) : x.slice(start, end);
}

/** An array of scalars, PIECE elements per JSON.stringify, each piece's text encoded into the sink's scratch. */
function writeScalars(x: readonly unknown[] | Float64Array, sink: Sink): void {
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
