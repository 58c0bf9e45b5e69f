// The SHA-256 and UTF-8 size of plain JSON data's canonical (RFC 8785) text, written in pieces and
// hashed as it is written, so the whole text never exists at once. Plain data only (inspectJson and
// exactlyCloneable decide that first): objects, arrays, finite numbers, strings without lone
// surrogates, booleans, null, and Float64Arrays standing for arrays of numbers (pool/packing.ts).
// Same rules as canonical.ts: members in code-unit order, numbers and strings as JSON.stringify writes them.
import { createHash } from "node:crypto";

/** Elements per piece of an array of scalars: a piece's text (<= ~50 KB) stays a young, regular-sized string. */
const PIECE = 2_048;

export interface CanonicalDigest {
  readonly sha256: string;
  /** UTF-8 bytes of the canonical text. */
  readonly bytes: number;
}

type Put = (piece: string) => void;

export function canonicalDigest(x: unknown): CanonicalDigest {
  const hash = createHash("sha256");
  let bytes = 0;
  write(x, (piece) => {
    hash.update(piece, "utf8");
    bytes += Buffer.byteLength(piece, "utf8");
  });
  return { sha256: hash.digest("hex"), bytes };
}

const isScalar = (v: unknown) => v === null || typeof v !== "object";

function write(x: unknown, put: Put): void {
  if (x instanceof Float64Array || (Array.isArray(x) && x.every(isScalar))) writeScalars(x, put);
  else if (Array.isArray(x)) writeArray(x, put);
  else if (x !== null && typeof x === "object") writeObject(x as Record<string, unknown>, put);
  else put(JSON.stringify(x));
}

/** An array of scalars, PIECE elements per JSON.stringify. */
function writeScalars(x: ArrayLike<unknown>, put: Put): void {
  put("[");
  const part: unknown[] = [];
  for (let start = 0; start < x.length; start += PIECE) {
    const end = Math.min(x.length, start + PIECE);
    part.length = end - start;
    for (let i = start; i < end; i++) part[i - start] = x[i];
    const text = JSON.stringify(part);
    put(start === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`);
  }
  put("]");
}

function writeArray(x: readonly unknown[], put: Put): void {
  put("[");
  x.forEach((v, i) => {
    if (i > 0) put(",");
    write(v, put);
  });
  put("]");
}

function writeObject(x: Record<string, unknown>, put: Put): void {
  put("{");
  let first = true;
  for (const k of Object.keys(x).sort()) {
    const v = x[k];
    if (v === undefined) continue;
    put(`${first ? "" : ","}${JSON.stringify(k)}:`);
    first = false;
    write(v, put);
  }
  put("}");
}
