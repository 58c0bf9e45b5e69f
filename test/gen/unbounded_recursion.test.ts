// Regression: a recursive type without `@maxDepth` (through an array, an object member, a generic
// argument, Array<T>, a mapped type) is refused with FS011 naming the fix; it once overflowed the stack (FS099).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, genFixture } from "./helpers.js";

const guards = path.join(FIXTURES, "invalid/unbounded_recursion/guards");

describe("recursion without a depth bound", () => {
  it("is FS011 for every input, with the @maxDepth rewrite, and never FS099", async () => {
    const { required } = (await import(path.join(guards, "nested_guard.ts"))) as { required: readonly string[] };
    const r = await genFixture(guards);
    expect(r.files).toBeNull();
    expect(r.diagnostics.filter((d) => d.code === "FS099")).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(required.map(() => "FS011"));
    for (const [i, input] of required.entries()) {
      expect(r.diagnostics[i]!.message).toContain(`input '${input}': unsupported recursive type`);
      expect(r.diagnostics[i]!.message).toContain("@maxDepth 4");
    }
  });
});
