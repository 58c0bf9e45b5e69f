// MAX_POINTS is checked before a file's cells are decoded (#33 defect 4): from Parquet metadata (no page
// decoded), while a CSV streams in, and from a JSON file's bytes before it is parsed. Each file below is
// over the cap and broken after it: a reader that decoded it all would report the break, not the cap.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_POINTS } from "../../../src/runtime/codec/caps.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { countOps } from "../budget/op_count.js";
import { badInput } from "../helpers.js";
import { tempDir, writeParquet } from "./fixtures.js";

const dir = tempDir("fin-skills-early-points-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OVER = MAX_POINTS + 10;
const call = (ref: Record<string, unknown>) =>
  callToolUntyped("check_rf_convention", { returns: ref, rf: 0.05 }, { dataDirs: [dir] });
const CAP = `returns: series has ${OVER} cell(s); the limit is ${MAX_POINTS} (MAX_POINTS)`;

describe("MAX_POINTS before decoding", () => {
  it("Parquet: refused from the metadata's row count, before any page is decoded", async () => {
    writeParquet(path.join(dir, "many.parquet"), [
      { name: "r", data: Array.from({ length: OVER }, (_, i) => (i % 7) / 100), type: "DOUBLE" },
    ]);
    let got: Promise<unknown> = Promise.resolve();
    const decoded = await countOps(/\/src\/runtime\/files\/parquet_(flat|runs)\.ts/, async () => {
      got = call({ file: "many.parquet", column: "r" });
      await got.catch(() => undefined);
    });
    const e = await badInput(got);
    expect([e.code, e.message]).toEqual(["too_large", `${CAP}. Aggregate or slice the window before sending it`]);
    expect(decoded).toBe(0);
  });
  it("Parquet: a reference slicing rows within the cap is still read", async () => {
    const r = (await call({ file: "many.parquet", column: "r", rows: [0, 1000] })) as { status: string };
    expect(r.status).toMatch(/pass|fail/);
  });
  it("CSV: refused while streaming, before a bad cell after the cap is reached", async () => {
    const lines = Array.from({ length: OVER }, (_, i) => `${(i % 7) / 100}`);
    writeFileSync(path.join(dir, "many.csv"), `r\n${lines.join("\n")}\nnot-a-number\n`);
    const e = await badInput(call({ file: "many.csv", column: "r" }));
    expect(e.code).toBe("too_large");
    expect(e.message).toMatch(/^returns: series has \d+ cell\(s\); the limit is 1000000 \(MAX_POINTS\)/);
  });
  it("JSON: refused from the rows in its bytes, before a syntax error at the end is parsed", async () => {
    const recs = Array.from({ length: OVER }, (_, i) => `{"r":${(i % 7) / 100}}`);
    writeFileSync(path.join(dir, "many.json"), `[${recs.join(",")},}`);
    const e = await badInput(call({ file: "many.json", column: "r" }));
    expect(e.code).toBe("too_large");
    expect(e.message).toMatch(/^returns: series has \d+ cell\(s\); the limit is 1000000 \(MAX_POINTS\)/);
  });
  it("NDJSON: refused from the lines in its bytes, before a bad line at the end is parsed", async () => {
    const recs = Array.from({ length: OVER }, (_, i) => `{"r":${(i % 7) / 100}}`);
    writeFileSync(path.join(dir, "many.ndjson"), `${recs.join("\n")}\n{bad\n`);
    const e = await badInput(call({ file: "many.ndjson", column: "r" }));
    expect(e.code).toBe("too_large");
  });
});
