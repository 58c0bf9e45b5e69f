// The operator owns the partition, over the real stdio server and the real MCP SDK client: after 20 noise
// strategies, a verdict labelled with a fresh experiment still deflates by the whole ledger's 20 and fails,
// and a call naming another ledger is refused as an unknown argument, naming it, recording nothing; the listing
// marks the recording tools not read-only.
import { describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SERVER_JS } from "./fixtures.js";
import { costArgs, noise, sharpe252, tempLedger } from "./ledger_fixtures.js";

type Result = { isError?: boolean; structuredContent?: Record<string, any>; content?: { text?: string }[] };

const N = 20;
const strategies = Array.from({ length: N }, (_, i) => noise(2000 + i));
const declared = { best_sharpe: Math.max(...strategies.map(sharpe252)), n_obs: 756, n_trials: 3 };

describe("who chooses the ledger", () => {
  it("deflates a fresh experiment's verdict by the whole ledger and refuses a `ledger` argument", async () => {
    const client = new Client({ name: "ledger-partition-test", version: "1" });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [SERVER_JS, "--ledger", tempLedger()],
    });
    await client.connect(transport);
    try {
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as Result;
      for (const s of strategies) expect((await call("check_cost_curve", costArgs(s))).isError).toBeFalsy();

      const labelled = await call("check_trial_ledger", { ...declared, experiment: "final-run" });
      expect(labelled.isError).toBeFalsy();
      const verdict = labelled.structuredContent!;
      expect(verdict.passed).toBe(false);
      expect(verdict.evidence).toMatchObject({ n_trials: N, n_trials_declared: 3, n_trials_source: "ledger" });
      expect(verdict.evidence.ledger).toMatchObject({ name: "default", experiment: null, count: N });
      expect(verdict.provenance.ledger).toMatchObject({ name: "default", experiment: "final-run", count: N });

      const fresh = await call("check_trial_ledger", { ...declared, ledger: "fresh" });
      expect(fresh.isError).toBe(true);
      expect(fresh.content!.map((c) => c.text ?? "").join("\n")).toContain(
        'check_trial_ledger got unexpected argument(s) ["ledger"]',
      );
      const freshCost = await call("check_cost_curve", { ...costArgs(noise(3000)), ledger: "fresh" });
      expect(freshCost.isError).toBe(true);

      const listed = (await call("list_trials", {})).structuredContent!;
      expect(listed).toMatchObject({ ledger: "default", count: N, digest: verdict.evidence.ledger.digest });
      expect(listed.experiments).toEqual([{ experiment: null, count: N }]);
      expect((await call("list_trials", { ledger: "fresh" })).isError).toBe(true);

      // The listing says which tools append to the ledger: a recording guard is not read-only.
      const listing = (await client.listTools()).tools;
      const hints = (name: string) => listing.find((t) => t.name === name)!.annotations;
      expect(hints("check_cost_curve")).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
      });
      expect(hints("list_trials")).toMatchObject({ readOnlyHint: true });
    } finally {
      await client.close();
    }
  }, 120_000);
});
