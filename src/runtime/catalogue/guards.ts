// list_guards and describe_guard (docs/contract.md §5.4-§5.5).
import { BadInputError } from "../../contract/guard.js";
import { closeMatches } from "../codec/index.js";
import { clipName } from "../errors.js";
import { loadGuards, loadSkills, loadTable, type GuardInfo } from "../table.js";
import type { ToolArgs } from "../../../generated/types.js";

function entry(g: GuardInfo) {
  return {
    tool: g.tool,
    guard: g.guard,
    skill: g.skill,
    title: g.title,
    summary: g.summary,
    required: [...g.required],
    optional: [...g.optional],
    requires: [...g.requires],
    callable_over_json: g.tool !== null,
    excluded_because: g.excluded_because,
  };
}

export function listGuards(args: ToolArgs["list_guards"]) {
  const all = [...loadGuards()].sort((a, b) => (a.guard < b.guard ? -1 : 1));
  if (args.skill !== undefined) {
    const names = loadSkills().skills.map((s) => s.name);
    if (!names.includes(args.skill)) {
      const m = closeMatches(args.skill, names, 3, 0.5);
      throw new BadInputError(
        "unknown_name",
        "skill",
        `skill: no skill named '${clipName(args.skill)}'${m.length ? ` - did you mean ${JSON.stringify(m)}?` : ""}`,
      );
    }
  }
  const guards = all.filter((g) => args.skill === undefined || g.skill === args.skill);
  const exported = guards.filter((g) => g.tool !== null).length;
  return { guards: guards.map(entry), count: guards.length, exported, excluded: guards.length - exported };
}

export function findGuard(name: unknown, field = "name"): GuardInfo {
  if (typeof name !== "string" || name.trim() === "")
    throw new BadInputError("invalid_value", field, `${field}: must be a guard name; list_guards lists them`);
  const bare = name.startsWith("check_") ? name.slice(6) : name;
  const guards = loadGuards();
  const g = guards.find((x) => x.guard === bare);
  if (g) return g;
  const m = closeMatches(
    bare,
    guards.map((x) => x.guard),
    3,
    0.4,
  );
  throw new BadInputError(
    "unknown_name",
    field,
    `${field}: no guard named '${clipName(bare)}'${m.length ? ` - did you mean ${JSON.stringify(m)}?` : ""}`,
  );
}

export function describeGuard(args: ToolArgs["describe_guard"]) {
  const g = findGuard(args.name);
  const tool = g.tool === null ? undefined : loadTable().tools.find((t) => t.name === g.tool);
  const { excluded_because: _e, callable_over_json, ...common } = entry(g);
  return {
    ...common,
    inputs: { ...g.inputs },
    slots: { ...g.slots },
    callable_over_json,
    description: tool ? tool.description : null,
    input_schema: tool ? structuredClone(tool.input_schema) : null,
    omitted: tool ? { ...(g.omitted ?? {}) } : null,
    excluded_because: g.excluded_because,
    blockers: tool ? null : { ...(g.blockers ?? {}) },
  };
}
