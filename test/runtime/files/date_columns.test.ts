// The CSV/TSV readers check their text columns for real ISO-8601 dates as they read (RawTable.dateColumns),
// so the codec does not check those labels again; a file's index is refused or kept exactly as the
// same labels sent inline are.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDelimited } from "../../../src/runtime/files/csv.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { tempDir } from "./fixtures.js";

const dir = tempDir("fin-skills-dates-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One CSV text per reader: quote-free (the fast path) and quoted (csv-parse). */
function texts(labels: string[], values: number[]): { reader: string; text: string }[] {
  const rows = (q: string) => labels.map((l, i) => `${q}${l}${q},${q}${values[i]}${q}`);
  return [
    { reader: "quote-free", text: ["date,ret", ...rows("")].join("\n") },
    { reader: "quoted", text: ['"date","ret"', ...rows('"')].join("\n") },
  ];
}

const values = [0.01, -0.02, 0.005, 0.012];
const cases: { name: string; labels: string[]; dates: boolean }[] = [
  { name: "real dates", labels: ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"], dates: true },
  {
    name: "real date-times",
    labels: ["2024-01-02T09:30:00Z", "2024-01-02T09:31:00Z", "2024-01-02T09:32:00Z", "2024-01-02T09:33:00Z"],
    dates: true,
  },
  {
    name: "a date that is not on the calendar",
    labels: ["2023-02-27", "2023-02-28", "2023-02-29", "2023-03-01"],
    dates: false,
  },
  { name: "one text label among dates", labels: ["2024-01-02", "2024-01-03", "close", "2024-01-05"], dates: false },
  { name: "numbers", labels: ["1", "2", "3", "4"], dates: false },
];

describe("dateColumns: set as the rows are read, by both readers", () => {
  for (const c of cases)
    for (const { reader, text } of texts(c.labels, values))
      it(`${c.name} (${reader}): ${c.dates}`, () => {
        const plan = () => ["text", "cells"] as const;
        // pieces of 16 bytes: the check spans piece ends
        const t = readDelimited(text, ",", "returns", '"f.csv"', plan, 16);
        expect(t.dateColumns).toEqual([c.dates, false]);
      });
});

/** A call's outcome as text: its verdict, or the refusal's field and message. */
async function outcome(returns: unknown): Promise<string> {
  return callToolUntyped("check_rf_convention", { returns, rf: 0.0001 }, { dataDirs: [dir] }).then(
    (r) => JSON.stringify((r as { passed: boolean }).passed),
    (e: Error & { field?: string }) => `${e.field} | ${e.message}`,
  );
}

describe("a file's index is refused or kept as the same labels inline are", () => {
  for (const c of cases)
    for (const { reader, text } of texts(c.labels, values))
      it(`${c.name} (${reader})`, async () => {
        const file = `${reader}-${cases.indexOf(c)}.csv`;
        writeFileSync(path.join(dir, file), `${text}\n`);
        const inline = await outcome({ index: c.labels.map((l) => (/^\d+$/.test(l) ? Number(l) : l)), values });
        expect(await outcome({ file, column: "ret", index: "date" })).toBe(inline);
      });
});
