// Compressed Parquet pages: the page reader gives what hyparquet gives with hyparquet-compressors for GZIP,
// Brotli and ZSTD pages, refuses a codec it does not read naming the codec, and refuses or reads (never
// crashes on) a compressed file with any one byte damaged. The ZSTD files are written by the zstd command:
// those tests need it (test/e2e/system_tools.test.ts runs this file as if it were missing).
import { parquetMetadata } from "hyparquet";
import { describe, expect, it } from "vitest";
import { readParquet } from "../../../src/runtime/files/parquet.js";
import { ZSTD, itWithTool } from "../../helpers/system_tool.js";
import { byHyparquet, byPages, codecFile, outcomes, unexpected } from "./parquet_helpers.js";

describe("compressed pages", () => {
  const readsCodec = async (codec: string) => {
    const buf = codecFile(codec);
    expect(parquetMetadata(buf).row_groups[0]!.columns[0]!.meta_data!.codec).toBe(codec);
    const got = await byPages(buf);
    expect(got).toEqual(await byHyparquet(buf));
    expect(got.get("r")!.slice(0, 3)).toEqual([0, null, 2]);
  };
  it.each(["GZIP", "BROTLI"])("reads %s pages as hyparquet does with hyparquet-compressors", readsCodec);
  itWithTool(ZSTD)("reads ZSTD pages as hyparquet does with hyparquet-compressors", () => readsCodec("ZSTD"));

  it("refuses a column compressed with a codec it does not read, saying which and what to write instead", async () => {
    await expect(readParquet(codecFile("LZO"), "returns", '"z.parquet"')).rejects.toThrow(
      'returns: "z.parquet" is not a readable Parquet file: column r is compressed with LZO, which is not read ' +
        `here: write the file with compression="snappy" (pandas' default) or "zstd"`,
    );
  });

  const damaged = async (codec: string) => expect(unexpected(await outcomes(codecFile(codec)))).toEqual([]);
  it("is refused as unreadable or read, whichever byte is damaged (GZIP)", () => damaged("GZIP"));
  itWithTool(ZSTD)("is refused as unreadable or read, whichever byte is damaged (ZSTD)", () => damaged("ZSTD"));
});
