// temp probe (deleted before commit)
import { parquetWriteBuffer } from "hyparquet-writer";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { readFlatColumns } from "../src/runtime/files/parquet_flat.js";
const N2 = 40;
const buf = parquetWriteBuffer({
  schema: [
    { name: "root", num_children: 2 },
    { name: "date", type: "INT64", repetition_type: "OPTIONAL", logical_type: { type: "TIMESTAMP", unit: "NANOS" } },
    { name: "r", type: "DOUBLE", repetition_type: "OPTIONAL" },
  ],
  columnData: [
    { name: "date", data: Array.from({ length: N2 }, (_, k) => (k === 3 ? null : BigInt(k) * 86_400_000_000_000n)) },
    { name: "r", data: Array.from({ length: N2 }, (_, k) => (k === 5 ? null : k % 4)), encoding: "RLE_DICTIONARY" },
  ],
  rowGroupSize: 16,
} as never);
const bad = buf.slice(0);
new Uint8Array(bad)[Number(process.argv[2])]! ^= Number(process.argv[3]);
const meta = parquetMetadata(bad);
console.log(
  "meta ok",
  meta.row_groups.map((g) =>
    g.columns.map((c) => [String(c.meta_data?.data_page_offset), String(c.meta_data?.total_compressed_size)]),
  ),
);
if (process.argv[4] === "hy") {
  console.log(
    await parquetReadObjects({ file: bad }).then(
      () => "ok",
      (e) => String(e),
    ),
  );
} else {
  const root = parquetSchema(meta);
  try {
    readFlatColumns(bad, meta, root, root.children);
    console.log("flat ok");
  } catch (e) {
    console.log(String(e));
  }
}
