// A directory swapped for a symlink between locate() and the open (#33 defect 8) must not read the file
// the symlink leads to: the open handle is checked to be the located file. The swap runs at a hook
// between resolve and open, so the race is taken every time.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { filesOpened } from "../../../src/runtime/files/index.js";
import { openHooks } from "../../../src/runtime/files/load.js";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { badInput } from "../helpers.js";
import { tempDir } from "./fixtures.js";

const root = tempDir("fin-skills-swap-root-");
const outside = tempDir("fin-skills-swap-outside-");
afterAll(() => [root, outside].forEach((d) => rmSync(d, { recursive: true, force: true })));
afterEach(() => {
  openHooks.beforeOpen = null;
});

const csv = (v: number) => `r\n${Array.from({ length: 5 }, (_, i) => v + i / 1000).join("\n")}\n`;
const call = (dir: string) =>
  callToolUntyped(
    "check_rf_convention",
    { returns: { file: "sub/r.csv", column: "r" }, rf: 0.05 },
    { dataDirs: [dir] },
  ) as Promise<{ provenance: { files: { content_hash: string }[] } }>;

/** A fresh directory under the root holding sub/r.csv. */
function dataDir(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "sub"), { recursive: true });
  writeFileSync(path.join(dir, "sub/r.csv"), csv(0.01));
  return dir;
}

describe("a symlink swapped in between resolve and open", () => {
  it("is refused before a byte of the file the symlink leads to is read", async () => {
    const dir = dataDir("swapped");
    mkdirSync(path.join(outside, "secret"));
    writeFileSync(path.join(outside, "secret/r.csv"), csv(0.99));
    let swapped = 0;
    openHooks.beforeOpen = async () => {
      renameSync(path.join(dir, "sub"), path.join(dir, "sub.old"));
      symlinkSync(path.join(outside, "secret"), path.join(dir, "sub"));
      swapped += 1;
    };
    const before = filesOpened();
    const e = await badInput(call(dir));
    expect(swapped).toBe(1);
    expect(filesOpened() - before).toBe(1);
    expect([e.field, e.message]).toEqual([
      "returns/file",
      'returns/file: "sub/r.csv" changed while being opened (a directory or file on its path was replaced); ' +
        "nothing was read",
    ]);
  });
  it("without a swap the same reference reads the file inside the root", async () => {
    const r = await call(dataDir("kept"));
    expect(r.provenance.files[0]!.content_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe("a file removed between resolve and open", () => {
  it("is a refusal naming the field, not an internal error", async () => {
    const dir = dataDir("removed");
    openHooks.beforeOpen = async () => {
      rmSync(path.join(dir, "sub"), { recursive: true });
    };
    const e = await badInput(call(dir));
    expect([e.field, e.message]).toEqual([
      "returns/file",
      'returns/file: "sub/r.csv" changed while being opened (ENOENT: it was removed or replaced); nothing was read',
    ]);
  });
});
