// npm run test:scale: nginx (configured as docs/deploy.md shows) in front of one, then two,
// stateless replicas on loopback; 200 concurrent clients; every answer checked. Exit 1 on any error.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { quantile, runLoad, type Step } from "./load.js";
import { startNginx } from "./nginx.js";
import { freePort, startReplica } from "./replica.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLIENTS = Number(process.env.FS_SCALE_CLIENTS ?? 200);

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function through(replicaCount: number): Promise<number> {
  const port = await freePort();
  const publicHost = `127.0.0.1:${port}`;
  const replicas = await Promise.all(Array.from({ length: replicaCount }, () => startReplica(ROOT, publicHost)));
  const nginx = await startNginx(
    ROOT,
    port,
    replicas.map((r) => r.port),
  );
  try {
    const t0 = performance.now();
    const r = await runLoad(`http://${publicHost}/mcp`, CLIENTS);
    const wall = (performance.now() - t0) / 1000;
    process.stdout.write(`${replicaCount} replica(s), ${CLIENTS} clients, ${wall.toFixed(1)} s wall:\n`);
    for (const step of Object.keys(r.ms) as Step[]) {
      const xs = r.ms[step];
      const p50 = quantile(xs, 0.5).toFixed(0);
      const p99 = quantile(xs, 0.99).toFixed(0);
      process.stdout.write(`  ${step.padEnd(10)} n=${xs.length} p50 ${p50} ms  p99 ${p99} ms\n`);
    }
    process.stdout.write(`  errors: ${r.errors.length}\n`);
    for (const e of r.errors.slice(0, 10)) process.stdout.write(`    ${e}\n`);
    return r.errors.length;
  } finally {
    await stop(nginx);
    await Promise.all(replicas.map((x) => stop(x.child)));
  }
}

const errors = (await through(1)) + (await through(2));
process.stdout.write(errors === 0 ? "scale: every answer correct and matched\n" : `scale: ${errors} error(s)\n`);
process.exit(errors === 0 ? 0 : 1);
