// A light call from one HTTP client while another client's heavy call runs on the same `--http` server:
// list_guards round trips, each on its own request, while check_spa_test (2,520 x 100, 1,000 reps) runs.
// The heavy call is sent from a worker thread: sending its 5.6 MB body stalled this thread's own event
// loop, which the light calls' latencies then counted as the server's.
import type { Row } from "../report.js";
import { post, postFromWorker, startHttpServer } from "../lib/http_server.js";
import { lightRow, spaArgs } from "./bounded.js";

const call = (id: number, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

export async function httpLight(): Promise<Row[]> {
  const server = await startHttpServer();
  try {
    const light = call(2, "list_guards", {});
    await post(server.url, light);
    const heavy = call(3, "check_spa_test", spaArgs(2520, 100, 1000));
    await postFromWorker(server.url, heavy); // untimed: the measured one runs on a warm server
    const latencies: number[] = [];
    let done = false;
    const t0 = performance.now();
    const heavyCall = postFromWorker(server.url, heavy).then((reply) => {
      done = true;
      if (!reply.includes('"id":3') || reply.includes('"isError":true')) throw new Error(reply.slice(0, 300));
      return performance.now() - t0;
    });
    while (!done) {
      const t = performance.now();
      const reply = await post(server.url, light);
      if (!reply.includes('"id":2')) throw new Error(`list_guards failed: ${reply.slice(0, 300)}`);
      latencies.push(performance.now() - t);
    }
    const label = "HTTP: list_guards from a second client while check_spa_test 2520 x 100 runs (p99)";
    return [lightRow(label, latencies, await heavyCall)];
  } finally {
    server.close();
  }
}
