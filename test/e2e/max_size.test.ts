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

/** The arguments with every series, frame and list of SAMPLE entries grown to `n` rows (frames: n cells). */
function scaled(args: Args, n: number): Args {
  const out: Args = {};
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v) && v.length === SAMPLE) out[k] = grow(v, n);
    else if (v && typeof v === "object" && !Array.isArray(v) && "values" in v) {
      const s = v as { index?: unknown[]; values: unknown[] };
      out[k] = { ...s, values: grow(s.values, n), ...(s.index ? { index: growLabels(s.index, n) } : {}) };
    } else if (v && typeof v === "object" && !Array.isArray(v) && ("data" in v || "records" in v)) {
      const f = v as { index?: unknown[]; columns?: string[]; data?: unknown[][]; records?: Record<string, unknown>[] };
      const cols = f.columns?.length ?? Object.keys(f.records?.[0] ?? {}).length;
      const rows = Math.max(3, Math.floor(n / Math.max(1, cols)));
      const body = f.data
        ? { data: grow(f.data, rows).map((r, i) => (r as unknown[]).map((x) => full(x, i))) }
        : {
            records: grow(f.records!, rows).map((r, i) =>
              Object.fromEntries(Object.entries(r as Args).map(([c, x]) => [c, full(x, i)])),
            ),
          };
      out[k] = { ...f, ...body, ...(f.index ? { index: growLabels(f.index, rows) } : {}) };
    } else out[k] = v;
  }
  return out;
}

/** The shapes the estimate sees after decoding (it prices raw arguments the same way). */
const cost = (guard: string, args: Args) => estimateCost(guard, args)?.units ?? 0;

const bytes = (args: Args) => Buffer.byteLength(JSON.stringify(args));
const fits = (guard: string, args: Args) => cost(guard, args) <= DEFAULT_WORK_BUDGET;

/**
 * The largest n <= MAX_POINTS whose scaled arguments fit the default work budget and the argument cap
 * (bytes grow linearly with n: sized from 10,000 rows, then stepped down 1% until they fit).
 */
function maximum(guard: string, args: Args): number {
  const perRow = bytes(scaled(args, 10_000)) / 10_000;
  let hi = Math.min(MAX_POINTS, Math.floor(MAX_ARGUMENT_BYTES / perRow));
  while (bytes(scaled(args, hi)) > MAX_ARGUMENT_BYTES) hi = Math.floor(hi * 0.99);
  if (fits(guard, scaled(args, hi))) return hi;
  let lo = SAMPLE;
  while (hi - lo > Math.max(1, lo / 100)) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(guard, scaled(args, mid))) lo = mid;
    else hi = mid;
  }
  return lo;
}

const tools = listTools().filter((t) => t.guard !== undefined && KNOWN[t.name] !== undefined);

describe("every guard at its documented maximum size", () => {
  it.each(tools.map((t) => [t.name, t.guard!] as const))(
    "%s",
    async (name, guard) => {
      const n = maximum(guard, KNOWN[name]!);
      const args = scaled(KNOWN[name]!, n);
      expect(Buffer.byteLength(JSON.stringify(args))).toBeLessThanOrEqual(MAX_ARGUMENT_BYTES);
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
