// Work on large arguments kept off the calling thread (#49 item 1), counted, never timed: a name count over
// the limit is refused before the names are hashed, and arguments whose size bound is over the cap are
// measured exactly on the hash thread, not here.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { afterAll, describe, expect, it } from "vitest";
import { callToolUntyped, closePool } from "../../src/runtime/index.js";
import type { BadInputError } from "../../src/contract/guard.js";
import { MAX_ARGUMENT_BYTES, inspectJson } from "../../src/runtime/codec/caps.js";
import { closeHashThreadIfStarted, hashesOffThread, startInputHash } from "../../src/runtime/input_hash.js";
import { MAX_SLOT_NAMES } from "../../src/runtime/catalogue/name_limits.js";
import { badError } from "../helpers/bad_field.js";

afterAll(async () => {
  await closeHashThreadIfStarted();
  await closePool();
});

const sha = (x: unknown) => createHash("sha256").update(canonicalize(x)!, "utf8").digest("hex");

/** The BadInputError the call `p` rejects with (any other outcome fails the test). */
const refusal = (p: Promise<unknown>): Promise<BadInputError> => badError(() => p);

describe("large arguments", () => {
  it("a million slot names are refused by their count before they are hashed or validated", async () => {
    const slots = Array.from({ length: 1_000_000 }, (_, i) => (i === 5 ? 17 : `slot_${i}`));
    const before = hashesOffThread();
    const e = await refusal(callToolUntyped("bundle_coverage", { slots }));
    expect([e.code, e.field]).toEqual(["too_large", "slots"]);
    expect(e.message).toContain(`at most ${MAX_SLOT_NAMES.toLocaleString("en-US")} are accepted`);
    expect(hashesOffThread()).toBe(before);
  });

  it("whose size bound is over the cap are measured on the hash thread: admitted when the text fits", async () => {
    const fits = { values: Array.from({ length: 1_100_000 }, (_, i) => i % 10) };
    expect(inspectJson(fits).bytesBound).toBeGreaterThan(MAX_ARGUMENT_BYTES);
    const before = hashesOffThread();
    const { hash } = await startInputHash(fits);
    expect(hashesOffThread()).toBe(before + 1);
    expect(await hash).toBe(sha(fits));
  });

  it("whose text is over the cap too are refused from that measure, before the call's work", async () => {
    const over = { values: Array.from({ length: 1_200_000 }, (_, i) => -Math.abs(Math.sin(i + 1)) * 1e-100) };
    const before = hashesOffThread();
    const e = await refusal(startInputHash(over));
    expect(e.message).toMatch(/the limit is 26000000 \(MAX_ARGUMENT_BYTES\)/);
    expect(hashesOffThread()).toBe(before + 1);
  });
});
