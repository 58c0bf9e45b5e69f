// Row lists taken into columns as they stream in (#49: peak memory) give the table json.ts gives from the
// whole parsed document, for every orient and odd shape, or the same refusal, wherever the blocks end.
import { describe, expect, it } from "vitest";
import { JsonStreamParser } from "../../../src/runtime/files/json_stream.js";
import { StreamedRows } from "../../../src/runtime/files/json_rows.js";
import { type Orient, readJsonDoc } from "../../../src/runtime/files/json.js";

const DOCS: readonly [string, Orient | undefined][] = [
  ['[{"date":"2020-01-01","r":0.1},{"date":"2020-01-02","r":-0.2}]', "records"],
  ['[{"date":"2020-01-01","r":0.1},{"date":"2020-01-02","r":-0.2}]', undefined],
  ['[{"a":1},{"b":2},{},{"a":3,"c":null}]', "records"],
  ['[{"a":1},[2],{"a":3}]', "records"],
  ['[{"a":1},[2],{"a":3}]', undefined],
  ['[{"a":1},[2],{"a":3}]', "values"],
  ["[[1,2],[3],[4,5,6],[]]", undefined],
  ['[[1,2],[3],[4,5,6],"x"]', "values"],
  ["[]", undefined],
  ["[]", "records"],
  ['{"columns":["a","b"],"index":["d1","d2","d3"],"data":[[1,2],[3],[4,5,6]]}', "split"],
  ['{"columns":["a","b"],"index":["d1","d2"],"data":[[1,2],[3,4]]}', undefined],
  ['{"index":["d1","d2"],"data":[[1,2],[3,4]],"columns":["a","b"]}', undefined],
  ['{"columns":["a"],"data":[[1],7,{"x":1}]}', "split"],
  ['{"columns":"a","data":[[1]]}', "split"],
  ['{"schema":{"fields":[]},"data":[{"a":1,"b":"x"},{"a":2}]}', "table"],
  ['{"schema":{"fields":[]},"data":[{"a":1,"b":"x"},{"a":2}]}', undefined],
  ['{"schema":{"fields":[]},"data":[{"a":1},3]}', undefined],
  ['{"data":[1,2,3],"x":[4,5,6]}', undefined],
  ['{"data":[1,2,3],"x":[4,5,6]}', "lists"],
  ['{"a":{"d1":1,"d2":2},"b":{"d1":3}}', undefined],
  ['{"d1":1,"d2":2}', "series"],
  ['[{"a":1}]', "split"],
  ['{"data":[[1]]}', "records"],
];

/** The table (or the refusal's message) of `text` read by `parse`. */
function tableOf(doc: () => unknown, orient: Orient | undefined) {
  try {
    const t = readJsonDoc(doc(), orient, "returns", "f.json");
    const where = t.nrows > 0 && t.columns.length > 0 ? t.where(t.nrows - 1, t.columns.length - 1) : null;
    return { columns: t.columns, cells: t.cells, nrows: t.nrows, where };
  } catch (e) {
    return { refused: (e as Error).message };
  }
}

function streamed(text: string, orient: Orient | undefined, size: number): unknown {
  const bytes = Buffer.from(text, "utf8");
  const p = new JsonStreamParser({ rowsFor: orient });
  for (let at = 0; at < bytes.length; at += size) p.push(Buffer.from(bytes.subarray(at, at + size)));
  return p.end();
}

describe("row lists read as they stream in", () => {
  for (const [text, orient] of DOCS) {
    it(`${text} as ${orient ?? "guessed"}: the table of the whole document, in blocks of any size`, () => {
      const whole = tableOf(() => JSON.parse(text), orient);
      for (const size of [1, 2, 3, 7, text.length])
        expect(tableOf(() => streamed(text, orient, size), orient)).toEqual(whole);
    });
  }

  it("keeps no row of a records or split file: the rows list is taken into columns", () => {
    const records = streamed('[{"a":1},{"a":2}]', "records", 4);
    expect(records).toBeInstanceOf(StreamedRows);
    expect((records as StreamedRows).recordCells).toEqual([[1, 2]]);
    const split = streamed('{"columns":["a"],"index":["x","y"],"data":[[1],[2]]}', undefined, 5) as Map<
      string,
      unknown
    >;
    expect(split.get("data")).toBeInstanceOf(StreamedRows);
    expect((split.get("data") as StreamedRows).valueCells).toEqual([[1, 2]]);
  });
});
