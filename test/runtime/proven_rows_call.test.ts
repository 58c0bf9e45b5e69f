// A call whose split frame the JSON check proved (codec/number_rows.ts) decodes, refuses and hashes exactly as
// the same call without the proof: the same inputs, the same error (code, field, message), the same input_sha256.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { afterAll, describe, expect, it } from "vitest";
import { prepareArguments, resolveTool } from "../../src/runtime/call.js";
import { inspectJson } from "../../src/runtime/codec/caps.js";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import { hashesOffThread } from "../../src/runtime/input_hash.js";
import { cellsReused } from "../../src/runtime/codec/shared_cells.js";
import { loadGuards } from "../../src/runtime/table.js";
import { numericColumnsOf } from "../../src/lib/numeric_columns.js";

afterAll(() => closePool());

const N = 120;
const K = 12;
const columns = Array.from({ length: K }, (_, j) => `m${j}`);
const rows = (cell: (i: number, j: number) => unknown = (i, j) => Math.sin(i * K + j) * 0.01) =>
  Array.from({ length: N }, (_, i) => Array.from({ length: K }, (_, j) => cell(i, j)));
const bench = Array.from({ length: N }, (_, i) => Math.cos(i) * 0.01);
const call = (frame: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  benchmark_returns: bench,
  model_returns: { columns, ...frame },
  reps: 10,
  ...extra,
});

/** What prepareArguments answers: the decoded inputs, or the error's code, field and message. */
async function answer(args: Record<string, unknown>, prove: boolean): Promise<unknown> {
  const tool = resolveTool("check_spa_test");
  const guard = loadGuards().find((g) => g.guard === tool.guard);
  const proven = prove ? inspectJson(args, true).rows! : new WeakMap();
  try {
    return { inputs: await prepareArguments(tool, guard, args, new WeakSet(), undefined, proven) };
  } catch (e) {
    const { code, field, message } = e as { code: string; field: string; message: string };
    return { code, field, message };
  }
}

const cases: [string, Record<string, unknown>, boolean][] = [
  ["valid rows", call({ data: rows() }), true],
  ["valid rows, dtypes float64", call({ data: rows(), dtypes: { m3: "float64" } }), true],
  ["valid rows, an int64 column of fractions", call({ data: rows(), dtypes: { m3: "int64" } }), true],
  ["valid rows, a string dtype", call({ data: rows(), dtypes: { m0: "string" } }), true],
  ["valid rows, an index one label short", call({ data: rows(), index: columns.slice(0, 3) }), true],
  ["valid rows, a bad later input", call({ data: rows() }, { reps: "many" }), true],
  ["valid rows, a bad earlier input", call({ data: rows() }, { benchmark_returns: "x" }), true],
  ["valid rows, an unknown frame key", call({ data: rows(), colums: columns }), true],
  ["rows one column short", call({ data: rows().map((r) => r.slice(1)) }), true],
  ["rows one column too many", call({ data: rows().map((r) => [...r, 0]) }), true],
  ["columns as text", { ...call({ data: rows() }), model_returns: { columns: "m0", data: rows() } }, true],
  ["a ragged row", call({ data: rows().map((r, i) => (i === 70 ? r.slice(2) : r)) }), true],
  ["a null cell", call({ data: rows((i, j) => (i === 3 && j === 4 ? null : 0.01)) }), false],
  ["a text cell", call({ data: rows((i, j) => (i === 90 && j === 0 ? "abc" : 0.01)) }), false],
  ["an Infinity text cell", call({ data: rows((i, j) => (i === 9 && j === 9 ? "Infinity" : 0.01)) }), false],
  ["a row that is an object", call({ data: [...rows().slice(1), { a: 1 }] }), false],
];

