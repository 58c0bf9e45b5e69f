// whenFree (src/ledger/sqlite_busy.ts): a step that finds SQLite busy is retried off the event loop until
// it succeeds or the timeout passes; any other error is thrown at once, and the event loop runs meanwhile.
import { describe, expect, it } from "vitest";
import { isBusy, whenFree } from "../../src/ledger/sqlite_busy.js";

const busy = (code = "SQLITE_BUSY") => Object.assign(new Error("database is locked"), { code });

describe("whenFree", () => {
  it("retries a busy step until it succeeds, letting other work run between tries", async () => {
    let tries = 0;
    let ranBetween = 0;
    const step = () => {
      if (++tries <= 3) {
        setImmediate(() => ranBetween++);
        throw busy(tries === 2 ? "SQLITE_BUSY_SNAPSHOT" : "SQLITE_BUSY");
      }
      return "done";
    };
    expect(await whenFree(step)).toBe("done");
    expect(tries).toBe(4);
    expect(ranBetween).toBe(3);
  });
  it("throws the busy error once the timeout has passed", async () => {
    let tries = 0;
    const always = () => {
      tries++;
      throw busy();
    };
    await expect(whenFree(always, 5)).rejects.toThrow("database is locked");
    expect(tries).toBeGreaterThan(1);
  });
  it("throws any other error at the first try", async () => {
    let tries = 0;
    const broken = () => {
      tries++;
      throw Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" });
    };
    await expect(whenFree(broken)).rejects.toThrow("malformed");
    expect(tries).toBe(1);
    expect([isBusy(busy()), isBusy(busy("SQLITE_BUSY_RECOVERY")), isBusy(busy("SQLITE_LOCKED")), isBusy(null)]).toEqual(
      [true, true, false, false],
    );
  });
});
