// Each refusal of item 2 names the field and never opens the file (filesOpened() is unchanged).
import { mkdirSync, symlinkSync, truncateSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { filesOpened, MAX_FILE_BYTES, OFF_IN_PROCESS } from "../../../src/runtime/files/index.js";
import { mkfifo, tempDir } from "./fixtures.js";

let dir = "";
let outside = "";

beforeAll(() => {
  dir = tempDir("fin-skills-root-");
  outside = tempDir("fin-skills-outside-");
  writeFileSync(path.join(outside, "secret.csv"), "x\n0.01\n");
  writeFileSync(path.join(dir, "ok.csv"), "x\n0.01\n0.02\n");
  mkdirSync(path.join(dir, "sub"));
  symlinkSync(path.join(outside, "secret.csv"), path.join(dir, "link.csv"));
  symlinkSync(outside, path.join(dir, "linkdir"));
  mkfifo(path.join(dir, "pipe.csv"));
  writeFileSync(path.join(dir, "huge.csv"), "");
  truncateSync(path.join(dir, "huge.csv"), MAX_FILE_BYTES + 1); // sparse: no bytes written
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** The refusal of one reference: field and message; the file count must not move. */
async function refusal(file: string, dataDirs: string[] | null = [dir]): Promise<string> {
  const before = filesOpened();
  const got = await callToolUntyped(
    "check_cost_curve",
    { returns: { file }, turnover: 0.5 },
    dataDirs ? { dataDirs } : {},
  ).then(
    () => "resolved",
    (e: Error & { field?: string; code?: string }) => `${e.code} ${e.field} | ${e.message}`,
  );
  expect(filesOpened(), file).toBe(before);
  return got;
}

describe("refused references name the field and never open the file", () => {
  const cases: [string, () => string, RegExp][] = [
    ["a '..' escape", () => "sub/../../x.csv", /contains a '\.\.' segment/],
    ["a '..' that stays inside", () => "sub/../ok.csv", /contains a '\.\.' segment/],
    ["an absolute path outside", () => path.join(outside, "secret.csv"), /is outside the allowed directories/],
    ["a symlinked file resolving outside", () => "link.csv", /resolves \(through a symlink\) outside/],
    ["a symlinked directory resolving outside", () => "linkdir/secret.csv", /resolves \(through a symlink\) outside/],
    ["a NUL byte", () => "ok.csv\0.txt", /contains a NUL byte/],
    ["a percent-encoded '..'", () => "%2e%2e/secret.csv", /contains a percent escape/],
    ["a percent-encoded slash", () => "sub%2fok.csv", /contains a percent escape/],
    ["a file:// URL", () => `file://${outside}/secret.csv`, /is a URL/],
    ["a FIFO", () => "pipe.csv", /is not a regular file \(a device, FIFO or socket\)/],
    ["a directory", () => "sub", /is not a regular file \(a directory\)/],
    [
      "a file over the byte cap",
      () => "huge.csv",
      new RegExp(`is ${MAX_FILE_BYTES + 1} bytes; the per-file limit is ${MAX_FILE_BYTES} \\(256 MiB\\)`),
    ],
  ];
  for (const [what, file, pattern] of cases) {
    it(`refuses ${what}`, async () => {
      const got = await refusal(file());
      expect(got).toMatch(/^invalid_value returns\/file \| returns\/file: /);
      expect(got).toMatch(pattern);
    });
  }

  it("refuses a device (reached through an absolute path outside the roots)", async () => {
    expect(await refusal("/dev/zero")).toMatch(/returns\/file: "\/dev\/zero" is outside the allowed directories/);
  });

  it("refuses every reference when no data directory is given, saying how to enable them", async () => {
    expect(await refusal("ok.csv", null)).toBe(`invalid_value returns/file | returns/file: ${OFF_IN_PROCESS}`);
  });

  it("reads an allowed file, relative or absolute, and counts the open", async () => {
    const before = filesOpened();
    for (const file of ["ok.csv", path.join(dir, "ok.csv")]) {
      const r = await callToolUntyped("check_cost_curve", { returns: { file }, turnover: 0.5 }, { dataDirs: [dir] });
      expect((r.provenance as { files: { rows: number }[] }).files[0]!.rows).toBe(2);
    }
    expect(filesOpened()).toBe(before + 2);
  });
});
