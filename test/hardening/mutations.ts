// Mutations of valid argument sets, as plain data (so fast-check can shrink and print them), and the
// arbitraries that generate them. Shared by the property test and the stdio soak.
import fc from "fast-check";

export type Path = (string | number)[];

export type Mutation =
  | { kind: "drop"; at: number }
  | { kind: "wrongType"; at: number; value: unknown }
  | { kind: "nearMiss"; at: number; how: number }
  | { kind: "nanLike"; at: number; text: string }
  | { kind: "extreme"; at: number; n: number }
  | { kind: "string"; at: number; text: string }
  | { kind: "longString"; at: number; length: number; unit: string }
  | { kind: "deep"; at: number; depth: number; arrays: boolean }
  | { kind: "protoKey"; at: number; key: "__proto__" | "constructor" | "prototype"; value: unknown }
  | { kind: "dupIndex"; at: number; from: number }
  | { kind: "unsortDates"; at: number; seed: number }
  | { kind: "extraKey"; key: string; value: unknown }
  | { kind: "arrayEdge"; at: number; how: number; n: number }
  | { kind: "scale"; at: number; factor: number };

export const NAN_LIKE = [
  "NaN",
  "nan",
  "Infinity",
  "-Infinity",
  "inf",
  "-inf",
  "+Infinity",
  "1e999",
  "",
  " ",
  "null",
  "undefined",
];
export const EXTREMES = [
  1e308,
  -1e308,
  5e-324,
  -5e-324,
  -0,
  0,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 53,
  1e-300,
  4294967296,
  -1,
  1e21,
  0.1 + 0.2,
];
const NEAR_MISS: Record<string, string[]> = {
  values: ["vals", "value", "Values", "valuse"],
  records: ["recs", "record", "rows"],
  index: ["idx", "indx", "Index"],
  columns: ["cols", "column"],
  data: ["dat", "Data"],
};

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isDate = (x: unknown): x is string => typeof x === "string" && /^\d{4}-\d{2}-\d{2}/.test(x);

/** Every path in the value (root excluded), breadth-first, capped so huge arrays do not dominate. */
export function paths(v: unknown, cap = 400): Path[] {
  const out: Path[] = [];
  const queue: [unknown, Path][] = [[v, []]];
  while (queue.length && out.length < cap) {
    const [x, p] = queue.shift()!;
    const kids: [string | number, unknown][] = Array.isArray(x)
      ? x.slice(0, 6).map((c, i) => [i, c])
      : isObj(x)
        ? Object.entries(x)
        : [];
    for (const [k, c] of kids) {
      out.push([...p, k]);
      queue.push([c, [...p, k]]);
    }
  }
  return out;
}

function getAt(root: unknown, p: Path): unknown {
  return p.reduce<any>((x, k) => (x == null ? undefined : x[k]), root);
}
function setAt(root: any, p: Path, value: unknown): void {
  const parent = getAt(root, p.slice(0, -1)) as any;
  if (parent != null && typeof parent === "object") parent[p[p.length - 1]!] = value;
}
function pick<T>(xs: T[], i: number): T | undefined {
  return xs.length ? xs[Math.abs(i) % xs.length] : undefined;
}

/** A value nested `depth` levels deep (arrays or objects), built without recursion. */
export function deepValue(depth: number, arrays: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { values: v };
  return v;
}

function renameKey(obj: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k === from ? to : k, v]));
}

function nearMissOf(key: string, how: number): string {
  const known = NEAR_MISS[key];
  if (known) return known[how % known.length]!;
  switch (how % 4) {
    case 0:
      return key.length > 1 ? key.slice(0, -1) : `${key}x`;
    case 1:
      return `${key}s`;
    case 2:
      return key.length > 2 ? key[1] + key[0] + key.slice(2) : `_${key}`;
    default:
      return key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase();
  }
}

