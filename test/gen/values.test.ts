// Valid fixtures with a values.json: every input's schema accepts the values listed as accepted and
// rejects the ones listed as rejected (an exact schema, not merely one that compiles). The type-check gate
// and the validators module are skipped here: fixtures.test.ts runs the whole compiler over every valid
// fixture, and the schemas are judged here by Ajv directly.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, genFixture } from "./helpers.js";
import { misjudged, type Values } from "./schema_values.js";

const cases = readdirSync(path.join(FIXTURES, "valid"))
  .filter((c) => existsSync(path.join(FIXTURES, "valid", c, "values.json")))
  .sort();

describe("fixture schemas judge values exactly", () => {
  for (const c of cases)
    it(`${c}: each input accepts and rejects its listed values`, async () => {
      const dir = path.join(FIXTURES, "valid", c);
      const want = JSON.parse(readFileSync(path.join(dir, "values.json"), "utf8")) as Record<
        string,
        Record<string, Values>
      >;
      const r = await genFixture(path.join(dir, "guards"), { typeCheck: false, validators: false });
      expect(r.files).not.toBeNull();
      const tools = JSON.parse(r.files!.get("tools.json")!).tools;
      const problems = Object.entries(want).flatMap(([name, inputs]) => {
        const tool = tools.find((t: { name: string }) => t.name === name);
        if (!tool) return [`no tool ${name}`];
        return Object.entries(inputs).flatMap(([input, v]) => misjudged(tool, input, v));
      });
      expect(problems).toEqual([]);
      expect(Object.keys(want).sort()).toEqual(
        tools
          .filter((t: { guard?: string }) => t.guard)
          .map((t: { name: string }) => t.name)
          .sort(),
      );
    });
});
