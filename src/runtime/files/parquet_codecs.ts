// The compression codecs of Parquet pages: Snappy and none are hyparquet's own; GZIP, Brotli, ZSTD
// (polars' default) and LZ4 come from hyparquet-compressors, imported on the first file that needs
// one (about 30 ms, which a server's start does not pay). LZO is not read.
import type { Compressors, FileMetaData } from "hyparquet";

const OWN = new Set(["UNCOMPRESSED", "SNAPPY"]);
const EXTRA = new Set(["GZIP", "BROTLI", "ZSTD", "LZ4", "LZ4_RAW"]);

/** The codecs a page may be read in. */
export const isReadableCodec = (codec: string): boolean => OWN.has(codec) || EXTRA.has(codec);

/** Largest page a codec of unbounded ratio may claim to decompress to (Parquet writers use about 1 MiB). */
const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** Snappy writes at most 64 bytes for a 3-byte copy: a Snappy page that claims to expand more is damaged. */
const MAX_SNAPPY_EXPANSION = 32;

/** The most bytes a page of `packed` compressed bytes may decompress to in `codec`. */
export function maxPageBytes(codec: string, packed: number): number {
  if (codec === "UNCOMPRESSED") return packed;
  return codec === "SNAPPY" ? Math.max(64, packed * MAX_SNAPPY_EXPANSION) : MAX_PAGE_BYTES;
}

let extra: Promise<Compressors> | null = null;

/** The decompressors the file's column chunks need beyond hyparquet's own (none: undefined). */
export function compressorsFor(meta: FileMetaData): Promise<Compressors | undefined> {
  const codecs = meta.row_groups.flatMap((g) => g.columns.map((c) => c.meta_data?.codec));
  if (!codecs.some((c) => c !== undefined && EXTRA.has(c))) return Promise.resolve(undefined);
  extra ??= import("hyparquet-compressors").then((m) => ({
    GZIP: m.decompressGzip,
    BROTLI: m.decompressBrotli,
    ZSTD: (input, length) => m.decompressZstd(input, new Uint8Array(length)), // no larger than the header says
    LZ4: m.decompressLz4,
    LZ4_RAW: m.decompressLz4Raw,
  }));
  return extra;
}
