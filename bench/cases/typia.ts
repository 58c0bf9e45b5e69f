// The typia comparison (bench/typia/compare.ts) as bench rows: counts of verdicts; ours wrong must stay 0.
import type { Row } from "../report.js";
import { compareWithTypia } from "../typia/compare.js";

export async function typia(): Promise<Row[]> {
  const rows = await compareWithTypia();
  const count = (who: "ours" | "typia", v: string) => rows.filter((r) => r[who] === v).length;
  const row = (label: string, value: number, target?: number): Row => ({
    case: "12 typia",
    label,
    unit: "x",
    value,
    ...(target === undefined ? {} : { target }),
  });
  return [
    row("ours: wrong schemas", count("ours", "wrong"), 1),
    row("ours: correct", count("ours", "correct")),
    row("ours: refused with a fix", count("ours", "refused")),
    row("typia: correct", count("typia", "correct")),
    row("typia: wrong", count("typia", "wrong")),
    row("typia: error", count("typia", "error")),
  ];
}
