// The deferred profile: every tool but the always-loaded core carries defer_loading: true, in the
// formats whose provider defers a tool that way; the up-front part stays small.
import { describe, expect, it } from "vitest";
import { toolsCommand } from "../../src/cli/tools_command.js";
import { UsageError } from "../../src/cli/usage_error.js";
import { ALWAYS_LOADED, DEFERRABLE_FORMATS, exportTools, listTools } from "../../src/runtime/index.js";

const nameOf = (e: any): string => e.name ?? e.function?.name;

describe("exportTools(format, { defer: true })", () => {
  it("marks every tool but the core, and is otherwise the plain export", () => {
    for (const f of DEFERRABLE_FORMATS) {
      const plain = exportTools(f);
      const deferred = exportTools(f, { defer: true }) as any[];
      expect(deferred.map(nameOf)).toEqual(listTools().map((t) => t.name));
      deferred.forEach((e, i) => {
        const core = (ALWAYS_LOADED as readonly string[]).includes(nameOf(e));
        expect(e.defer_loading, `${f} ${nameOf(e)}`).toBe(core ? undefined : true);
        const { defer_loading: _d, ...rest } = e;
        expect(rest).toEqual(plain[i]);
      });
      expect(
        deferred
          .filter((e) => !e.defer_loading)
          .map(nameOf)
          .sort(),
      ).toEqual([...ALWAYS_LOADED].sort());
    }
  });

  it("puts at most 8,000 characters up front, and every guard tool is deferred", () => {
    const entries = exportTools("anthropic", { defer: true }) as any[];
    expect(JSON.stringify(entries.filter((e) => !e.defer_loading)).length).toBeLessThanOrEqual(8_000);
    for (const t of listTools().filter((x) => x.guard))
      expect(entries.find((e) => e.name === t.name).defer_loading).toBe(true);
  });

  it("refuses a format whose provider has no deferred loading, by name", () => {
    expect(() => exportTools("gemini", { defer: true })).toThrow(/format 'gemini' has no deferred loading/);
    expect(() => toolsCommand(["--format", "openai-chat", "--defer"])).toThrow(UsageError);
  });

  it("fin-skills tools --defer prints the deferred export", () => {
    const out = JSON.parse(
      toolsCommand(["--format", "openai", "--defer", "--tools", "check_cost_curve,check_backtest"]),
    );
    expect(out.map((e: any) => [e.name, e.defer_loading])).toEqual([
      ["check_backtest", undefined],
      ["check_cost_curve", true],
    ]);
  });
});
