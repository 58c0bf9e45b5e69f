// Issue #46 item 2: CI runs the official MCP conformance suite (.ci/conformance.mjs) once per requirement set,
// against that set's expected-failures file. Each file names single checks (scenario:check-id, never a whole
// scenario, so the scenario's other checks stay enforced), each under a comment line giving its reason.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, readRepoFile } from "../helpers/repo_files.js";

const FOLDER = ".ci/conformance";
const files = readdirSync(path.join(ROOT, FOLDER)).filter((f) => f.endsWith(".yaml"));

/** The entries of a baseline file, each with the comment line of the group it is in ("" when none). */
function entries(text: string): { entry: string; reason: string }[] {
  const out: { entry: string; reason: string }[] = [];
  let reason = "";
  let inList = false;
  for (const line of text.split("\n")) {
    if (/^server:\s*$/.test(line)) inList = true;
    else if (!inList) continue;
    else if (/^\s+#/.test(line)) reason = line.replace(/^\s+#\s*/, "");
    else if (/^\s+- /.test(line)) out.push({ entry: line.replace(/^\s+- /, "").trim(), reason });
  }
  return out;
}

describe("MCP conformance in CI", () => {
  it(".ci/run runs the conformance runner and fails on its failure", () => {
    expect(readRepoFile(".ci/run")).toMatch(/^node \.ci\/conformance\.mjs \|\| fail /m);
  });
  it("has a baseline per requirement set the issue names, each entry one check with a reason", () => {
    expect(files.sort()).toEqual(["2025-11-25.yaml", "2026-07-28.yaml"]);
    for (const f of files) {
      const list = entries(readRepoFile(`${FOLDER}/${f}`));
      expect(list.length, f).toBeGreaterThan(0);
      expect(
        list.filter((e) => !/^[a-z0-9-]+:[a-z0-9-]+$/.test(e.entry)),
        f,
      ).toEqual([]);
      expect(
        list.filter((e) => e.reason.length < 20),
        f,
      ).toEqual([]);
      expect(new Set(list.map((e) => e.entry)).size, f).toBe(list.length);
    }
  });
  it("reads a reason from the comment above an entry, and none where there is no comment", () => {
    const text = "server:\n  - a:b\n  # why c fails\n  - c:d\n  - c:e\n";
    expect(entries(text)).toEqual([
      { entry: "a:b", reason: "" },
      { entry: "c:d", reason: "why c fails" },
      { entry: "c:e", reason: "why c fails" },
    ]);
  });
});
