// The PostgreSQL ledger store against a real server, beyond the contract (store_conformance.test.ts): where
// it says it lives, the privileges it needs, and failures that name the server instead of crashing.
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresStore } from "../../src/ledger/postgres.js";
import { describeWithPostgres, startPostgres, type TestPostgres } from "../helpers/postgres.js";
import { trial } from "./trials.js";

describeWithPostgres("PostgreSQL ledger store", (bin) => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startPostgres(bin);
  });
  afterAll(() => pg?.stop());

  it("reports its kind and a location without the password", async () => {
    const url = await pg.database("located");
    const withPassword = url.replace("postgres@", "postgres:s3cret@");
    const store = await openPostgresStore(`${withPassword}?application_name=t&password=other`);
    try {
      expect(store.kind).toBe("postgres");
      expect(store.location).toBe(`${url}?application_name=t`);
    } finally {
      await store.close();
    }
  });

  it("a role with SELECT, INSERT (UPDATE on the chain head) opens the tables; without CREATE it cannot", async () => {
    const url = await pg.database("granted");
    await pg.sql(url, "CREATE ROLE writer LOGIN");
    const writerUrl = url.replace("postgres@", "writer@");
    await expect(openPostgresStore(writerUrl)).rejects.toThrow(
      `PostgreSQL ledger at 127.0.0.1:${pg.port}: permission denied for schema public`,
    );
    await (await openPostgresStore(url)).close();
    await pg.sql(
      url,
      `GRANT SELECT, INSERT ON fin_skills_ledger_trials, fin_skills_ledger_resets, fin_skills_ledger_retractions
         TO writer;
       GRANT SELECT, INSERT, UPDATE ON fin_skills_ledger_chain TO writer;
       GRANT USAGE ON SEQUENCE fin_skills_ledger_trials_id_seq TO writer`,
    );
    const store = await openPostgresStore(writerUrl);
    try {
      expect(await store.record("L", [trial(1), trial(2)])).toBe(2);
      await store.reset("L", "granted");
      expect(await store.record("L", [trial(2)])).toBe(1);
      expect((await store.summary("L")).count).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("refuses a URL that is not postgres:// with a clear error", async () => {
    await expect(openPostgresStore("mysql://x@127.0.0.1/db")).rejects.toThrow("expected a postgres:// URL");
    await expect(openPostgresStore("not a url")).rejects.toThrow("PostgreSQL ledger: not a URL");
  });

  it("names the server when it cannot connect or the database is missing", async () => {
    const refused = pg.url.replace(`:${pg.port}/`, ":1/");
    await expect(openPostgresStore(refused)).rejects.toThrow(/^PostgreSQL ledger at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    const missing = pg.url.replace(/\/postgres$/, "/nowhere");
    await expect(openPostgresStore(missing)).rejects.toThrow(
      `PostgreSQL ledger at 127.0.0.1:${pg.port}: database "nowhere" does not exist`,
    );
  });
});

describeWithPostgres("PostgreSQL ledger store when its server goes away", (bin) => {
  it("a call fails with an error naming the server, and the process lives on", async () => {
    const pg = await startPostgres(bin);
    const store = await openPostgresStore(pg.url);
    try {
      expect(await store.record("L", [trial(1)])).toBe(1);
      pg.stop();
      await expect(store.record("L", [trial(2)])).rejects.toThrow(`PostgreSQL ledger at 127.0.0.1:${pg.port}: `);
      await expect(store.summary("L")).rejects.toThrow(`PostgreSQL ledger at 127.0.0.1:${pg.port}: `);
    } finally {
      await store.close();
    }
  });
});