describe("a proven split frame", () => {
  it.each(cases)("%s: the same answer with the proof as without", async (_, args, proven) => {
    expect(inspectJson(args, true).rows!.has((args.model_returns as { data: unknown[] }).data)).toBe(proven);
    expect(await answer(args, true)).toEqual(await answer(args, false));
  });

  it("decodes to the columns of the rows, and the call's input_sha256 is the canonical text's", async () => {
    const data = rows();
    const found = (await answer(call({ data }), true)) as { inputs: { model_returns: { data: object } } };
    expect(found.inputs.model_returns.data).toEqual(
      Object.fromEntries(columns.map((c, j) => [c, data.map((r) => r[j])])),
    );
    // Large enough to be hashed on the helper thread from the proof's shared cells.
    const wide = Array.from({ length: 400 }, (_, j) => `w${j}`);
    const cell = (i: number, j: number) => Math.sin(i * 7 + j) * 0.0123456789;
    const args = {
      benchmark_returns: bench,
      model_returns: { columns: wide, data: Array.from({ length: N }, (_, i) => wide.map((_, j) => cell(i, j))) },
      reps: 10,
    };
    expect(inspectJson(args).bytesBound).toBeGreaterThan(1_000_000);
    const before = hashesOffThread();
    const r = (await callToolUntyped("check_spa_test", args)) as { provenance: { input_sha256: string } };
    expect(hashesOffThread()).toBe(before + 1);
    expect(r.provenance.input_sha256).toBe(createHash("sha256").update(canonicalize(args)!).digest("hex"));
  });

  it("keeps the proven columns as Float64Arrays beside the frame, its data arrays made when read", async () => {
    type Decoded = { inputs: { model_returns: { data: Record<string, number[]> } } };
    const data = rows();
    const decoded = ((await answer(call({ data }), true)) as Decoded).inputs.model_returns;
    const typed = numericColumnsOf(decoded)!;
    expect(typed.map((c) => c.constructor.name)).toEqual(columns.map(() => "Float64Array"));
    expect(typed.map((c) => [...c])).toEqual(columns.map((_, j) => data.map((r) => r[j])));
    // data[c]: a getter until read, then the plain array it made, the same one on every read.
    const plain = () => Object.getOwnPropertyDescriptor(decoded.data, "m1")!.value;
    expect(plain()).toBeUndefined();
    const m1 = decoded.data.m1!;
    expect(Array.isArray(m1)).toBe(true);
    expect(m1).toEqual(data.map((r) => r[1]));
    expect(plain()).toBe(m1);
    expect(decoded.data.m1).toBe(m1);
    decoded.data.m2 = [1, 2];
    expect(decoded.data.m2).toEqual([1, 2]);
    // Not proven, or a dtype that converts a column (whole numbers in m3, read as int64): plain arrays only.
    const whole = rows((i, j) => (j === 3 ? i : data[i]![j]));
    for (const [args, prove] of [
      [call({ data }), false],
      [call({ data: whole, dtypes: { m3: "int64" } }), true],
    ] as const) {
      const other = ((await answer(args, prove)) as Decoded).inputs.model_returns;
      expect(numericColumnsOf(other)).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(other.data, "m0")!.value).toEqual(data.map((r) => r[0]));
    }
  });

  it("a finished call's shared cells serve the next; calls in flight together each have their own", async () => {
    const sha = (x: unknown) => createHash("sha256").update(canonicalize(x)!).digest("hex");
    const wide = Array.from({ length: 400 }, (_, j) => `w${j}`);
    const argsOf = (seed: number) => ({
      benchmark_returns: bench,
      model_returns: {
        columns: wide,
        data: Array.from({ length: N }, (_, i) =>
          wide.map((_, j) => Math.round(Math.sin(i * 400 + j + seed) * 1e6) / 1e8),
        ),
      },
      reps: 10,
    });
    const run = (args: Record<string, unknown>) =>
      callToolUntyped("check_spa_test", args) as Promise<{ provenance: { input_sha256: string }; evidence: unknown }>;
    const [a, b, c] = [argsOf(1), argsOf(2), argsOf(3)];
    const alone = [await run(a), await run(b), await run(c)];
    expect(alone[0]!.evidence).not.toEqual(alone[1]!.evidence);
    const before = cellsReused();
    const again = await run(b);
    expect(cellsReused()).toBeGreaterThan(before); // the cells the calls before gave back
    const together = await Promise.all([run(a), run(b), run(c)]);
    for (const [i, r] of [...together, again].entries()) {
      const args = [a, b, c, b][i]!;
      const first = alone[[0, 1, 2, 1][i]!]!;
      expect(r.provenance.input_sha256).toBe(sha(args));
      expect(r.evidence).toEqual(first.evidence);
    }
  });
});
