// Reading and validating brinson_attribution panels: one period, sectors by label.
import { invalid, fieldPath, type Cell, type Frame } from "../src/contract/guard.js";
import { column } from "../src/lib/frame.js";
import { isFrame } from "../src/lib/frame_shape.js";
import { describeCell } from "../src/lib/describe_value.js";

/** One validated period: sector labels and the four columns, in the panel's row order. */
export interface PeriodPanel {
  readonly sectors: readonly string[];
  readonly wp: readonly number[];
  readonly wb: readonly number[];
  readonly rp: readonly number[];
  readonly rb: readonly number[];
}

const COLUMNS = ["wp", "wb", "rp", "rb"] as const;

/** Sector labels: the frame's index, else its `sector` column; non-empty and unique. */
function sectorLabels(field: string, frame: Frame): string[] {
  let labels: string[];
  let where: (i: number) => string;
  if (frame.index !== undefined) {
    labels = frame.index.map((l, i) => {
      if ((typeof l !== "string" || l === "") && typeof l !== "number")
        throw invalid(fieldPath(field, "index", i), `sector label must be a non-empty string, got ${describeCell(l)}`);
      return String(l);
    });
    where = (i) => fieldPath(field, "index", i);
  } else if (frame.columns.includes("sector")) {
    labels = (frame.data["sector"] ?? []).map((c, i) => {
      if (typeof c !== "string" || c === "")
        throw invalid(
          fieldPath(field, "records", i, "sector"),
          `sector label must be a non-empty string, got ${describeCell(c)}`,
        );
      return c;
    });
    where = (i) => fieldPath(field, "records", i, "sector");
  } else {
    throw invalid(field, "has no sector labels: give the frame an index of sectors or a 'sector' column");
  }
  const seen = new Set<string>();
  labels.forEach((s, i) => {
    if (seen.has(s)) throw invalid(where(i), `duplicate sector ${JSON.stringify(s)}`);
    seen.add(s);
  });
  return labels;
}

/** A weight or return column: finite numbers, no nulls (a zero-weight sector still needs a return). */
function valueColumn(field: string, frame: Frame, name: string, isReturn: boolean): number[] {
  const cells: readonly Cell[] = column(field, frame, name);
  return cells.map((c, i) => {
    const at = fieldPath(field, "records", i, name);
    if (typeof c === "number" && Number.isNaN(c))
      throw invalid(at, `is null: NaN is not zero - a zero-weight sector still needs a weight and a return`);
    if (typeof c !== "number" || !Number.isFinite(c))
      throw invalid(at, `must be a finite number, got ${describeCell(c)}`);
    if (isReturn && c < -1) throw invalid(at, `a sector return cannot be below -1 (a loss beyond 100%), got ${c}`);
    return c;
  });
}

/** Validates one panel frame at `field` (e.g. `panel` or `panels/2`). */
export function readPanel(field: string, frame: unknown): PeriodPanel {
  if (!isFrame(frame)) throw invalid(field, "must be a frame with columns wp, wb, rp, rb and one row per sector");
  for (const c of COLUMNS) column(field, frame, c);
  if (frame.nrows === 0) throw invalid(field, "has no rows: an attribution needs at least one sector");
  const sectors = sectorLabels(field, frame);
  return {
    sectors,
    wp: valueColumn(field, frame, "wp", false),
    wb: valueColumn(field, frame, "wb", false),
    rp: valueColumn(field, frame, "rp", true),
    rb: valueColumn(field, frame, "rb", true),
  };
}

/** Reorders `p` to the sector order of `first`; bad input when the sector sets differ. */
export function alignToFirst(p: PeriodPanel, t: number, first: PeriodPanel): PeriodPanel {
  const pos = new Map(p.sectors.map((s, i) => [s, i] as const));
  const missing = first.sectors.find((s) => !pos.has(s));
  const firstSet = new Set(first.sectors);
  const extra = p.sectors.find((s) => !firstSet.has(s));
  if (missing !== undefined || extra !== undefined) {
    const detail =
      missing !== undefined
        ? `sector ${JSON.stringify(missing)} of panels/0 is absent from panels/${t}`
        : `sector ${JSON.stringify(extra)} of panels/${t} is absent from panels/0`;
    throw invalid(
      fieldPath("panels", t),
      `sector set differs from panels/0: ${detail}; every period needs the same sectors`,
    );
  }
  const order = first.sectors.map((s) => pos.get(s)!);
  const pick = (xs: readonly number[]) => order.map((i) => xs[i]!);
  return { sectors: first.sectors, wp: pick(p.wp), wb: pick(p.wb), rp: pick(p.rp), rb: pick(p.rb) };
}
