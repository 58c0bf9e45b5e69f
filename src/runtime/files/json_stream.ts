// An incremental JSON parser for files: bytes are pushed block by block (a block may end anywhere, even
// inside a character) and the value is built as they come, so a file's text is never one string and a
// row cap can refuse it from the rows seen so far (json_row_count.ts). As strict as JSON.parse; objects
// are Maps (a duplicate name keeps its first place and its last value, as JSON.parse does).
import { grouped } from "../../lib/grouped.js";
import { RootShape } from "./json_row_count.js";
import type { Orient } from "./json.js";
import { StreamedRows } from "./json_rows.js";

/** Longest string, number or literal in a JSON file, in bytes: a longer one is refused. */
export const MAX_JSON_TOKEN_BYTES = 33_554_432;

/**
 * An array, or an object as a Map (built and read in order far faster than a plain object of many members), or
 * a row list taken into columns as its rows finish (json_rows.ts).
 */
type Container = unknown[] | Map<string, unknown> | StreamedRows;

interface Frame {
  readonly value: Container;
  readonly isArray: boolean;
  /** The container is a StreamedRows: each finished value is taken by it, not kept. */
  readonly rows: boolean;
  /** The member name awaiting its value (objects). */
  key: string;
  count: number;
}

/** What the parser expects next. */
const Want = {
  Value: 0,
  /** A value or the end of an empty array. */
  FirstValue: 1,
  /** A comma or the end of the container (or of the document at depth 0). */
  After: 2,
  Key: 3,
  /** A key or the end of an empty object. */
  FirstKey: 4,
  Colon: 5,
  End: 6,
} as const;
type Want = (typeof Want)[keyof typeof Want];

/** A token cut by a block's end: a string (key or value), a number or a literal. */
const Token = {
  None: 0,
  String: 1,
  Key: 2,
  Number: 3,
  Literal: 4,
} as const;
type Token = (typeof Token)[keyof typeof Token];

