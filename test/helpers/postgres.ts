// A real PostgreSQL for a test, from Debian's package: initdb into a temporary directory, pg_ctl start on a
// free port with its socket in that directory, stopped and removed by `stop`. PostgreSQL refuses to run as
// root, so as root every command runs as the package's `postgres` user (who then owns the directory).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";

export const POSTGRES_MISSING =
  "PostgreSQL not found under /usr/lib/postgresql/*/bin: install Debian's postgresql package";

/** The newest /usr/lib/postgresql/<major>/bin holding initdb and pg_ctl, or null. */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((d) => existsSync(path.join(root, d, "bin", "initdb")) && existsSync(path.join(root, d, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length ? path.join(root, majors[0] as string, "bin") : null;
}

/**
 * A describe block given PostgreSQL's bin directory. Without PostgreSQL it fails under CI and is skipped
 * elsewhere, in both cases with the one line saying what to install.
 */
export function describeWithPostgres(name: string, body: (bin: string) => void): void {
  const bin = postgresBin();
  if (bin) describe(name, () => body(bin));
  else if (process.env.CI)
    describe(name, () => it(POSTGRES_MISSING, () => Promise.reject(new Error(POSTGRES_MISSING))));
  else describe.skip(`${name}: ${POSTGRES_MISSING}`, () => it("needs PostgreSQL", () => undefined));
}

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication: any password is accepted). */
  readonly url: string;
  readonly port: number;
  /** Creates a fresh database and resolves to its URL. */
  database(name: string): Promise<string>;
  /** Runs SQL as the superuser on the database at `url`. */
  sql(url: string, text: string): Promise<void>;
  /** Stops the server at once and removes its directory. */
  stop(): void;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program (as the postgres user when we are root); throws with its output on failure. */
function run(bin: string, program: string, args: string[]): void {
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
    : [path.join(bin, program), args];
  const r = spawnSync(cmd, argv, { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.error?.message}`);
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** initdb into a temporary directory, owned by the postgres user when we are root. */
function initCluster(bin: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fin-skills-pg-"));
  if (asRoot) {
    const [uid, gid] = ["-u", "-g"].map((f) => Number(execFileSync("id", [f, "postgres"], { encoding: "utf8" })));
    chownSync(dir, uid as number, gid as number);
  }
  run(bin, "initdb", ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "--no-locale", "--no-sync"]);
  return dir;
}

/** Starts the cluster in `dir` on `port`; false when it did not start (the log says why). */
function startCluster(bin: string, dir: string, port: number): boolean {
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const data = path.join(dir, "data");
  try {
    run(bin, "pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", opts, "start"]);
    return true;
  } catch {
    return false;
  }
}

/** Starts a PostgreSQL server for this test (a port taken meanwhile is retried on another). */
export async function startPostgres(bin: string): Promise<TestPostgres> {
  const dir = initCluster(bin);
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    if (startCluster(bin, dir, port)) return handle(bin, dir, port);
  }
  const log = existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8") : "(no log)";
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`PostgreSQL did not start:\n${log.split("\n").slice(-10).join("\n")}`);
}

function handle(bin: string, dir: string, port: number): TestPostgres {
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async database(name) {
      await this.sql(url, `CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async sql(at, text) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: at });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    },
    stop() {
      try {
        run(bin, "pg_ctl", ["-D", path.join(dir, "data"), "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
