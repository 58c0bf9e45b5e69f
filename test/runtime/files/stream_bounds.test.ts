// Files are bounded before they are decoded whole, in every format and shape (#49 item 3): a JSON object
// file (columns, index, series, lists), an orient=split JSON and a quoted CSV over MAX_POINTS are refused by
// the row cap naming the field after reading only a part of their bytes; and a quoted CSV within the cap
// decodes in slices, so a request arriving meanwhile is answered before the last block is read.
import { statSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MAX_POINTS } from "../../../src/runtime/codec/caps.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { blockHooks, bytesReadSoFar } from "../../../src/runtime/files/blocks.js";
import { badInput } from "../helpers.js";
import { tempDir } from "./fixtures.js";

const dir = tempDir("fin-skills-stream-bounds-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  blockHooks.afterBlock = null;
});

/** Rows in each file: past the cap, then as many again, so a whole decode would read about twice what the cap needs. */
const ROWS = 2 * (MAX_POINTS + 10);
/** Every row's date and value text, made once for all the files (formatting them again for each file took a
 * third of this test's CPU time). */
const DAYS = Array.from({ length: ROWS }, (_, i) =>
  new Date(Date.UTC(1900, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
);
const VALUES = Array.from({ length: 7 }, (_, k) => String((k - 3) / 100));
const day = (i: number) => DAYS[i]!;
const value = (i: number) => VALUES[i % 7]!;
const rows = (f: (i: number) => string | number) => Array.from({ length: ROWS }, (_, i) => f(i)).join(",");

const FILES: [string, string, () => string, Record<string, unknown>][] = [
  ["a JSON object of columns", "cols.json", () => `{"r":{${rows((i) => `"${day(i)}":${value(i)}`)}}}`, {}],
  [
    "an orient=split JSON",
    "split.json",
    () => `{"columns":["r"],"index":[${rows((i) => `"${day(i)}"`)}],"data":[${rows((i) => `[${value(i)}]`)}]}`,
    { orient: "split" },
  ],
  [
    "an orient=index JSON",
    "index.json",
    () => `{${rows((i) => `"${day(i)}":{"r":${value(i)}}`)}}`,
    { orient: "index" },
  ],
  ["a series JSON {label: value}", "series.json", () => `{${rows((i) => `"${day(i)}":${value(i)}`)}}`, {}],
  ["a JSON of lists", "lists.json", () => `{"date":[${rows((i) => `"${day(i)}"`)}],"r":[${rows(value)}]}`, {}],
  [
    "a quoted CSV",
    "quoted.csv",
    () => `"date","r"\n${Array.from({ length: ROWS }, (_, i) => `"${day(i)}","${value(i)}"`).join("\n")}\n`,
    {},
  ],
];

describe("the row cap before a file is decoded whole", () => {
  it.each(FILES)(
    "%s over MAX_POINTS is refused naming the field, having read at most 60% of it",
    async (_, file, text, extra) => {
      writeFileSync(path.join(dir, file), text());
      const size = statSync(path.join(dir, file)).size;
      const column = file === "series.json" ? "value" : "r";
      const before = bytesReadSoFar();
      const e = await badInput(
        callToolUntyped("check_rf_convention", { returns: { file, column, ...extra }, rf: 0.05 }, { dataDirs: [dir] }),
      );
      const read = bytesReadSoFar() - before;
      expect([e.code, e.field]).toEqual(["too_large", "returns"]);
      expect(e.message).toMatch(/^returns: series has \d+ cell\(s\); the limit is 1000000 \(MAX_POINTS\)/);
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(0.6 * size);
    },
  );
});

describe("a quoted CSV within the cap decodes in slices", () => {
  it("a request arriving after its first block is answered before its last block is read", async () => {
    const n = 300_000;
    const lines = Array.from({ length: n }, (_, i) => `"${day(i)}","${value(i)}"`);
    writeFileSync(path.join(dir, "within.csv"), `"date","r"\n${lines.join("\n")}\n`);
    const size = statSync(path.join(dir, "within.csv")).size;
    await callToolUntyped("list_guards", {}); // warm: its tables are loaded once per process
    let readAtAnswer = -1;
    let readSoFar = 0;
    let light: Promise<unknown> | null = null;
    blockHooks.afterBlock = (bytes) => {
      readSoFar = bytes;
      // the light request arrives as an event (a timer), as a transport's request does
      light ??= new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
        callToolUntyped("list_guards", {}).then(() => {
          readAtAnswer = readSoFar;
        }),
      );
    };
    const heavy = (await callToolUntyped(
      "check_rf_convention",
      { returns: { file: "within.csv", column: "r" }, rf: 0.05 },
      { dataDirs: [dir] },
    )) as { status: string };
    await light;
    expect(heavy.status).toMatch(/pass|fail|warn/);
    expect(readSoFar).toBe(size);
    expect(readAtAnswer).toBeGreaterThan(0);
    expect(readAtAnswer).toBeLessThan(size);
  });
});
