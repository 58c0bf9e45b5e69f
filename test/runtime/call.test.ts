// Call contract (docs/contract.md §4) and the bad-input cases.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  callToolUntyped,
  callTool,
  runGuard,
  listTools,
  tableInfo,
  InternalToolError,
  canonicalJson,
} from "../../src/runtime/index.js";
import { verifyToolsHash } from "../../src/runtime/table.js";
import { MAX_ARGUMENT_BYTES } from "../../src/runtime/codec/index.js";
import { ROOT, badInput, listsAreJson, untimed } from "./helpers.js";

const failing = {
  returns: Array.from({ length: 200 }, (_, i) => (i % 2 ? -0.0099 : 0.01)),
  turnover: 2.0,
  cost_bps: 10,
};
const rfArgs = { returns: { values: [0.01, -0.005, 0.002, 0.004, -0.001] }, rf: 0.05 };

describe("results", () => {
  it("cost_curve fails with one breakeven error, curve evidence and a valid shape", async () => {
    const r: any = await callToolUntyped("check_cost_curve", failing);
    expect(r.status).toBe("fail");
    expect(r.passed).toBe(false);
    expect(r.n_errors).toBe(1);
    expect(r.findings[0].message).toContain("breakeven");
    expect(r.evidence).toHaveProperty("curve");
    expect(r.elapsed_s).toBeGreaterThanOrEqual(0);
    expect(Object.keys(r)).toEqual([
      "tool",
      "guard",
      "skill",
      "status",
      "passed",
      "findings",
      "n_errors",
      "n_warnings",
      "evidence",
      "elapsed_s",
      "summary",
      "provenance",
    ]);
    expect(r.summary.split("\n")[0]).toBe(
      "FAIL cost_curve [backtest-validation]: 1 error, " + `${r.n_warnings} warning${r.n_warnings === 1 ? "" : "s"}`,
    );
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
  it("agrees with runGuard on verdict, guard, skill and findings", async () => {
    for (const [tool, guard, args] of [
      ["check_cost_curve", "cost_curve", failing],
      ["check_rf_convention", "rf_convention", rfArgs],
    ] as const) {
      const viaTool: any = await callToolUntyped(tool, args);
      const inProcess = await runGuard(guard, {
        ...args,
        returns: Array.isArray(args.returns) ? { values: args.returns } : args.returns,
      });
      expect(viaTool.passed).toBe(inProcess.passed);
      expect(viaTool.guard).toBe(inProcess.guard);
      expect(viaTool.skill).toBe(inProcess.skill);
      expect(viaTool.findings.map((f: any) => [f.severity, f.message, f.where])).toEqual(
        inProcess.findings.map((f) => [f.severity, f.message, f.where]),
      );
    }
    const rf: any = await callToolUntyped("check_rf_convention", rfArgs);
    expect(rf.passed).toBe(true);
  });
  it("is deterministic apart from elapsed_s, with provenance per the test vectors", async () => {
    const a = await callToolUntyped("check_cost_curve", failing);
    const b = await callToolUntyped("check_cost_curve", failing);
    expect(untimed(a)).toEqual(untimed(b));
    expect(canonicalJson({ b: 1, a: [1.0, "x"] })).toBe('{"a":[1,"x"],"b":1}');
    const r: any = await callToolUntyped("list_skills", {});
    expect(r.provenance.input_sha256).toBe("44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
    const withNull: any = await callToolUntyped("check_rf_convention", { ...rfArgs, reported_sharpe: null });
    expect(withNull.provenance.input_sha256).not.toBe(
      ((await callToolUntyped("check_rf_convention", rfArgs)) as any).provenance.input_sha256,
    );
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "generated/manifest.json"), "utf8"));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(r.provenance.tools_sha256).toBe(manifest.tools_sha256);
    expect(r.provenance.version).toBe(pkg.version);
    expect(tableInfo().tools_sha256).toBe(manifest.tools_sha256);
  });
  it("hashes the documented test vector", async () => {
    const { canonicalSha256 } = await import("../../src/runtime/index.js");
    expect(canonicalSha256({ b: 1, a: [1.0, "x"] })).toBe(
      "a88dede55f330dbae7d6c99cb78c43213f114625ed11c8fd0b769d117c06bb50",
    );
  });
  it("refuses a tampered table", () => {
    const tools = JSON.parse(readFileSync(path.join(ROOT, "generated/tools.json"), "utf8")).tools;
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "generated/manifest.json"), "utf8"));
    expect(() => verifyToolsHash(tools, manifest)).not.toThrow();
    tools[0].description += " tampered";
    expect(() => verifyToolsHash(tools, manifest)).toThrow(
      "generated/ is inconsistent (tools_sha256 mismatch); run npm run gen",
    );
  });
  it("serves a frozen table", () => {
    const t = listTools();
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t[0]!.input_schema)).toBe(true);
    expect(() => ((t[0] as any).name = "x")).toThrow();
  });
  it("type-checks callTool arguments (see test/types/typed_api.ts) and returns typed results", async () => {
    const r = await callTool("check_cost_curve", { returns: { values: [0.01, -0.02, 0.01] }, turnover: 0.1 });
    expect(r.guard).toBe("cost_curve");
  });
});

