// Every exported guard's reply is bounded: on inputs 4x larger the reply (findings, evidence, summary) does
// not grow with them, and stays under 1 MB of JSON. Lists are cut to their first items plus "and N more".
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { loadGuards } from "../../../src/runtime/table.js";
import { growerFor } from "./growers.js";

const N = 2000;
const GROWTH = 4;
/** The documented bound on one reply. */
const MAX_REPLY_BYTES = 1_000_000;
/** Room for numbers that gain digits with the input size (counts, dates). */
const SLACK_BYTES = 2048;

/** Evidence with one row per input column by design (the answer itself), bounded by the work budget instead. */
const PER_COLUMN_ANSWER: Readonly<Record<string, string>> = {
  check_weight_traps: "hrp_weights and hrp_order give one weight per asset",
};

const replyBytes = async (tool: string, n: number) =>
  JSON.stringify(await callToolUntyped(tool, growerFor(tool)(n), { workBudget: Infinity, timeLimitMs: 0 })).length;

describe("replies do not grow with the input", () => {
  for (const g of loadGuards().filter((x) => x.tool !== null)) {
    it(`${g.tool}: a reply on ${GROWTH}x the input is no larger (within ${SLACK_BYTES} bytes)`, async () => {
      const small = await replyBytes(g.tool!, N);
      const large = await replyBytes(g.tool!, N * GROWTH);
      const grows = large > small + SLACK_BYTES && !(g.tool! in PER_COLUMN_ANSWER);
      expect({ tool: g.tool, grows, small, large }).toMatchObject({ grows: false });
      expect(large).toBeLessThan(MAX_REPLY_BYTES);
    }, 60_000);
  }
});
