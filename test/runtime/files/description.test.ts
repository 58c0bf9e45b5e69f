// The one sentence about file references in tool descriptions states the caps the runtime enforces.
import { describe, expect, it } from "vitest";
import { listTools } from "../../../src/runtime/index.js";
import { MAX_ARGUMENT_BYTES, MAX_POINTS } from "../../../src/runtime/codec/index.js";
import { MAX_LINE_BYTES } from "../../../src/server/limits.js";

describe("file reference sentence", () => {
  it("is in every tool with a series or frame input, with the real limits", () => {
    const sentence =
      `limits: ${MAX_POINTS.toLocaleString("en-US")} points per input, ${MAX_ARGUMENT_BYTES / 1e6} MB of arguments, ` +
      `${MAX_LINE_BYTES / 1024 / 1024} MiB per stdio line.`;
    const withPayloads = listTools().filter((t) => t.input_schema.$defs !== undefined);
    expect(withPayloads.length).toBeGreaterThan(0);
    for (const t of listTools())
      expect(t.description.includes(sentence), t.name).toBe(t.input_schema.$defs !== undefined);
  });
});