/** A JSON syntax error, with the byte offset it was met at. */
export class JsonSyntaxError extends Error {}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isNumberByte = (c: number) =>
  (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || (c | 32) === 0x65;
const isLetter = (c: number) => c >= 0x61 && c <= 0x7a;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export interface StreamOptions {
  /**
   * Take row lists into columns as they are read (StreamedRows), for a file read in this orient (undefined:
   * guessed): a top-level array, and a top-level object's "data" when the orient is split or table (or,
   * guessed, once a "columns" array or a "schema" object came before it). Absent: every value is kept.
   */
  readonly rowsFor?: Orient | undefined;
}

export class JsonStreamParser {
  private readonly stack: Frame[] = [];
  private readonly streamRows: boolean;
  private readonly orient: Orient | undefined;
  /** A top-level "columns" array or "schema" object was met (a later "data" is then split's or table's rows). */
  private splitOrTable = false;
  private want: Want = Want.Value;
  private root: unknown = undefined;
  /** Bytes pushed before the current block. */
  private offset = 0;
  private token: Token = Token.None;
  private parts: Buffer[] = [];
  private partBytes = 0;
  private escaped = false;
  private hasEscape = false;
  /** The document's top level as far as read, for the row cap. */
  readonly shape = new RootShape();

  constructor(options: StreamOptions = {}) {
    this.streamRows = "rowsFor" in options;
    this.orient = options.rowsFor;
  }

  /** True when an array opening now holds rows to take into columns. */
  private rowList(): boolean {
    if (!this.streamRows) return false;
    if (this.stack.length === 0) return true;
    const root = this.stack[0]!;
    if (this.stack.length !== 1 || root.isArray || root.key !== "data") return false;
    const o = this.orient;
    return o === "split" || o === "table" || (o === undefined && this.splitOrTable);
  }

  /** Parses one block (copied where a token runs past its end: the caller may reuse it). */
  push(block: Buffer): void {
    let i = 0;
    if (this.token !== Token.None) i = this.resume(block);
    const n = block.length;
    while (i < n) {
      const c = block[i]!;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.want) {
        case Want.Value:
        case Want.FirstValue:
          if (c === 0x5d && this.want === Want.FirstValue) {
            this.close(true, i);
            i++;
          } else i = this.value(block, i);
          break;
        case Want.After:
          i = this.after(c, i);
          break;
        case Want.Key:
        case Want.FirstKey:
          if (c === 0x7d && this.want === Want.FirstKey) this.close(false, i);
          else if (c === 0x22) {
            this.token = Token.Key;
            this.hasEscape = false;
            this.escaped = false;
            i = this.string(block, i + 1, i + 1);
            continue;
          } else this.fail(i, c, "a member name in double quotes");
          i++;
          break;
        case Want.Colon:
          if (c !== 0x3a) this.fail(i, c, "':' after a member name");
          this.want = Want.Value;
          i++;
          break;
        default:
          this.fail(i, c, "the end of the text");
      }
    }
    this.offset += n;
  }

  /** The document, once every byte is pushed. */
  end(): unknown {
    if (this.token === Token.Number || this.token === Token.Literal) {
      this.finishScalar(this.offset);
    }
    if (this.token !== Token.None)
      throw new JsonSyntaxError(`Unterminated string in JSON at byte ${this.at(this.offset)}`);
    if (this.want !== Want.End)
      throw new JsonSyntaxError(`Unexpected end of JSON input at byte ${this.at(this.offset)}`);
    return this.root;
  }

  private at(i: number): string {
    return grouped(i);
  }

  private fail(i: number, c: number, expected: string): never {
    const ch = c >= 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `byte 0x${c.toString(16).padStart(2, "0")}`;
    throw new JsonSyntaxError(`Unexpected ${ch} at byte ${this.at(this.offset + i)}, expected ${expected}`);
  }

  /** A value starting at block[i]: returns the index after what was consumed. */
  private value(block: Buffer, i: number): number {
    const c = block[i]!;
    if (c === 0x22) {
      this.token = Token.String;
      this.hasEscape = false;
      this.escaped = false;
      return this.string(block, i + 1, i + 1);
    }
    if (c === 0x7b || c === 0x5b) {
      const isArray = c === 0x5b;
      const rows = isArray && this.rowList();
      const value: Container = rows ? new StreamedRows() : isArray ? [] : new Map();
      this.put(value);
      this.stack.push({ value, isArray, rows, key: "", count: 0 });
      this.shape.opened(this.stack.length, isArray);
      this.want = isArray ? Want.FirstValue : Want.FirstKey;
      return i + 1;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      this.token = Token.Number;
      return this.scalar(block, i, i);
    }
    if (isLetter(c)) {
      this.token = Token.Literal;
      return this.scalar(block, i, i);
    }
    return this.fail(i, c, "a value");
  }

  private after(c: number, i: number): number {
    const top = this.stack.at(-1);
    if (top === undefined) this.fail(i, c, "the end of the text");
    if (c === 0x2c) this.want = top.isArray ? Want.Value : Want.Key;
    else if (c === (top.isArray ? 0x5d : 0x7d)) this.close(top.isArray, i);
    else this.fail(i, c, top.isArray ? "',' or ']'" : "',' or '}'");
    return i + 1;
  }

  private close(isArray: boolean, i: number): void {
    const top = this.stack.pop();
    if (top === undefined || top.isArray !== isArray) this.fail(i, isArray ? 0x5d : 0x7d, "a value");
    const parent = this.stack.at(-1);
    if (parent?.rows) (parent.value as StreamedRows).take(top.value);
    this.shape.closed(this.stack.length + 1, top.count);
    this.want = this.stack.length === 0 ? Want.End : Want.After;
  }

  /** Places a finished value in the open container (or as the document). */
  private put(v: unknown): void {
    const top = this.stack.at(-1);
    if (top === undefined) {
      this.root = v;
      this.want = Want.End;
      return;
    }
    // a row that is a container is taken when it closes, whole (close())
    if (top.rows) {
      if (v === null || typeof v !== "object") (top.value as StreamedRows).take(v);
    } else if (top.isArray) (top.value as unknown[]).push(v);
    else (top.value as Map<string, unknown>).set(top.key, v);
    top.count++;
    if (this.stack.length === 1) {
      this.shape.member(top.key, v);
      if (!top.isArray && ((top.key === "columns" && Array.isArray(v)) || (top.key === "schema" && v instanceof Map)))
        this.splitOrTable = true;
    } else if (this.stack.length === 2) this.shape.inner(top.count);
    this.want = Want.After;
  }

  /** Continues a token cut by the last block's end. */
  private resume(block: Buffer): number {
    if (this.token === Token.String || this.token === Token.Key) return this.string(block, 0, 0);
    return this.scalar(block, 0, 0);
  }

  /** Scans a string's bytes from block[i]; `start`: where its bytes in this block begin. */
  private string(block: Buffer, i: number, start: number): number {
    const n = block.length;
    for (; i < n; i++) {
      const c = block[i]!;
      if (this.escaped) this.escaped = false;
      else if (c === 0x22) break;
      else if (c === 0x5c) {
        this.escaped = true;
        this.hasEscape = true;
      } else if (c < 0x20) this.fail(i, c, "a character allowed in a string (control characters must be escaped)");
    }
    if (i === n) {
      this.carry(block, start, n);
      return n;
    }
    const bytes = this.take(block, start, i);
    let s: string;
    if (!this.hasEscape) s = bytes.toString("utf8");
    else {
      try {
        s = JSON.parse(`"${bytes.toString("utf8")}"`) as string;
      } catch {
        throw new JsonSyntaxError(`Bad escape in a string ending at byte ${this.at(this.offset + i)}`);
      }
    }
    const isKey = this.token === Token.Key;
    this.token = Token.None;
    if (isKey) {
      this.stack.at(-1)!.key = s;
      this.want = Want.Colon;
    } else this.put(s);
    return i + 1;
  }

  /** Scans a number or literal from block[i]. */
  private scalar(block: Buffer, i: number, start: number): number {
    const n = block.length;
    const inside = this.token === Token.Number ? isNumberByte : isLetter;
    while (i < n && inside(block[i]!)) i++;
    if (i === n) {
      this.carry(block, start, n);
      return n;
    }
    this.finishScalar(this.offset + i, this.take(block, start, i));
    return i;
  }

  private finishScalar(at: number, bytes: Buffer = this.take(Buffer.alloc(0), 0, 0)): void {
    const text = bytes.toString("latin1");
    let v: unknown;
    if (this.token === Token.Number) {
      if (!NUMBER.test(text))
        throw new JsonSyntaxError(`Bad number ${JSON.stringify(text.slice(0, 40))} before byte ${this.at(at)}`);
      v = Number(text);
    } else if (text === "true") v = true;
    else if (text === "false") v = false;
    else if (text === "null") v = null;
    else throw new JsonSyntaxError(`Unexpected ${JSON.stringify(text.slice(0, 40))} before byte ${this.at(at)}`);
    this.token = Token.None;
    this.put(v);
  }

  /** Keeps block[start, end) of a token that runs on (copied); a token over the limit is refused. */
  private carry(block: Buffer, start: number, end: number): void {
    this.partBytes += end - start;
    if (this.partBytes > MAX_JSON_TOKEN_BYTES)
      throw new JsonSyntaxError(
        `a string or number longer than ${grouped(MAX_JSON_TOKEN_BYTES)} bytes at byte ${this.at(this.offset + start)}`,
      );
    this.parts.push(Buffer.from(block.subarray(start, end)));
  }

  /** The token's carried bytes and block[start, end), as one buffer; the carry is emptied. */
  private take(block: Buffer, start: number, end: number): Buffer {
    const part = block.subarray(start, end);
    if (this.partBytes === 0) return part;
    const out = Buffer.concat([...this.parts, part]);
    this.parts = [];
    this.partBytes = 0;
    return out;
  }
}
