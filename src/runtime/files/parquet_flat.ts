// Flat top-level Parquet columns read page by page with hyparquet's own page decoders, without its
// Dremel assembly (which walks each value of a nullable column one by one, even a page without
// nulls): each page's values go straight onto the column's list, a null where a value is missing.
import type {
  ColumnMetaData,
  Compressors,
  DecodedArray,
  Encoding,
  FileMetaData,
  PageHeader,
  SchemaTree,
} from "hyparquet";
import { parquetHeader } from "hyparquet/src/column.js";
import { convert, convertWithDictionary, DEFAULT_PARSERS } from "hyparquet/src/convert.js";
import { decompressPage, readDataPage, readDataPageV2 } from "hyparquet/src/datapage.js";
import { readPlain } from "hyparquet/src/plain.js";
import { getMaxDefinitionLevel, isFlatColumn } from "hyparquet/src/schema.js";
import { isReadableCodec, maxPageBytes } from "./parquet_codecs.js";
import { checkIndices, checkLevelsV2, checkPageV1, hasHybridValues } from "./parquet_runs.js";
import { PARSERS, pushTimestamps, type TimeUnit } from "./parquet_time.js";
import { newCells } from "./table.js";

/** hyparquet's description of the column a page belongs to (its type module is not exported). */
type ColumnDecoder = Parameters<typeof readDataPage>[2];

/** True for a flat column: a leaf directly under the root, not repeated. */
export const isFlat = (root: SchemaTree, column: SchemaTree): boolean => isFlatColumn([root, column]);

/** One page's values: `own` when they are a dense list made here (it may be kept as it is). */
interface PageValues {
  readonly values: DecodedArray;
  readonly own: boolean;
}

/** The legacy timestamp annotations, by unit. */
const CONVERTED_UNITS: Readonly<Record<string, TimeUnit>> = { TIMESTAMP_MILLIS: "MILLIS", TIMESTAMP_MICROS: "MICROS" };

/** The timestamp unit of an INT64 column (its logical type, else its legacy converted type), or null. */
function int64TimeUnit(decoder: ColumnDecoder): TimeUnit | null {
  if (decoder.type !== "INT64") return null;
  const { logical_type: logical, converted_type: converted } = decoder.element;
  if (converted !== undefined && Object.hasOwn(CONVERTED_UNITS, converted)) return CONVERTED_UNITS[converted]!;
  return logical?.type === "TIMESTAMP" ? logical.unit : null;
}

/** A page's decoded values converted as hyparquet converts them, INT64 timestamps without BigInts. */
function pageValues(
  data: DecodedArray,
  dictionary: DecodedArray | undefined,
  encoding: Encoding,
  decoder: ColumnDecoder,
): PageValues {
  const unit = dictionary === undefined && data instanceof BigInt64Array ? int64TimeUnit(decoder) : null;
  if (unit === null)
    return {
      values: convertWithDictionary(data, dictionary, encoding, decoder),
      own: false,
    };
  const texts = newCells();
  pushTimestamps(texts, data as BigInt64Array, unit);
  return { values: texts, own: true };
}

/**
 * Appends one page to a column's chunks: its own list as it is when no value is missing, else a
 * dense copy with a null where the definition level says a value is missing.
 */
function place(chunks: unknown[][], page: PageValues, levels: readonly number[] | undefined, maxDef: number): number {
  const { values, own } = page;
  const full = levels === undefined || levels.length === 0 || levels.every((l) => l === maxDef);
  if (full && own) chunks.push(values as unknown[]);
  else if (full) {
    const out = newCells();
    for (let k = 0; k < values.length; k++) out.push(values[k]);
    chunks.push(out);
  } else {
    const out = newCells();
    let k = 0;
    for (let i = 0; i < levels.length; i++) out.push(levels[i] === maxDef ? values[k++] : null);
    if (k !== values.length) throw new Error(`a page holds ${values.length} values for ${k} defined rows`);
    chunks.push(out);
  }
  return full ? values.length : levels.length;
}

const count = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/**
 * The page header's sizes and counts, checked before hyparquet decodes the page: it trusts them
 * (a missing level length becomes a NaN offset that never runs off the page, so its loops never
 * end), and a run-length page can claim any number of rows in a few bytes. `read` rows of the
 * chunk's `rows` came before this page.
 */
function checkHeader(header: PageHeader, codec: string, read: number, rows: number): void {
  const { compressed_page_size: packed, uncompressed_page_size: size } = header;
  const bad = (why: string) => new Error(`a page header is damaged: ${why}`);
  if (!count(packed) || !count(size) || size > maxPageBytes(codec, packed))
    throw bad(`${size} bytes from ${packed} compressed ones`);
  const v1 = header.data_page_header;
  const v2 = header.data_page_header_v2;
  const dict = header.dictionary_page_header;
  const values = v1?.num_values ?? v2?.num_values ?? dict?.num_values;
  if (!count(values)) throw bad(`${values} values`);
  if (dict !== undefined && values > size) throw bad(`a dictionary of ${values} values in ${size} bytes`);
  if (v1 === undefined && v2 === undefined) return;
  if (read + values > rows) throw bad(`rows past its row group's ${rows}`);
  if (v2 === undefined) return;
  const { num_rows: n, num_nulls: nulls, definition_levels_byte_length: d, repetition_levels_byte_length: r } = v2;
  if (n !== values || !count(nulls) || nulls > values) throw bad(`${n} rows, ${values} values, ${nulls} nulls`);
  if (!count(d) || !count(r) || d + r > packed) throw bad(`level lengths ${d} and ${r} in ${packed} bytes`);
}

