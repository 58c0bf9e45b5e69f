// The ledger backends the store tests run over, as one table: each gives a describe block a way to make
// fresh ledger locations (a SQLite file in a temporary directory; a database on a real PostgreSQL).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe } from "vitest";
import type { LedgerStore } from "../../src/ledger/store.js";
import { describeWithPostgres, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import type { BackendUnderTest } from "./conformance.js";
import { type BackendKind, openStore } from "./open_store.js";

export interface Backend extends BackendUnderTest {
  readonly kind: BackendKind;
}

type DescribeBackend = (name: string, body: (backend: Backend) => void) => void;

const sqlite: DescribeBackend = (name, body) =>
  describe(`${name} (sqlite)`, () => {
    let dir = "";
    let files = 0;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), "fin-skills-ledger-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    body({
      kind: "sqlite",
      fresh: async () => path.join(dir, `ledger${++files}.sqlite`),
      open: (location) => openStore("sqlite", location),
    });
  });

const postgres: DescribeBackend = (name, body) =>
  describeWithPostgres(`${name} (postgres)`, (bin) => {
    let pg: TestPostgres | undefined;
    let databases = 0;
    beforeAll(async () => {
      pg = await startPostgres(bin);
    });
    afterAll(() => pg?.stop());
    body({
      kind: "postgres",
      fresh: () => (pg as TestPostgres).database(`ledger${++databases}`),
      open: (location) => openStore("postgres", location),
    });
  });

/** Each backend's describe: the same tests, run once per backend. */
export const BACKENDS: readonly DescribeBackend[] = [sqlite, postgres];

/** Opens stores of `backend` for the tests of one describe block, each closed after its test. */
export function storeOpener(backend: Backend): (location: string) => Promise<LedgerStore> {
  const opened: LedgerStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  return async (location) => {
    const store = await backend.open(location);
    opened.push(store);
    return store;
  };
}
