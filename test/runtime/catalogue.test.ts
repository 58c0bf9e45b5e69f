// Catalogue tools (docs/contract.md §5) and the skills must-shows of the skills issue.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { callToolUntyped, listTools } from "../../src/runtime/index.js";
import { guardFileNames } from "../../scripts/gen/parse.js";
import { ROOT, badInput } from "./helpers.js";

const call = (name: string, args: object = {}) => callToolUntyped(name, args) as Promise<any>;
const skillsIndex = () => JSON.parse(readFileSync(path.join(ROOT, "generated/skills.json"), "utf8")).skills as any[];
const manifest = () => JSON.parse(readFileSync(path.join(ROOT, "generated/manifest.json"), "utf8"));
const guardCount = () => guardFileNames(path.join(ROOT, "guards")).length;

describe("list_skills", () => {
  it("lists every skill of the index with ASCII summaries of at most 240 characters", async () => {
    const r = await call("list_skills");
    expect(r.count).toBe(skillsIndex().length);
    expect(r.plugins).toContain("fin-core");
    for (const s of r.skills) {
      expect(s.summary.length).toBeLessThanOrEqual(240);
      expect(s.summary).toMatch(/^[\x20-\x7e]*$/);
    }
    expect(Object.keys(r)).toEqual(["tool", "skills", "count", "plugins", "next", "elapsed_s", "provenance"]);
  });
  it("filters by plugin and suggests a near plugin", async () => {
    const r = await call("list_skills", { plugin: "fin-core" });
    expect(r.skills.every((s: any) => s.plugin === "fin-core")).toBe(true);
    expect(r.count).toBe(skillsIndex().filter((s) => s.plugin === "fin-core").length);
    const e = await badInput(call("list_skills", { plugin: "fin-cor" }));
    expect(e.message.startsWith("plugin: no plugin named 'fin-cor' - did you mean [\"fin-core\"")).toBe(true);
  });
});

describe("list_guards and describe_guard", () => {
  it("counts every guard module and matches the manifest", async () => {
    const r = await call("list_guards");
    expect(r.count).toBe(guardCount());
    expect(r.exported).toBe(manifest().counts.exported);
    expect(r.excluded).toBe(manifest().counts.excluded);
    expect(r.guards.map((g: any) => g.guard)).toEqual([...r.guards.map((g: any) => g.guard)].sort());
    const sc = await call("list_guards", { skill: "signal-construction" });
    expect(sc.guards.every((g: any) => g.skill === "signal-construction" && g.tool === null)).toBe(true);
    const e = await badInput(call("list_guards", { skill: "signal-constructoin" }));
    expect(e.message).toContain("did you mean");
  });
  it("describes exported and excluded guards with every key present", async () => {
    const cc = await call("describe_guard", { name: "check_cost_curve" });
    expect(cc.guard).toBe("cost_curve");
    expect(cc.input_schema).toEqual(listTools().find((t) => t.name === "check_cost_curve")!.input_schema);
    expect(cc.excluded_because).toBeNull();
    expect(cc.blockers).toBeNull();
    const ac = await call("describe_guard", { name: "assert_causal" });
    expect(ac.tool).toBeNull();
    expect(ac.callable_over_json).toBe(false);
    expect(ac.excluded_because).toContain("callable");
    expect(ac.slots).toEqual({ fn: "signal_fn", df: "bars" });
    expect(ac.description).toBeNull();
    expect(ac.input_schema).toBeNull();
    expect(ac.omitted).toBeNull();
    expect(Object.keys(ac).sort()).toEqual(Object.keys(cc).sort());
    const e = await badInput(call("describe_guard", { name: "cost_curv" }));
    expect(e.message.startsWith("name: no guard named 'cost_curv' - did you mean [\"cost_curve\"")).toBe(true);
  });
});

describe("search_skills", () => {
  it("finds survivorship + delisting, ranked, each hit containing every term as a word prefix", async () => {
    const r = await call("search_skills", { terms: ["survivorship", "delisting"] });
    expect(r.count).toBeGreaterThan(0);
    for (let i = 1; i < r.skills.length; i++) expect(r.skills[i].score).toBeLessThanOrEqual(r.skills[i - 1].score);
    for (const h of r.skills) {
      expect(typeof h.match).toBe("string");
      const s = skillsIndex().find((x) => x.name === h.skill);
      const words = `${s.name} ${s.description} ${s.text}`.toLowerCase().split(/[^a-z0-9]+/);
      for (const t of ["survivorship", "delisting"]) expect(words.some((w: string) => w.startsWith(t))).toBe(true);
    }
    expect(r.skills[0].skill).toBe("research-integrity-guards");
    const bare = await call("search_skills", { terms: "survivorship" });
    expect(bare.terms).toEqual(["survivorship"]);
  });
  it("returns the owning skill first for look-ahead and round-trip cost", async () => {
    expect((await call("search_skills", { terms: ["look-ahead"] })).skills[0].skill).toBe("signal-construction");
    expect((await call("search_skills", { terms: ["round-trip", "cost"] })).skills[0].skill).toBe(
      "backtest-validation",
    );
  });
  it("rejects terms that tokenize to nothing", async () => {
    const e = await badInput(call("search_skills", { terms: ["  ", "--"] }));
    expect(e.message).toBe("terms: must be a non-empty string or list of strings");
  });
});

describe("read_skill", () => {
  it("reads a skill with its guards and references, and a reference", async () => {
    const r = await call("read_skill", { name: "backtest-validation" });
    expect(r.chars).toBeGreaterThan(1000);
    expect(r.guards).toContain("cost_curve");
    const withRefs = skillsIndex().find((s) => s.references.length > 0);
    if (withRefs) {
      const ref = await call("read_skill", { name: withRefs.name, reference: withRefs.references[0] });
      expect(ref.text.length).toBeGreaterThan(0);
      expect(ref.reference).toBe(withRefs.references[0]);
    }
  });
  it("never touches the file system with caller strings", async () => {
    for (const name of ["../../etc/passwd", "backtest-validation/../x"]) {
      const e = await badInput(call("read_skill", { name }));
      expect(e.message).toContain(`no skill named '${name}'`);
    }
    const typo = await badInput(call("read_skill", { name: "backtest-validaton" }));
    expect(typo.message).toContain('did you mean ["backtest-validation"');
    const ref = await badInput(call("read_skill", { name: "backtest-validation", reference: "../SKILL.md" }));
    expect(ref.message).toContain("'backtest-validation' has no reference '../SKILL.md'; it has");
  });
});

describe("skills completeness", () => {
  it("every guard's owning skill exists and lists it", async () => {
    const guards = (await call("list_guards")).guards;
    const skills = skillsIndex();
    for (const g of guards) {
      const s = skills.find((x) => x.name === g.skill);
      expect(s, g.skill).toBeDefined();
      expect(s.guards).toContain(g.guard);
    }
  });
});
