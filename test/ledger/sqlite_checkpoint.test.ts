// The SQLite ledger's checkpoints: none on the commit itself, one once writes pause, and one inline
// after a long run of commits without a pause.
import { mkdtempSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { IDLE_MS, IdleCheckpoint, MAX_COMMITS } from "../../src/ledger/sqlite_checkpoint.js";

const Sqlite = createRequire(import.meta.url)("better-sqlite3") as typeof Database;
let file = "";
let db: Database.Database;

beforeEach(() => {
  vi.useFakeTimers();
  file = path.join(mkdtempSync(path.join(os.tmpdir(), "fin-skills-checkpoint-")), "l.sqlite");
  db = new Sqlite(file);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (x BLOB)");
  db.pragma("wal_checkpoint(TRUNCATE)");
});
afterEach(() => {
  db.close();
  vi.useRealTimers();
});

/** Bytes of the database file itself (pages not yet checkpointed live only in the WAL). */
const fileBytes = () => statSync(file).size;
const write = (ck: IdleCheckpoint) => {
  db.prepare("INSERT INTO t VALUES (randomblob(3000))").run();
  ck.wrote();
};

it("turns SQLite's automatic checkpoint off and checkpoints once writes pause", () => {
  const ck = new IdleCheckpoint(db);
  expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
  const before = fileBytes();
  for (let i = 0; i < 50; i++) write(ck);
  vi.advanceTimersByTime(IDLE_MS - 1);
  expect(fileBytes()).toBe(before);
  vi.advanceTimersByTime(1);
  expect(fileBytes()).toBeGreaterThan(before + 50 * 3000);
});

it("checkpoints inline after a run of commits with no pause", () => {
  const ck = new IdleCheckpoint(db);
  const before = fileBytes();
  for (let i = 0; i < MAX_COMMITS - 1; i++) write(ck);
  expect(fileBytes()).toBe(before);
  write(ck);
  expect(fileBytes()).toBeGreaterThan(before + MAX_COMMITS * 3000);
  expect(vi.getTimerCount()).toBe(0);
});

it("runs nothing after cancel (the store closed)", () => {
  const ck = new IdleCheckpoint(db);
  const before = fileBytes();
  write(ck);
  ck.cancel();
  vi.advanceTimersByTime(10 * IDLE_MS);
  expect(fileBytes()).toBe(before);
});
