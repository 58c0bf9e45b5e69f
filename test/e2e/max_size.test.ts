// Every served guard called at its documented maximum size: its known-good arguments scaled up (at full
// precision) until a series or frame holds MAX_POINTS values, the arguments reach MAX_ARGUMENT_BYTES, or
// the guard's cost estimate reaches the work budget, whichever comes first. Each call must
// answer with a result or a bad-input error, never an internal error or a crash.
import { describe, expect, it } from "vitest";
import { callToolUntyped, listTools, MAX_ARGUMENT_BYTES, MAX_POINTS } from "../../src/runtime/index.js";
import { DEFAULT_WORK_BUDGET, estimateCost } from "../../src/runtime/budget/index.js";
import { BadInputError } from "../../src/contract/guard.js";
import { KNOWN, dates } from "../hardening/valid_args.js";

type Args = Record<string, unknown>;
const SAMPLE = 30;

/** x made full precision (17 significant digits) without changing its sign or its meaning; integers stay. */
const full = (x: unknown, i: number) =>
  typeof x === "number" && !Number.isInteger(x) ? x * (1 + ((i % 997) + 1) * 1e-13) : x;
const isDate = (x: unknown) => typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x);
/** A list grown to n: dates continue daily, other values repeat (numbers at full precision). */
function grow(list: readonly unknown[], n: number): unknown[] {
  if (list.length > 0 && list.every(isDate)) return dates(n, Date.parse(`${list[0] as string}T00:00:00Z`));
  return Array.from({ length: n }, (_, i) => full(list[i % list.length], i));
}
/** Row labels grown to n: dates continue daily, other labels get a distinct suffix. */
function growLabels(list: readonly unknown[], n: number): unknown[] {
  if (list.every(isDate)) return grow(list, n);
  return Array.from({ length: n }, (_, i) => (i < list.length ? list[i] : `${String(list[i % list.length])}~${i}`));
}

/** How a scaled list is filled: `grow` (every value as sent), or `repeat` (the same shapes, for pricing only). */
interface Fill {
  readonly list: (list: readonly unknown[], n: number) => unknown[];
  readonly labels: (list: readonly unknown[], n: number) => unknown[];
  readonly cell: (x: unknown, i: number) => unknown;
}
const AS_SENT: Fill = { list: grow, labels: growLabels, cell: full };
/** The sample's entries repeated: the rows, columns and cells the cost estimate counts, built far faster. */
const repeat = (list: readonly unknown[], n: number) => Array.from({ length: n }, (_, i) => list[i % list.length]);
const SHAPES: Fill = { list: repeat, labels: repeat, cell: (x) => x };

/** The arguments with every series, frame and list of SAMPLE entries grown to `n` rows (frames: n cells). */
function scaled(args: Args, n: number, fill: Fill = AS_SENT): Args {
  const out: Args = {};
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v) && v.length === SAMPLE) out[k] = fill.list(v, n);
    else if (v && typeof v === "object" && !Array.isArray(v) && "values" in v) {
      const s = v as { index?: unknown[]; values: unknown[] };
      out[k] = { ...s, values: fill.list(s.values, n), ...(s.index ? { index: fill.labels(s.index, n) } : {}) };
    } else if (v && typeof v === "object" && !Array.isArray(v) && ("data" in v || "records" in v)) {
      const f = v as { index?: unknown[]; columns?: string[]; data?: unknown[][]; records?: Record<string, unknown>[] };
      const cols = f.columns?.length ?? Object.keys(f.records?.[0] ?? {}).length;
      const rows = Math.max(3, Math.floor(n / Math.max(1, cols)));
      const body = f.data
        ? { data: fill.list(f.data, rows).map((r, i) => (r as unknown[]).map((x) => fill.cell(x, i))) }
        : {
            records: fill
              .list(f.records!, rows)
              .map((r, i) => Object.fromEntries(Object.entries(r as Args).map(([c, x]) => [c, fill.cell(x, i)]))),
          };
      out[k] = { ...f, ...body, ...(f.index ? { index: fill.labels(f.index, rows) } : {}) };
    } else out[k] = v;
  }
  return out;
}

/** The shapes the estimate sees after decoding (it prices raw arguments the same way). */
const cost = (guard: string, args: Args) => estimateCost(guard, args)?.units ?? 0;

const bytes = (args: Args) => Buffer.byteLength(JSON.stringify(args));
/** Priced on the shapes alone (the estimate counts rows, columns and cells; the test prices the real arguments too). */
const fits = (guard: string, args: Args, n: number) => cost(guard, scaled(args, n, SHAPES)) <= DEFAULT_WORK_BUDGET;

/**
 * The arguments scaled to the largest n <= MAX_POINTS that fits the default work budget and the argument
 * cap, with their size in bytes (bytes grow nearly linearly with n: sized from 10,000 rows, then scaled
 * down by the measured overshoot, and by 0.1% more each time, until they fit).
 */
function maximum(guard: string, args: Args): { readonly args: Args; readonly bytes: number } {
  const perRow = bytes(scaled(args, 10_000)) / 10_000;
  let hi = Math.min(MAX_POINTS, Math.floor(MAX_ARGUMENT_BYTES / perRow));
  let largest = scaled(args, hi);
  let size = bytes(largest);
  while (size > MAX_ARGUMENT_BYTES) {
    hi = Math.floor((hi * MAX_ARGUMENT_BYTES * 0.999) / size);
    largest = scaled(args, hi);
    size = bytes(largest);
  }
  if (fits(guard, args, hi)) return { args: largest, bytes: size };
  let lo = SAMPLE;
  while (hi - lo > Math.max(1, lo / 100)) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(guard, args, mid)) lo = mid;
    else hi = mid;
  }
  const fitting = scaled(args, lo);
  return { args: fitting, bytes: bytes(fitting) };
}

const tools = listTools().filter((t) => t.guard !== undefined && KNOWN[t.name] !== undefined);

describe("every guard at its documented maximum size", () => {
  it.each(tools.map((t) => [t.name, t.guard!] as const))(
    "%s",
    async (name, guard) => {
      const { args, bytes: size } = maximum(guard, KNOWN[name]!);
      expect(size).toBeLessThanOrEqual(MAX_ARGUMENT_BYTES);
      expect(cost(guard, args)).toBeLessThanOrEqual(DEFAULT_WORK_BUDGET);
      const outcome = await callToolUntyped(name, args).then(
        (r) => `result ${String((r as { passed: boolean }).passed)}`,
        (e: unknown) => (e instanceof BadInputError ? `bad input ${e.code} ${e.field}` : e),
      );
      expect(String(outcome)).toMatch(/^(result|bad input) /);
      expect(outcome).not.toMatch(/^bad input too_large/);
    },
    600_000,
  );
});

describe("the caps agree", () => {
  it("a full-precision series of MAX_POINTS numbers fits the argument cap and runs", async () => {
    const returns = grow([0.0123456789, -0.0098765432, 0.0042, -0.0017], MAX_POINTS);
    const args = { returns, turnover: 0.2 };
    expect(Buffer.byteLength(JSON.stringify(args))).toBeLessThanOrEqual(MAX_ARGUMENT_BYTES);
    const r = (await callToolUntyped("check_cost_curve", args)) as { evidence: { n_periods: number } };
    expect(r.evidence.n_periods).toBe(MAX_POINTS);
  }, 600_000);
});
