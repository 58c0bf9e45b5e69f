// Shared by the Parquet page tests: the columns of a file as hyparquet's reader and as the page reader give
// them, small files compressed with a named codec, and what reading a file gives with any one byte damaged.
import { execFileSync } from "node:child_process";
import zlib from "node:zlib";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { parquetWriteBuffer } from "hyparquet-writer";
import { expect } from "vitest";
import { BadInputError } from "../../../src/contract/guard.js";
import { readParquet } from "../../../src/runtime/files/parquet.js";
import { compressorsFor } from "../../../src/runtime/files/parquet_codecs.js";
import { isFlat, readFlatColumns } from "../../../src/runtime/files/parquet_flat.js";
import { PARSERS } from "../../../src/runtime/files/parquet_time.js";

/** Each top-level column as hyparquet's own reader gives it (a missing value as null). */
export async function byHyparquet(buf: ArrayBuffer): Promise<Map<string, unknown[]>> {
  const compressors = await compressorsFor(parquetMetadata(buf));
  const rows = (await parquetReadObjects({ file: buf, parsers: PARSERS, compressors })) as Record<string, unknown>[];
  const names = parquetSchema(parquetMetadata(buf)).children.map((c) => c.element.name);
  return new Map(names.map((n) => [n, rows.map((r) => r[n] ?? null)]));
}

/** Each top-level column as the page reader gives it (every column of the file is flat). */
export async function byPages(buf: ArrayBuffer): Promise<Map<string, unknown[]>> {
  const meta = parquetMetadata(buf);
  const root = parquetSchema(meta);
  expect(root.children.every((c) => isFlat(root, c))).toBe(true);
  return readFlatColumns(buf, meta, root, root.children, await compressorsFor(meta));
}

/** Compressors for writing test files: zlib's GZIP and Brotli, the zstd command's ZSTD, and LZO as no compression. */
const WRITERS: Record<string, (b: Uint8Array) => Uint8Array> = {
  GZIP: (b) => zlib.gzipSync(b),
  BROTLI: (b) => zlib.brotliCompressSync(b),
  ZSTD: (b) => execFileSync("zstd", ["-q", "-c"], { input: b }),
  LZO: (b) => b,
};

/** A small file whose pages are compressed with `codec` (V2 pages, a dictionary, nulls). */
export function codecFile(codec: string): ArrayBuffer {
  return parquetWriteBuffer({
    codec,
    compressors: WRITERS,
    columnData: [
      { name: "r", data: Array.from({ length: 30 }, (_, k) => (k === 1 ? null : k % 5)), type: "DOUBLE" },
      { name: "s", data: Array.from({ length: 30 }, (_, k) => `s${k % 3}`), type: "STRING" },
    ],
  } as never);
}

/** What reading `buf` with one byte changed gives, for every byte and change: "read" or the error's text. */
export async function outcomes(buf: ArrayBuffer): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  for (let at = 0; at < buf.byteLength; at++) {
    for (const flip of [0xff, 0x01, 0x3c]) {
      const bad = buf.slice(0);
      new Uint8Array(bad)[at]! ^= flip;
      let kind = "read";
      try {
        await readParquet(bad, "returns", '"d.parquet"');
      } catch (e) {
        kind = e instanceof BadInputError ? e.message.split(":")[1]!.trim() : `${(e as Error).name}: ${e}`;
      }
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
    }
  }
  return seen;
}
/** The outcomes other than "read" and a refusal naming the file as unreadable (or a row of it). */
export const unexpected = (seen: Map<string, number>) =>
  [...seen.keys()].filter(
    (k) =>
      k !== "read" && !k.startsWith('"d.parquet" is not a readable Parquet file') && !k.startsWith('"d.parquet" row'),
  );