/**
 * A V2 data page's levels and, when dictionary-encoded, its indices (decompressed here once more:
 * hyparquet decompresses inside the page reader, and index pages are small).
 */
function checkPageV2(bytes: Uint8Array, header: PageHeader, decoder: ColumnDecoder, maxDef: number): void {
  const v2 = header.data_page_header_v2!;
  const levels = v2.repetition_levels_byte_length + v2.definition_levels_byte_length;
  checkLevelsV2(bytes, v2.repetition_levels_byte_length, v2.num_values, maxDef);
  if (!hasHybridValues(v2.encoding)) return;
  const data = bytes.subarray(levels);
  const size = header.uncompressed_page_size - levels;
  const page =
    v2.is_compressed === false || size === 0 ? data : decompressPage(data, size, decoder.codec, decoder.compressors);
  checkIndices(new DataView(page.buffer, page.byteOffset, page.byteLength), 0, v2.encoding, v2.num_values, true);
}

/** A data page (V1 or V2) checked, then decoded by hyparquet: its values, definition levels and encoding. */
function decodeDataPage(bytes: Uint8Array, header: PageHeader, decoder: ColumnDecoder, maxDef: number) {
  const v1 = header.data_page_header;
  if (v1 !== undefined) {
    const raw = decompressPage(bytes, header.uncompressed_page_size, decoder.codec, decoder.compressors);
    checkPageV1(raw, v1.encoding, v1.num_values, maxDef);
    return { ...readDataPage(raw, v1, decoder), encoding: v1.encoding };
  }
  checkPageV2(bytes, header, decoder, maxDef);
  return { ...readDataPageV2(bytes, header, decoder), encoding: header.data_page_header_v2!.encoding };
}

/** The pages of one column chunk in `buf` (a row group's `rows`), appended to `chunks`. */
function readChunk(buf: ArrayBuffer, meta: ColumnMetaData, decoder: ColumnDecoder, rows: number, chunks: unknown[][]) {
  if (!isReadableCodec(meta.codec))
    throw new Error(
      `column ${decoder.element.name} is compressed with ${meta.codec}, which is not read here: write the file ` +
        'with compression="snappy" (pandas\' default) or "zstd"',
    );
  const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
  const length = Number(meta.total_compressed_size);
  if (start + length > buf.byteLength) throw new Error("a column chunk runs past the end of the file");
  const reader = { view: new DataView(buf, start, length), offset: 0 };
  const maxDef = getMaxDefinitionLevel(decoder.schemaPath);
  let read = 0;
  let dictionary: DecodedArray | undefined;
  while (reader.offset < length - 1) {
    const header = parquetHeader(reader);
    checkHeader(header, decoder.codec, read, rows);
    const bytes = new Uint8Array(buf, start + reader.offset, header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    const size = header.uncompressed_page_size;
    if (header.type === "DICTIONARY_PAGE") {
      const page = decompressPage(bytes, size, decoder.codec, decoder.compressors);
      const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
      const values = header.dictionary_page_header!.num_values;
      dictionary = convert(readPlain({ view, offset: 0 }, decoder.type, values, decoder.element.type_length), decoder);
    } else if (header.type === "DATA_PAGE" || header.type === "DATA_PAGE_V2") {
      const page = decodeDataPage(bytes, header, decoder, maxDef);
      const values = pageValues(page.dataPage, dictionary, page.encoding, decoder);
      read += place(chunks, values, page.definitionLevels, maxDef);
    } else throw new Error(`unsupported page type ${header.type}`);
  }
  if (read !== rows)
    throw new Error(`column ${decoder.element.name} has ${read} values in a row group of ${rows} rows`);
}

/**
 * Reads the top-level flat columns named in `want` (every one flat: see isFlat), each as one dense
 * list over all row groups; a chunk whose row count differs from its row group's is an error, found
 * before a page that would run past it is decoded.
 */
export function readFlatColumns(
  buf: ArrayBuffer,
  meta: FileMetaData,
  root: SchemaTree,
  want: readonly SchemaTree[],
  compressors: Compressors | undefined,
): Map<string, unknown[]> {
  const lists = new Map<string, unknown[]>();
  const parsers = { ...DEFAULT_PARSERS, ...PARSERS };
  for (const column of want) {
    const name = column.element.name;
    const chunks: unknown[][] = [];
    const decoder: Omit<ColumnDecoder, "type" | "codec"> = {
      pathInSchema: [name],
      element: column.element,
      schemaPath: [root, column],
      parsers,
      compressors,
    };
    meta.row_groups.forEach((group, g) => {
      const chunk = group.columns.find((c) => c.meta_data?.path_in_schema.join(".") === name)?.meta_data;
      if (chunk === undefined) throw new Error(`row group ${g + 1} has no column ${name}`);
      readChunk(buf, chunk, { ...decoder, type: chunk.type, codec: chunk.codec }, Number(group.num_rows), chunks);
    });
    lists.set(name, chunks.length === 1 ? chunks[0]! : newCells().concat(...chunks));
  }
  return lists;
}
