// The SQLite store's file identity: a ledger file replaced (renamed over) or deleted under an open store is
// refused on the next record, summary or list, naming what happened and, once, how many trials went with it.
import { copyFileSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/ledger/sqlite.js";
import { LedgerFileGone } from "../../src/ledger/sqlite_identity.js";
import { trial } from "./trials.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "fin-ledger-identity-"));

/** What `op` threw: its message and the trials it says vanished. */
async function refusal(op: () => Promise<unknown>): Promise<[string, number]> {
  const e = await op().then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(LedgerFileGone);
  return [(e as LedgerFileGone).message, (e as LedgerFileGone).vanished];
}

describe("the SQLite ledger file's identity", () => {
  it("a file replaced by another: refused, the vanished trials named once, then every call refused", async () => {
    const file = path.join(dir, "replaced.sqlite");
    const store = await openSqliteStore(file);
    try {
      expect(await store.record("L", [trial(1), trial(2), trial(3)])).toBe(3);
      copyFileSync(file, path.join(dir, "copy.sqlite"));
      renameSync(path.join(dir, "copy.sqlite"), file);
      const [first, vanished] = await refusal(() => store.record("L", [trial(4)]));
      expect(first).toContain(`the ledger file ${file} was replaced by another file while the server had it open`);
      expect(first).toContain("(it held 3 trial(s) of this ledger)");
      expect(vanished).toBe(3);
      const [again, none] = await refusal(() => store.summary("L"));
      expect([again.includes("was replaced by another file"), again.includes("it held"), none]).toEqual([
        true,
        false,
        0,
      ]);
      await refusal(() => store.list("L"));
      await refusal(() => store.reset("L", "r"));
    } finally {
      await store.close();
    }
  });

  it("a deleted file: refused, and the store writes nothing there", async () => {
    const file = path.join(dir, "deleted.sqlite");
    const store = await openSqliteStore(file);
    try {
      await store.record("L", [trial(1)]);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      const [message, vanished] = await refusal(() => store.record("L", [trial(2)]));
      expect([message.includes(`${file} was deleted while the server had it open`), vanished]).toEqual([true, 1]);
    } finally {
      await store.close();
    }
  });
});
