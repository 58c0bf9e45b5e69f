// JSON and NDJSON files read block by block (#49): a JSON document through the incremental parser, NDJSON
// one line at a time, with the row cap checked after every block from the rows seen so far. Neither the
// file's bytes nor its text are ever held whole.
import type { FileHandle } from "node:fs/promises";
import { fieldPath, invalid } from "../../contract/guard.js";
import { readBlocks } from "./blocks.js";
import { MAX_CSV_LINE_BYTES } from "./csv_fast.js";
import { fromRecords, type Orient, readJsonDoc } from "./json.js";
import { JsonStreamParser, JsonSyntaxError } from "./json_stream.js";
import type { PointLimit } from "./point_limit.js";
import type { RawTable } from "./table.js";
import { grouped } from "../../lib/grouped.js";

export interface JsonRead {
  readonly table: RawTable;
  readonly bytes: number;
  readonly content_hash: string;
}

/** A JSON document of any orient, parsed as it is read; the row cap counts the rows of `orient` seen so far. */
export async function readJsonFile(
  fh: FileHandle,
  orient: Orient | undefined,
  field: string,
  name: string,
  limit: PointLimit,
): Promise<JsonRead> {
  const parser = new JsonStreamParser({ rowsFor: orient });
  const notJson = (e: unknown) =>
    e instanceof JsonSyntaxError ? invalid(field, `${name} is not JSON: ${e.message}`) : e;
  const use = (piece: Buffer) => {
    try {
      parser.push(piece);
    } catch (e) {
      throw notJson(e);
    }
    return true;
  };
  const read = await readBlocks(fh, fieldPath(field, "file"), name, use, () =>
    limit(parser.shape.rowsAtLeast(orient), []),
  );
  let doc: unknown;
  try {
    doc = parser.end();
  } catch (e) {
    throw notJson(e);
  }
  return { table: readJsonDoc(doc, orient, field, name), ...read! };
}

/** NDJSON lines parsed as they are read: one record object per non-blank line; a bad line names its number. */
export class NdjsonReader {
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private line = 0;
  readonly records: unknown[] = [];
  private readonly lines: number[] = [];
  constructor(
    private readonly field: string,
    private readonly name: string,
  ) {}

  push(piece: Buffer): void {
    const last = piece.lastIndexOf(0x0a);
    if (last < 0) {
      this.keep(piece);
      return;
    }
    const whole =
      this.carryBytes === 0 ? piece.subarray(0, last) : Buffer.concat([...this.carry, piece.subarray(0, last)]);
    this.carry = [];
    this.carryBytes = 0;
    this.parse(whole.toString("utf8"));
    this.keep(piece.subarray(last + 1));
  }

  end(): RawTable {
    if (this.carryBytes > 0) this.parse(Buffer.concat(this.carry).toString("utf8"));
    return fromRecords(this.records, this.field, this.name, (i) => this.lines[i]!);
  }

  private parse(text: string): void {
    for (const line of text.split("\n")) {
      this.line += 1;
      if (line.trim() === "") continue;
      try {
        this.records.push(JSON.parse(line));
      } catch (e) {
        throw invalid(this.field, `${this.name} line ${this.line} is not JSON: ${(e as Error).message}`);
      }
      this.lines.push(this.line);
    }
  }

  private keep(part: Buffer): void {
    if (part.length === 0) return;
    this.carryBytes += part.length;
    if (this.carryBytes > MAX_CSV_LINE_BYTES)
      throw invalid(
        this.field,
        `${this.name}: line ${this.line + 1} is longer than ${grouped(MAX_CSV_LINE_BYTES)} bytes (the limit of one ` +
          "NDJSON line); split the record or send the data as Parquet",
      );
    this.carry.push(Buffer.from(part));
  }
}

/** An NDJSON file read line by line; the row cap counts the records read so far. */
export async function readNdjsonFile(
  fh: FileHandle,
  field: string,
  name: string,
  limit: PointLimit,
): Promise<JsonRead> {
  const reader = new NdjsonReader(field, name);
  const read = await readBlocks(
    fh,
    fieldPath(field, "file"),
    name,
    (piece) => {
      reader.push(piece);
      return true;
    },
    () => limit(reader.records.length, []),
  );
  return { table: reader.end(), ...read! };
}
