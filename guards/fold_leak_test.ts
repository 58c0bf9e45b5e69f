import { Outcome, invalid, type Integer } from "../src/contract/guard.js";
import { Mt19937 } from "../src/lib/prng.js";
import { step } from "../src/lib/progress.js";
import { deepEqualWithin, scanShared, type SharedHit } from "./_fold_leak_test_scan.js";
import { requireInteger } from "../src/lib/integer_checks.js";
import { describeCell } from "../src/lib/describe_value.js";
import { namedList } from "../src/lib/named_list.js";

export const skill = "market-data-engineering";
export const title = "Fold leak test";
export const required = ["run_fold", "folds"] as const;
export const optional = ["config", "captured", "tol", "workers", "seed"] as const;

/** A plain value inside a fold description. */
export type FoldField = number | string | boolean | readonly number[] | readonly string[];
/** One fold as run_fold reads it: a [start, end] pair, a label, or a record of plain values. */
export type Fold = FoldField | Readonly<Record<string, FoldField>>;
/** Any live in-process value (a number, an array, an object of any class): compared and scanned, never copied. */
export interface LiveValue {
  // biome-ignore lint/complexity/noBannedTypes: any constructor at all, the value is never called
  readonly constructor: Function;
}
/** The value passed unchanged to every fold call. */
export type FoldConfig = LiveValue | Readonly<Record<string, LiveValue>>;
/** Runs one fold and returns its result (or a Promise of it): numbers, arrays, plain objects, series or frames. */
export type RunFold = (fold: Fold, config: FoldConfig | undefined) => unknown;

type Run = "shuffled" | "concurrent";
const RUN_TEXT: Record<Run, string> = { shuffled: "SHUFFLED-ORDER serial", concurrent: "CONCURRENT" };

/** A fold call's outcome in the shuffled or concurrent run: its value, or what it threw. */
type Settled = { readonly ok: unknown } | { readonly threw: string };

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function settle(call: () => unknown): Promise<Settled> {
  try {
    return { ok: await call() };
  } catch (e) {
    return { threw: messageOf(e) };
  }
}

/** Fisher-Yates driven by MT19937(seed): i = n-1 down to 1, j uniform in [0, i]; the identity is reversed. */
function shuffledOrder(n: number, seed: number): number[] {
  const rng = new Mt19937(seed);
  const order = Array.from({ length: n }, (_v, i) => i);
  for (let i = n - 1; i >= 1; i--) {
    const j = rng.nextInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order.every((v, i) => v === i) ? order.reverse() : order;
}

/** In-order serial run; a throw is bad input naming the fold. */
async function runSerial(call: (i: number) => unknown, n: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    try {
      out.push(await call(i));
    } catch (e) {
      throw invalid("run_fold", `threw on fold ${i} in the in-order serial run: ${messageOf(e)}`);
    }
    await step(i + 1, 3 * n);
  }
  return out;
}

async function runShuffled(call: (i: number) => unknown, order: readonly number[]): Promise<Settled[]> {
  const out: Settled[] = new Array(order.length);
  for (let k = 0; k < order.length; k++) {
    out[order[k]!] = await settle(() => call(order[k]!));
    await step(order.length + k + 1, 3 * order.length);
  }
  return out;
}

/** Starts folds in index order with at most `workers` calls in flight; results by index. */
async function runConcurrent(call: (i: number) => unknown, n: number, workers: number): Promise<Settled[]> {
  const out: Settled[] = new Array(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      out[i] = await settle(() => call(i));
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, n) }, worker));
  await step(3 * n, 3 * n);
  return out;
}

interface Mismatch {
  readonly fold: number;
  readonly run: Run;
  readonly detail: string;
}

/** Per fold in order: serial vs shuffled, then serial vs concurrent; the first difference. */
function firstMismatch(
  serial: readonly unknown[],
  runs: Readonly<Record<Run, readonly Settled[]>>,
  tol: number,
): Mismatch | null {
  for (let i = 0; i < serial.length; i++) {
    for (const run of ["shuffled", "concurrent"] as const) {
      const got = runs[run][i]!;
      if ("threw" in got) return { fold: i, run, detail: `the call threw: ${got.threw}` };
      if (!deepEqualWithin(serial[i], got.ok, tol)) return { fold: i, run, detail: "the results are not equal" };
    }
  }
  return null;
}

function reportScan(out: Outcome, hits: readonly SharedHit[]): void {
  for (const h of hits) {
    const text = `${h.name} (${h.kind}, ${h.type}): ${h.why}`;
    if (h.kind === "rng" || (h.kind === "estimator" && h.fitted)) out.error(text, "scan");
    else out.warning(text, "scan");
  }
}

