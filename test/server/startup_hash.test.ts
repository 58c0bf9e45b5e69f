// Start-up integrity: generated files are checked by the SHA-256 of their bytes (manifest.files_sha256),
// and the table identity tools_sha256 keeps its meaning (the canonical JSON of the tools).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jcsSha256, loadTable, type Manifest, verifyFileBytes } from "../../src/runtime/table.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const generated = (name: string) => readFileSync(path.join(ROOT, "generated", ...name.split("/")));
const manifest = JSON.parse(generated("manifest.json").toString("utf8")) as Manifest;

describe("generated files checked by their bytes", () => {
  it("lists every generated JSON file but the manifest, each matching its bytes", () => {
    const json = readdirSync(path.join(ROOT, "generated"), { recursive: true, encoding: "utf8" })
      .map((f) => f.split(path.sep).join("/"))
      .filter((f) => f.endsWith(".json") && f !== "manifest.json");
    expect(Object.keys(manifest.files_sha256).sort()).toEqual(json.sort());
    for (const [name, sha] of Object.entries(manifest.files_sha256)) {
      expect(createHash("sha256").update(generated(name)).digest("hex")).toBe(sha);
      expect(() => verifyFileBytes(name, generated(name), manifest)).not.toThrow();
    }
  });

  it("refuses one changed byte, a file the manifest does not list, and a manifest without hashes", () => {
    const bytes = Buffer.from(generated("tools.json"));
    bytes[bytes.indexOf("description") + 1] ^= 1;
    expect(() => verifyFileBytes("tools.json", bytes, manifest)).toThrow(
      "generated/ is inconsistent (tools.json sha256 mismatch); run npm run gen",
    );
    expect(() => verifyFileBytes("other.json", generated("tools.json"), manifest)).toThrow(/other\.json sha256/);
    expect(() => verifyFileBytes("tools.json", generated("tools.json"), {} as Manifest)).toThrow(/mismatch/);
  });

  it("serves the table whose canonical hash is tools_sha256 (the identity in every result's provenance)", () => {
    const { tools, manifest: served } = loadTable();
    expect(served.tools_sha256).toBe(manifest.tools_sha256);
    expect(jcsSha256(tools)).toBe(manifest.tools_sha256);
  });
});
