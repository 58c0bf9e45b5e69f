// Cold start: spawn `node bin/fin-skills-mcp.cjs` (the installed command) to an answered tools/list, beside
// `node -e 0` spawned the same number of times, interleaved in the same run. Targets: 250 ms, and
// 2.5x the baseline (the figure that compares across machines and loads).
import { spawn } from "node:child_process";
import type { Row } from "../report.js";
import { INITIALIZE, INITIALIZED, StdioClient } from "../lib/mcp.js";
import { ROOT } from "../lib/paths.js";
import { spread } from "../lib/stats.js";

const RUNS = 15;
const TARGET_MS = 250;
/** The server's start may cost at most this many `node -e 0` starts measured in the same run. */
const TARGET_RATIO = 2.5;

/** ms from spawn() to the tools/list response line; asserts the list is non-empty. */
async function serverOnce(): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now();
  const client = new StdioClient();
  const listed = client.expect(2);
  // All three messages are written at once, as a client that does not wait would.
  client.send(INITIALIZE);
  client.send(INITIALIZED);
  client.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
  const r = await listed;
  const ms = performance.now() - t0;
  await client.close();
  const tools = (r.result?.tools as unknown[] | undefined)?.length ?? 0;
  if (!tools) throw new Error(`tools/list failed: ${JSON.stringify(r.error ?? r)}`);
  return { ms, tools };
}

/** ms from spawn() to the exit of `node -e 0`. */
function baselineOnce(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ["-e", "0"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    child.on("error", reject);
    child.on("exit", () => resolve(performance.now() - t0));
  });
}

export async function coldStart(): Promise<{ rows: Row[]; raw: Record<string, number[]> }> {
  await serverOnce(); // one unmeasured run each: page cache, not the server, is what it warms
  await baselineOnce();
  const server: number[] = [];
  const baseline: number[] = [];
  let tools = 0;
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await baselineOnce());
    const s = await serverOnce();
    server.push(s.ms);
    tools = s.tools;
  }
  const ss = spread(server);
  const bs = spread(baseline);
  return {
    rows: [
      {
        case: "1 cold start",
        label: `stdio server spawn -> tools/list (${tools} tools)`,
        unit: "ms",
        value: ss.median,
        spread: ss,
        target: TARGET_MS,
      },
      { case: "1 cold start", label: "baseline: node -e 0 spawn -> exit", unit: "ms", value: bs.median, spread: bs },
      {
        case: "1 cold start",
        label: "ratio server / baseline (medians)",
        unit: "x",
        value: ss.median / bs.median,
        target: TARGET_RATIO,
        note: `server minus baseline: ${(ss.median - bs.median).toFixed(0)} ms of module loading and table reading`,
      },
    ],
    raw: { server_ms: server, baseline_ms: baseline },
  };
}