function readFolds(folds: unknown): readonly unknown[] {
  if (!Array.isArray(folds))
    throw invalid("folds", `must be an array of fold descriptions, got ${folds === null ? "null" : typeof folds}`);
  if (folds.length < 2) throw invalid("folds", `needs at least 2 folds, got ${folds.length}`);
  return folds;
}

function readCaptured(captured: unknown): Readonly<Record<string, unknown>> {
  if (captured === undefined || captured === null) return {};
  const plain =
    typeof captured === "object" &&
    !Array.isArray(captured) &&
    [Object.prototype, null].includes(Object.getPrototypeOf(captured));
  if (!plain)
    throw invalid(
      "captured",
      `must be a plain object {name: value}, got ${Array.isArray(captured) ? "an array" : typeof captured}`,
    );
  return captured as Record<string, unknown>;
}

/**
 * Detects state shared across walk-forward folds: it runs every fold in order,
 * in a shuffled order and concurrently, requires identical results, and scans
 * the config and the declared captured values for shared generators, fitted
 * models and mutable containers.
 *
 * Inputs
 *   run_fold : the function (fold, config) => result (or a Promise of it) that
 *       fits and scores one fold; in-process only.
 *   folds : the fold descriptions passed to run_fold, at least 2 (for example
 *       [start, end] pairs).
 *   config : passed unchanged to every call, and scanned for shared mutable
 *       state; in-process value.
 *   captured : the outer values the fold function closes over, declared by the
 *       caller as {name: value} so they can be scanned; in-process only.
 *   tol : numeric tolerance when comparing results, absolute plus relative
 *       (|a - b| <= tol + tol x |b|), in result units; >= 0.
 *   workers : most fold calls in flight in the concurrent run; >= 1.
 *   seed : MT19937 seed of the shuffled order, an integer in [0, 2^32 - 1].
 *
 * JavaScript cannot read a closure's captured variables, so the scan covers
 * config and captured only; the re-run comparison is the primary check. Frozen
 * values are not reported.
 */
export async function check(
  run_fold: RunFold,
  folds: readonly Fold[],
  config?: FoldConfig,
  captured?: Readonly<Record<string, LiveValue>>,
  tol: number = 0,
  workers: Integer = 4,
  seed: Integer = 0,
) {
  if (typeof run_fold !== "function")
    throw invalid(
      "run_fold",
      `must be a function (fold, config) => result, got ${run_fold === null ? "null" : typeof run_fold}`,
    );
  const fs = readFolds(folds);
  const caps = readCaptured(captured);
  if (typeof tol !== "number" || !Number.isFinite(tol) || tol < 0)
    throw invalid("tol", `must be a finite number >= 0, got ${describeCell(tol)}`);
  const w = requireInteger("workers", workers, { min: 1 });
  const s = requireInteger("seed", seed, { min: 0, max: 4294967295 });

  const hits = scanShared(config, caps);
  const call = (i: number) => run_fold(fs[i] as Fold, config);
  const order = shuffledOrder(fs.length, s);
  const serial = await runSerial(call, fs.length);
  const shuffled = await runShuffled(call, order);
  const concurrent = await runConcurrent(call, fs.length, w);
  const mismatch = firstMismatch(serial, { shuffled, concurrent }, tol);

  const out = new Outcome();
  reportScan(out, hits);
  if (mismatch !== null) {
    const suspects =
      hits.length === 0
        ? "none found by the scan (declare closed-over values in captured)"
        : namedList(hits.map((h) => `${h.name} (${h.kind})`));
    out.error(
      `FOLD LEAK: ${RUN_TEXT[mismatch.run]} results differ from the in-order serial run at fold ` +
        `${mismatch.fold} (${mismatch.detail}); the folds share state. Suspects: ${suspects}`,
      "reruns",
    );
  } else {
    out.info(`serial, shuffled-order and concurrent runs agree on all ${fs.length} folds`, "reruns");
  }
  return out
    .note(
      "shared_state",
      hits.map((h) => ({ name: h.name, kind: h.kind, type: h.type, why: h.why })),
    )
    .note("n_folds", fs.length)
    .note("seed", s)
    .note("workers", w)
    .note("tol", tol)
    .note("order_shuffled", order)
    .note("first_mismatch", mismatch === null ? null : { fold: mismatch.fold, run: mismatch.run })
    .note("results", mismatch === null ? serial : null)
    .done();
}
