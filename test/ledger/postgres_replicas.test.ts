// HTTP replicas of fin-skills-mcp behind a real nginx (configured as docs/deploy.md shows), sharing one
// PostgreSQL ledger: parallel calls on distinct strategies, each sent twice through nginx to whichever
// replica it picks, are all counted exactly once.
import { execFileSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresStore } from "../../src/ledger/postgres.js";
import { describeWithPostgres, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import { startNginx } from "../scale/nginx.js";
import { freePort, startReplica } from "../scale/replica.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REPLICAS = 3;
const STRATEGIES = 48;
const SLOW = { timeout: 600_000 };

/** Strategy i's daily returns: a noise-like series of its own. */
const returns = (i: number) => Array.from({ length: 252 }, (_, t) => Math.sin(t * 0.37 + i * 1.3) * 0.01 + 0.0002 * i);

const NGINX_MISSING = "nginx not found: install Debian's nginx package";

/** Whether nginx runs here (.ci/run installs it, so under CI its absence fails the test instead). */
function hasNginx(): boolean {
  try {
    execFileSync("nginx", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return !!process.env.CI;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** One client's call of check_cost_curve on strategy i, through `url`. */
async function costCurve(url: string, i: number): Promise<void> {
  const client = new Client({ name: `ledger-${i}`, version: "1" });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const args = { returns: returns(i), turnover: 1.5, cost_bps: 2 };
    const r = await client.callTool({ name: "check_cost_curve", arguments: args }, SLOW);
    if (r.isError) throw new Error(`strategy ${i}: ${JSON.stringify(r.content).slice(0, 300)}`);
  } finally {
    await client.close();
  }
}

describeWithPostgres("replicas behind nginx sharing one PostgreSQL ledger", (bin) => {
  if (!hasNginx()) {
    it.skip(NGINX_MISSING, () => undefined);
    return;
  }
  let pg: TestPostgres;
  let ledgerUrl: string;
  let publicHost: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    pg = await startPostgres(bin);
    ledgerUrl = await pg.database("replicas");
    const port = await freePort();
    publicHost = `127.0.0.1:${port}`;
    const extra = ["--ledger", ledgerUrl, "--ledger-name", "shared"];
    const replicas = await Promise.all(Array.from({ length: REPLICAS }, () => startReplica(ROOT, publicHost, extra)));
    children.push(...replicas.map((r) => r.child));
    children.push(
      await startNginx(
        ROOT,
        port,
        replicas.map((r) => r.port),
      ),
    );
  }, 600_000);
  afterAll(async () => {
    await Promise.all(children.map(stop));
    pg?.stop();
  });

  it(`${STRATEGIES} strategies, each sent twice in parallel, are counted once each`, SLOW, async () => {
    const url = `http://${publicHost}/mcp`;
    const calls = Array.from({ length: 2 * STRATEGIES }, (_, k) => costCurve(url, k % STRATEGIES));
    await Promise.all(calls);
    const store = await openPostgresStore(ledgerUrl);
    try {
      const sum = await store.summary("shared");
      expect(sum.count).toBe(STRATEGIES);
      expect(sum.sharpes).toHaveLength(STRATEGIES);
      expect(await store.ledgers()).toEqual(["shared"]);
      const tools = new Set((await store.list("shared")).map((t) => t.tool));
      expect(tools).toEqual(new Set(["check_cost_curve"]));
    } finally {
      await store.close();
    }
  });
});
