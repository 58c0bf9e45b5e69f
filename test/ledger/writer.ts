// A ledger writer process for the concurrency tests:
//   node --import tsx writer.ts <backend> <location> <ledger> <distinct|same> <worker> <calls>
// It opens the store, prints "ready", waits for a line on stdin, then makes <calls> record calls of one
// trial each (distinct: trials worker*calls .. worker*calls+calls-1; same: trial 0 every time), printing
// "<new> <fingerprint>" after each call resolved (so the trial is committed), then "done".
import { once } from "node:events";
import { type BackendKind, openStore } from "./open_store.js";
import { trial } from "./trials.js";

const [kind, location, ledger, mode, worker, calls] = process.argv.slice(2) as [
  BackendKind,
  string,
  string,
  "distinct" | "same",
  string,
  string,
];
const store = await openStore(kind, location);
process.stdout.write("ready\n");
await once(process.stdin, "data");
const n = Number(calls);
for (let k = 0; k < n; k++) {
  const t = trial(mode === "same" ? 0 : Number(worker) * n + k, { tool: `writer-${worker}` });
  const added = await store.record(ledger, [t]);
  process.stdout.write(`${added} ${t.fingerprint}\n`);
}
await store.close();
process.stdout.write("done\n");
process.stdin.destroy();