describe("bad payloads to check_cost_curve", () => {
  const base = { returns: { values: [0.01, -0.02, 0.01] }, turnover: 0.1 };
  it("near-miss key", async () => {
    const e = await badInput(callToolUntyped("check_cost_curve", { ...base, returns: { vals: [0.01] } }));
    expect(e.field).toBe("returns");
    expect(e.message).toContain("returns: key 'vals' looks like a mistyped 'values'");
  });
  it("unknown payload key", async () => {
    const e = await badInput(callToolUntyped("check_cost_curve", { ...base, returns: { values: [1.0], nope: 1 } }));
    expect(e.field).toBe("returns");
    expect(e.message).toContain("nope");
  });
  it("missing input", async () => {
    const e = await badInput(callToolUntyped("check_cost_curve", { turnover: 0.1 }));
    expect(e.code).toBe("missing_argument");
    expect(e.message).toContain('is missing required input(s) ["returns"]');
  });
  it("extra argument with a did-you-mean hint", async () => {
    const e = await badInput(callToolUntyped("check_cost_curve", { ...base, nope: 1 }));
    expect(e.message).toContain('got unexpected argument(s) ["nope"]');
    const t = await badInput(callToolUntyped("check_cost_curve", { turnover: 0.1, retruns: [0.1] }));
    expect(t.hint).toBe("did you mean 'returns' for 'retruns'?");
  });
  it("index length mismatch and a bad date", async () => {
    const e = await badInput(
      callToolUntyped("check_cost_curve", {
        ...base,
        returns: { index: ["2024-01-02", "2024-01-03"], values: [0.01, 0.02, 0.03] },
      }),
    );
    expect(e.message).toContain("returns/index: index has 2 label(s) but there are 3 value(s)");
    const d = await badInput(
      callToolUntyped("check_cost_curve", {
        ...base,
        returns: { index: ["2024-01-02", "2024-01-03", "2024-01-04", "2024-13-01"], values: [0.01, 0.02, 0.03, 0.04] },
      }),
    );
    expect(d.field).toBe("returns/index/3");
  });
  it("wrong JSON types and integers name the field", async () => {
    const t = await badInput(callToolUntyped("check_cost_curve", { ...base, turnover: "high" }));
    expect(t.field).toBe("turnover");
    expect(t.message).toMatch(/^turnover: must be a series or a number, got a string/);
    const p = await badInput(callToolUntyped("check_cost_curve", { ...base, periods_per_year: 2.5 }));
    expect(p.message).toBe("periods_per_year: must be an integer, got 2.5");
  });
  it("caps: one byte over the argument cap, and MAX_POINTS + 1 values", async () => {
    const big = await badInput(
      callToolUntyped("check_cost_curve", {
        ...base,
        returns: { values: [0.01], name: "x".repeat(MAX_ARGUMENT_BYTES) },
      }),
    );
    expect(big.code).toBe("too_large");
    expect(big.message).toContain("MAX_ARGUMENT_BYTES");
    const pts = await badInput(callToolUntyped("check_cost_curve", { ...base, returns: new Array(1_000_001).fill(0) }));
    expect(pts.message).toContain("MAX_POINTS");
    expect(pts.field).toBe("returns");
  });
  it("NaN-like strings, prototype keys and deep nesting are bad input, never pollution", async () => {
    const nan = await badInput(
      callToolUntyped("check_cost_curve", { ...base, returns: { values: [0.01, "NaN", 0.02] } }),
    );
    expect(nan.field).toMatch(/^returns/);
    const proto = await badInput(
      callToolUntyped(
        "check_cost_curve",
        JSON.parse('{"returns":{"values":[0.01],"__proto__":{"polluted":1}},"turnover":0.1}'),
      ),
    );
    expect(proto.field).toBe("returns");
    expect(({} as any).polluted).toBeUndefined();
    const ctor = await badInput(callToolUntyped("check_cost_curve", { ...base, constructor: { prototype: { x: 1 } } }));
    expect(ctor.code).toBe("unexpected_argument");
    let deep: any = [0.01];
    for (let i = 0; i < 200; i++) deep = [deep];
    const d = await badInput(callToolUntyped("check_cost_curve", { ...base, returns: deep }));
    expect(d.field).toMatch(/^returns/);
  });
  it("every bracketed list in these messages is JSON", async () => {
    const msgs = [
      (await badInput(callToolUntyped("check_cost_curve", { turnover: 0.1 }))).message,
      (await badInput(callToolUntyped("check_cost_curve", { ...base, nope: 1 }))).message,
      (await badInput(callToolUntyped("check_cost_curve_x", {}))).message,
    ];
    for (const m of msgs) expect(listsAreJson(m), m).toBe(true);
  });
});

