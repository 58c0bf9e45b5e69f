// fold_leak_test helpers: recursive result equality, and the scan of values shared by folds.
import { isFrame } from "../src/lib/frame_shape.js";

export type SharedKind = "rng" | "estimator" | "frame" | "array" | "container";

/** One shared value the scan found. */
export interface SharedHit {
  readonly name: string;
  readonly kind: SharedKind;
  /** Constructor name, or typeof for values without one. */
  readonly type: string;
  readonly why: string;
  /** Estimators only: an own attribute such as `mean_` (set, not undefined) shows it was fitted outside the fold. */
  readonly fitted: boolean;
}

const RANDOM_DRAW_METHODS = ["next", "random", "nextFloat", "int32", "uniform"] as const;
const PREDICT_METHODS = ["transform", "predict", "predict_proba", "score"] as const;
/** A fitted attribute: ends in a single `_`, does not start with `_` (so not `__x__` either). */
const FITTED_ATTRIBUTE = /^[^_](.*[^_])?_$/;

function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== "object" || x === null || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

function isTypedArray(x: unknown): boolean {
  return ArrayBuffer.isView(x) && !(x instanceof DataView);
}

function hasMethod(x: object, name: string): boolean {
  return typeof (x as Record<string, unknown>)[name] === "function";
}

function typeName(x: unknown): string {
  if (x === null) return "null";
  if (typeof x !== "object" && typeof x !== "function") return typeof x;
  const proto = Object.getPrototypeOf(x);
  const ctor = proto === null ? undefined : (proto.constructor as { name?: string } | undefined);
  return ctor?.name || "Object";
}

function isSeriesLike(x: object): boolean {
  return isFrame(x) || Array.isArray((x as { values?: unknown }).values);
}

/** Classifies one value, first match wins; null when it is not shared mutable state the scan knows. */
function classify(x: unknown): { kind: SharedKind; why: string; fitted: boolean } | null {
  if (typeof x !== "object" || x === null) return null;
  if (RANDOM_DRAW_METHODS.some((m) => hasMethod(x, m))) {
    return { kind: "rng", why: "shared random generator: draws depend on fold order", fitted: false };
  }
  if (hasMethod(x, "fit") && PREDICT_METHODS.some((m) => hasMethod(x, m))) {
    const fitted = Object.getOwnPropertyNames(x).some(
      (k) => FITTED_ATTRIBUTE.test(k) && (x as Record<string, unknown>)[k] !== undefined,
    );
    return fitted
      ? {
          kind: "estimator",
          why: "ALREADY FITTED: a fitted model shared across folds (fitted outside the fold)",
          fitted,
        }
      : { kind: "estimator", why: "a shared estimator object; fit a fresh one per fold", fitted };
  }
  if (isSeriesLike(x))
    return { kind: "frame", why: "shared mutable value: a series or frame every fold can modify", fitted: false };
  if (isTypedArray(x) || (Array.isArray(x) && x.every((v) => typeof v === "number"))) {
    return { kind: "array", why: "shared mutable value: a numeric array every fold can modify", fitted: false };
  }
  if (Array.isArray(x) || x instanceof Map || x instanceof Set || isPlainObject(x)) {
    return {
      kind: "container",
      why: "shared mutable value: a container every fold can append to or modify",
      fitted: false,
    };
  }
  return null;
}

function scanOne(name: string, x: unknown, hits: SharedHit[]): void {
  if (Object.isFrozen(x)) return;
  const c = classify(x);
  if (c !== null) hits.push({ name, kind: c.kind, type: typeName(x), why: c.why, fitted: c.fitted });
}

/** Scans a value and, for a plain object or array, its members one level deep (frozen values are not reported). */
function scanWithMembers(name: string, x: unknown, hits: SharedHit[]): void {
  scanOne(name, x, hits);
  if (Array.isArray(x)) x.forEach((v, i) => scanOne(`${name}.${i}`, v, hits));
  else if (isPlainObject(x)) for (const [k, v] of Object.entries(x)) scanOne(`${name}.${k}`, v, hits);
}

/** Hits in `config` (named config, config.<key>) then in each captured value (captured:<name>). */
export function scanShared(config: unknown, captured: Readonly<Record<string, unknown>>): SharedHit[] {
  const hits: SharedHit[] = [];
  if (config !== undefined) scanWithMembers("config", config, hits);
  for (const [name, v] of Object.entries(captured)) scanWithMembers(`captured:${name}`, v, hits);
  return hits;
}

function numbersEqual(a: number, b: number, tol: number): boolean {
  if (a === b) return true;
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  return Math.abs(a - b) <= tol + tol * Math.abs(b);
}

function sequencesEqual(a: ArrayLike<unknown>, b: ArrayLike<unknown>, tol: number): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!deepEqualWithin(a[i], b[i], tol)) return false;
  return true;
}

/**
 * Result equality: plain objects (series and frames included) need the same keys and equal
 * values; arrays and typed arrays the same length and equal elements; numbers agree when both
 * are NaN or |a - b| <= tol + tol |b|; anything else by ===.
 */
export function deepEqualWithin(a: unknown, b: unknown, tol: number): boolean {
  if (typeof a === "number" && typeof b === "number") return numbersEqual(a, b, tol);
  if ((Array.isArray(a) || isTypedArray(a)) && (Array.isArray(b) || isTypedArray(b)))
    return sequencesEqual(a as ArrayLike<unknown>, b as ArrayLike<unknown>, tol);
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (!sequencesEqual(ka, kb, tol)) return false;
    return ka.every((k) => deepEqualWithin(a[k], b[k], tol));
  }
  return a === b;
}