/** Applies a mutation to a deep copy of `base`; it is a no-op when the target does not exist. */
export function applyMutation(base: Record<string, unknown>, m: Mutation): Record<string, unknown> {
  const root = structuredClone(base) as Record<string, unknown>;
  const all = paths(root);
  const target = (pred: (v: unknown, p: Path) => boolean) =>
    pick(
      all.filter((p) => pred(getAt(root, p), p)),
      (m as { at: number }).at,
    );
  switch (m.kind) {
    case "drop": {
      const p = target((_v, p) => isObj(getAt(root, p.slice(0, -1))) || p.length === 1);
      if (!p) return root;
      const parent = (p.length === 1 ? root : getAt(root, p.slice(0, -1))) as any;
      if (Array.isArray(parent)) parent.splice(p[p.length - 1] as number, 1);
      else delete parent[p[p.length - 1]!];
      return root;
    }
    case "wrongType": {
      const p = target(() => true);
      if (p) setAt(root, p, m.value);
      return root;
    }
    case "nearMiss": {
      const p = target((_v, p) => typeof p[p.length - 1] === "string");
      if (!p) return root;
      const key = p[p.length - 1] as string;
      const parentPath = p.slice(0, -1);
      const parent = (parentPath.length ? getAt(root, parentPath) : root) as Record<string, unknown>;
      const renamed = renameKey(parent, key, nearMissOf(key, m.how));
      if (!parentPath.length) return renamed;
      setAt(root, parentPath, renamed);
      return root;
    }
    case "nanLike": {
      const p = target((v) => typeof v === "number" || typeof v === "string" || v === null);
      if (p) setAt(root, p, m.text);
      return root;
    }
    case "extreme": {
      const p = target((v) => typeof v === "number");
      if (p) setAt(root, p, EXTREMES[m.n % EXTREMES.length]);
      return root;
    }
    case "string": {
      const p = target((v) => typeof v === "string" || typeof v === "number");
      if (p) setAt(root, p, m.text);
      return root;
    }
    case "longString": {
      const p = target((v) => typeof v === "string");
      if (p) setAt(root, p, m.unit.repeat(Math.max(1, Math.floor(m.length / Math.max(1, m.unit.length)))));
      return root;
    }
    case "deep": {
      const p = target(() => true);
      if (p) setAt(root, p, deepValue(m.depth, m.arrays));
      return root;
    }
    case "protoKey": {
      // JSON.parse makes `__proto__` an own key, exactly as a JSON-RPC body would arrive.
      const p = target((v) => isObj(v));
      const text = JSON.stringify(m.value === undefined ? null : m.value);
      const obj = (p ? getAt(root, p) : root) as Record<string, unknown>;
      const withKey = JSON.parse(
        `{${JSON.stringify(m.key)}:${text}${Object.keys(obj).length ? "," : ""}${JSON.stringify(obj).slice(1)}`,
      );
      if (!p) return withKey;
      setAt(root, p, withKey);
      return root;
    }
    case "dupIndex": {
      const p = target(
        (v) =>
          Array.isArray(v) &&
          v.length >= 2 &&
          (v as unknown[]).every((x) => typeof x === "string" || typeof x === "number"),
      );
      if (!p) return root;
      const arr = getAt(root, p) as unknown[];
      arr[(m.from + 1) % arr.length] = arr[m.from % arr.length];
      return root;
    }
    case "unsortDates": {
      const p = target((v) => Array.isArray(v) && v.length >= 2 && (v as unknown[]).some(isDate));
      if (!p) return root;
      const arr = getAt(root, p) as unknown[];
      if (m.seed % 2 === 0) arr.reverse();
      else {
        const i = m.seed % arr.length;
        const j = (m.seed * 7 + 3) % arr.length;
        [arr[i], arr[j]] = [arr[j], arr[i]];
      }
      return root;
    }
    case "extraKey":
      return { ...root, [m.key]: m.value };
    case "arrayEdge": {
      const p = target((v) => Array.isArray(v));
      if (!p) return root;
      const arr = getAt(root, p) as unknown[];
      const first = arr[0] ?? 0;
      const n = Math.max(2, m.n);
      const edges: unknown[][] = [
        [],
        [first],
        Array(n).fill(null),
        Array(n).fill(first),
        arr.map((v, i) => (typeof v === "number" ? (i % 3 === 0 ? "Infinity" : i % 3 === 1 ? "-Infinity" : null) : v)),
        arr.map((v) => (typeof v === "number" ? 0 : v)),
        Array.from({ length: n * 50 }, (_, i) => arr[i % Math.max(1, arr.length)] ?? 0),
        arr.map((v) => (Array.isArray(v) ? [] : v)),
        arr.map((v) => (v && typeof v === "object" && !Array.isArray(v) ? {} : v)),
      ];
      setAt(root, p, edges[m.how % edges.length]);
      return root;
    }
    case "scale": {
      const p = target((v) => typeof v === "number" || (Array.isArray(v) && v.some((x) => typeof x === "number")));
      if (!p) return root;
      const v = getAt(root, p);
      setAt(
        root,
        p,
        Array.isArray(v) ? v.map((x) => (typeof x === "number" ? x * m.factor : x)) : (v as number) * m.factor,
      );
      return root;
    }
  }
}