describe("names and arguments", () => {
  it("unknown and excluded tool names", async () => {
    const ex = await badInput(callToolUntyped("check_assert_causal", {}));
    expect(ex.code).toBe("not_a_tool");
    expect(ex.message).toContain("check_assert_causal is not a tool: required input fn is a callable");
    const un = await badInput(callToolUntyped("check_nothing", {}));
    expect(un.message).toContain("no tool named 'check_nothing'");
    expect(un.message).toContain(`${listTools().length} tools are available`);
    const close = await badInput(callToolUntyped("check_cost_curv", {}));
    expect(close.message).toContain('did you mean ["check_cost_curve"');
    const empty = await badInput(callToolUntyped("", {}));
    expect(empty.message).toBe("name must be a tool name; listTools() lists them");
  });
  it("arguments must be an object; absent is {}", async () => {
    const e = await badInput(callToolUntyped("list_skills", [1, 2]));
    expect(e.message).toBe("arguments must be a JSON object, got an array");
    const ok: any = await callToolUntyped("list_skills");
    expect(ok.count).toBeGreaterThan(0);
  });
  it("either/or requirements are enforced at call time", async () => {
    const e = await badInput(callToolUntyped("check_brinson_attribution", {}));
    expect(e.message).toContain('is missing required input(s) ["panel or panels"]');
  });
  it("an omitted input sent over JSON says it cannot cross", async () => {
    const e = await badInput(
      callToolUntyped("check_purge_effect", { x: [{ a: 1 }], y: [1], horizon: 1, score_fn: "f" }),
    );
    expect(e.message).toContain("score_fn cannot cross a JSON boundary - call the guard in-process");
  });
});

describe("internal errors", () => {
  it("a guard that throws becomes InternalToolError naming the guard, and the next call works", async () => {
    const { GUARDS } = await import("../../generated/dispatch.js");
    const entry = GUARDS.rf_convention as any;
    const { forgetLoadedGuards } = await import("../../src/runtime/call.js");
    const original = entry.load;
    forgetLoadedGuards();
    entry.load = async () => ({
      check: () => {
        throw new TypeError("boom\nsecond line");
      },
    });
    try {
      const e = await callToolUntyped("check_rf_convention", rfArgs).catch((x) => x);
      expect(e).toBeInstanceOf(InternalToolError);
      expect(e.message).toBe("internal error in rf_convention: TypeError: boom");
    } finally {
      entry.load = original;
      forgetLoadedGuards();
    }
    expect(((await callToolUntyped("check_rf_convention", rfArgs)) as any).passed).toBe(true);
  });
});