const json = fc.jsonValue({ maxDepth: 3 });
const at = fc.nat({ max: 10_000 });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), at }),
  fc.record({ kind: fc.constant("wrongType" as const), at, value: json }),
  fc.record({ kind: fc.constant("nearMiss" as const), at, how: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant("nanLike" as const), at, text: fc.constantFrom(...NAN_LIKE) }),
  fc.record({ kind: fc.constant("extreme" as const), at, n: fc.nat({ max: 100 }) }),
  fc.record({
    kind: fc.constant("string" as const),
    at,
    text: fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom(
        "2024-13-01",
        "2024-02-30",
        "1e5",
        "0x10",
        "../../etc/passwd",
        "\u0000",
        "\ud800",
        "😀",
        "日本語",
        "e\u0301",
      ),
    ),
  }),
  fc.record({
    kind: fc.constant("longString" as const),
    at,
    length: fc.integer({ min: 5_000, max: 300_000 }),
    unit: fc.constantFrom("x", "é", "😀", "ab\n", "\u0000"),
  }),
  fc.record({ kind: fc.constant("deep" as const), at, depth: fc.integer({ min: 50, max: 200 }), arrays: fc.boolean() }),
  fc.record({
    kind: fc.constant("protoKey" as const),
    at,
    key: fc.constantFrom("__proto__" as const, "constructor" as const, "prototype" as const),
    value: fc.oneof(fc.constant({ polluted: "yes" }), fc.constant({ prototype: { polluted: "yes" } }), json),
  }),
  fc.record({ kind: fc.constant("dupIndex" as const), at, from: fc.nat({ max: 50 }) }),
  fc.record({ kind: fc.constant("unsortDates" as const), at, seed: fc.nat({ max: 1000 }) }),
  fc.record({
    kind: fc.constant("arrayEdge" as const),
    at,
    how: fc.nat({ max: 100 }),
    n: fc.integer({ min: 2, max: 200 }),
  }),
  fc.record({
    kind: fc.constant("scale" as const),
    at,
    factor: fc.constantFrom(1e300, -1e300, 1e-300, -1, 0, 1e10, 100),
  }),
  fc.record({
    kind: fc.constant("extraKey" as const),
    key: fc.oneof(
      fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty"),
      fc.string({ maxLength: 10 }),
    ),
    value: json,
  }),
);

/** One to three mutations, applied in order. */
export const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 3 });

export function applyAll(base: Record<string, unknown>, ms: Mutation[]): Record<string, unknown> {
  return ms.reduce((acc, m) => applyMutation(acc, m), base);
}
