// bundle_coverage and check_backtest (docs/contract.md §6): one bundle of slots feeds many guards.
import { BadInputError } from "../../contract/guard.js";
import { coverageHeadline } from "./headline.js";
import { closeMatches, decodeFrame, decodeSeries } from "../codec/index.js";
import { InternalToolError, clipName } from "../errors.js";
import { loadGuards, loadSlots, type Alternative, type GuardInfo } from "../table.js";
import type { CallOptions } from "../call_options.js";
import type { GuardCall } from "./context.js";
import { step } from "../../lib/progress.js";
import type { ToolArgs } from "../../../generated/types.js";
import type { ToolGuardResult } from "../result.js";
import { MAX_SUGGESTED, requireNameCount, suggestions } from "./name_limits.js";

const slotOf = (g: GuardInfo, input: string) => g.input_slots[input] ?? input;

function vocabulary(): string[] {
  const s = loadSlots();
  return [...s.curated.map((c) => c.slot), ...s.parameters];
}

function renderAlt(g: GuardInfo, alt: Alternative): string {
  const names = (typeof alt === "string" ? [alt] : alt).map((n) => slotOf(g, n));
  return names.length === 1 ? names[0]! : `(${names.join(" + ")})`;
}

/** The requirement strings (in slot terms) a set of slots leaves unmet for a guard. */
export function missingFor(g: GuardInfo, have: ReadonlySet<string>): string[] {
  const missing = g.required.map((i) => slotOf(g, i)).filter((s) => !have.has(s));
  for (const group of g.alternatives) {
    const met = group.some((alt) => (typeof alt === "string" ? [alt] : alt).every((n) => have.has(slotOf(g, n))));
    if (!met) missing.push(group.map((alt) => renderAlt(g, alt)).join(" or "));
  }
  return missing;
}

function vocabularyMode() {
  const slots = loadSlots();
  const guards = loadGuards();
  const readers = (slot: string) =>
    guards
      .filter((g) => [...g.required, ...g.optional].some((i) => slotOf(g, i) === slot))
      .map((g) => g.guard)
      .sort();
  return {
    vocabulary: slots.curated.map((c) => {
      const r = readers(c.slot);
      return { slot: c.slot, kind: c.kind, means: r.length ? `${c.doc} -> ${r.join(", ")}` : c.doc };
    }),
    parameters: [...slots.parameters],
    count: slots.curated.length + slots.parameters.length,
    next: "bundle_coverage(slots) says which guards those slots make ready; check_backtest(slots) runs them",
  };
}

export function bundleCoverage(args: ToolArgs["bundle_coverage"]) {
  requireNameCount("slots", args.slots?.length ?? 0);
  const names = (args.slots ?? []).map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) return vocabularyMode();
  const vocab = vocabulary();
  const known = new Set(vocab);
  const have = [...new Set(names.filter((n) => known.has(n)))];
  const unknown = suggestions([...new Set(names.filter((n) => !known.has(n)))], vocab);
  const haveSet = new Set(have);
  const guards = [...loadGuards()].sort((a, b) => (a.guard < b.guard ? -1 : 1));
  const ready = guards.filter((g) => missingFor(g, haveSet).length === 0).map((g) => g.guard);
  const notReady = Object.fromEntries(
    guards.filter((g) => !ready.includes(g.guard)).map((g) => [g.guard, missingFor(g, haveSet)]),
  );
  const away = new Map<string, string[]>();
  for (const slot of vocab.filter((s) => !haveSet.has(s))) {
    const plus = new Set([...haveSet, slot]);
    const gained = guards
      .filter((g) => !ready.includes(g.guard) && missingFor(g, plus).length === 0)
      .map((g) => g.guard);
    if (gained.length) away.set(slot, gained);
  }
  const oneSlotAway = Object.fromEntries(
    [...away.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)),
  );
  const overJson = ready.filter((g) => guards.find((x) => x.guard === g)!.tool !== null);
  const first = [...away.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))[0];
  const summary =
    `${have.length} slot(s) known, ${Object.keys(unknown).length} unknown. ${ready.length} guard(s) ready (` +
    `${overJson.length} over JSON), ${Object.keys(notReady).length} not ready.` +
    (first ? ` Adding '${first[0]}' would make ${first[1].length} more ready.` : "");
  return { have, ready, ready_over_json: overJson, not_ready: notReady, one_slot_away: oneSlotAway, unknown, summary };
}

function checkGuardNames(
  field: "guards" | "audit",
  names: readonly string[] | undefined,
  runSet: readonly string[] | null,
): void {
  const guards = loadGuards();
  (names ?? []).forEach((n, i) => {
    const g = guards.find((x) => x.guard === n);
    if (!g) {
      const m = closeMatches(
        n,
        guards.map((x) => x.guard),
        3,
        0.4,
      );
      throw new BadInputError(
        "unknown_name",
        `${field}/${i}`,
        `${field}/${i}: no guard named '${clipName(n)}'${m.length ? ` - did you mean ${JSON.stringify(m)}?` : ""}`,
        m.length ? `did you mean ${JSON.stringify(m)}?` : null,
      );
    }
    if (g.tool === null)
      throw new BadInputError(
        "invalid_value",
        `${field}/${i}`,
        `${field}/${i}: '${clipName(n)}' cannot be driven over JSON - ${g.excluded_because}`,
      );
    if (runSet && !runSet.includes(n))
      throw new BadInputError(
        "invalid_value",
        `${field}/${i}`,
        `${field}/${i}: '${clipName(n)}' is not among the guards to run`,
      );
  });
}

/**
 * Guard input names that stand for exactly one curated slot under another name (cost_curve's
 * `benchmark` is `benchmark_returns`, regime_coverage's `labels` is `regime_labels`); names in the
 * vocabulary are never aliases.
 */
export function slotAliases(): Map<string, string> {
  const vocab = new Set(vocabulary());
  const targets = new Map<string, Set<string>>();
  for (const g of loadGuards()) {
    for (const [input, slot] of Object.entries(g.input_slots)) {
      if (input === slot || vocab.has(input)) continue;
      if (!targets.has(input)) targets.set(input, new Set());
      targets.get(input)!.add(slot);
    }
  }
  return new Map([...targets].filter(([, t]) => t.size === 1).map(([alias, t]) => [alias, [...t][0]!]));
}

/** Renames alias keys to their slots, with one note per alias used; an alias beside its slot is bad input. */
function resolveAliases(slots: Record<string, unknown>): { slots: Record<string, unknown>; notes: string[] } {
  const aliases = slotAliases();
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [name, value] of Object.entries(slots)) {
    const slot = aliases.get(name);
    if (slot === undefined) {
      out[name] = value;
      continue;
    }
    if (Object.hasOwn(slots, slot))
      throw new BadInputError(
        "invalid_value",
        `slots/${name}`,
        `slots/${name}: '${name}' is another name for the slot '${slot}', which is also given; give one`,
      );
    out[slot] = value;
    notes.push(`slot '${name}' read as '${slot}' (the vocabulary's name for it)`);
  }
  return { slots: out, notes };
}

function checkSlotNames(slots: Record<string, unknown>): void {
  const vocab = vocabulary();
  const known = new Set(vocab);
  const unknown = Object.keys(slots).filter((s) => !known.has(s));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, MAX_SUGGESTED);
  const dym = suggestions(shown, vocab);
  const more = unknown.length > shown.length ? ` and ${unknown.length - shown.length} more` : "";
  throw new BadInputError(
    "invalid_value",
    `slots/${unknown[0]}`,
    `slots: unknown slot name(s) ${JSON.stringify(shown.map(clipName))}${more} - did you mean ` +
      `${JSON.stringify(Object.fromEntries(Object.entries(dym).map(([k, v]) => [clipName(k), v])))}? ` +
      "bundle_coverage lists the vocabulary",
  );
}

/**
 * Decodes every series and frame slot once, so a payload error is the whole call's bad input.
 * A slot counts as a payload slot only when every input reading it takes exactly that payload
 * (an input typed `Series | number` or `Frame | string[]` validates its own alternatives).
 */
function checkPayloadSlots(slots: Record<string, unknown>): void {
  const guards = loadGuards();
  for (const c of loadSlots().curated) {
    const v = slots[c.slot];
    if (v === undefined || (c.kind !== "series" && c.kind !== "frame")) continue;
    const readers = guards.flatMap((g) =>
      Object.entries(g.input_slots)
        .filter(([, s]) => s === c.slot)
        .map(([i]) => g.kinds[i]),
    );
    if (!readers.every((k) => k === c.kind)) continue;
    if (c.kind === "series") decodeSeries(v, `slots/${c.slot}`);
    else decodeFrame(v, `slots/${c.slot}`);
  }
}

/** Rewrites a guard-level field (`benchmark/index/3`) to its slot path (`slots/benchmark_returns/index/3`). */
function toSlotPath(g: GuardInfo, e: BadInputError): BadInputError {
  if (!e.field) return e;
  const [input, ...rest] = e.field.split("/");
  const path = ["slots", slotOf(g, input!), ...rest].join("/");
  const message = e.message.startsWith(`${e.field}: `) ? `${path}: ${e.message.slice(e.field.length + 2)}` : e.message;
  return new BadInputError(e.code, path, message, e.hint);
}

export async function checkBacktest(args: ToolArgs["check_backtest"], callGuard: GuardCall, options: CallOptions) {
  requireNameCount("slots", Object.keys(args.slots).length);
  const resolved = resolveAliases(
    Object.fromEntries(Object.entries(args.slots).filter(([, v]) => v !== null && v !== undefined)),
  );
  const slots = resolved.slots;
  checkSlotNames(slots);
  checkGuardNames("guards", args.guards, null);
  const all = [...loadGuards()].sort((a, b) => (a.guard < b.guard ? -1 : 1));
  const runSet = args.guards ? all.filter((g) => args.guards!.includes(g.guard)) : all.filter((g) => g.tool !== null);
  checkGuardNames(
    "audit",
    args.audit,
    runSet.map((g) => g.guard),
  );
  checkPayloadSlots(slots);
  const have = new Set(Object.keys(slots));
  const ran: string[] = [];
  const failed: string[] = [];
  const skipped: Record<string, string[]> = {};
  const rejected: Record<string, string> = {};
  const results: ToolGuardResult[] = [];
  const read = new Set<string>();
  for (const [i, g] of runSet.entries()) {
    await step(i, runSet.length, `${g.guard} (${i + 1}/${runSet.length})`);
    const missing = missingFor(g, have);
    if (missing.length) {
      skipped[g.guard] = missing;
      continue;
    }
    const inputs = [...g.required, ...g.optional].filter(
      (n) => !(g.omitted && Object.hasOwn(g.omitted, n)) && have.has(slotOf(g, n)),
    );
    const guardArgs = Object.fromEntries(inputs.map((n) => [n, slots[slotOf(g, n)]]));
    for (const n of inputs) read.add(slotOf(g, n));
    try {
      const { signal, dataDirs, filesOff } = options;
      const ledger = { ledger: options.ledger, experiment: args.experiment ?? options.experiment };
      const r = await callGuard(g.tool!, guardArgs, { signal, dataDirs, filesOff, ...ledger });
      ran.push(g.guard);
      if (r.passed === false) failed.push(g.guard);
      results.push(r);
    } catch (e) {
      if (!(e instanceof BadInputError || e instanceof InternalToolError)) throw e;
      const err = e instanceof BadInputError ? toSlotPath(g, e) : e;
      if (args.strict) throw err;
      rejected[g.guard] = err.message;
    }
  }
  await step(runSet.length, runSet.length, "done");
  const auditOk = (args.audit ?? []).every((a) => ran.includes(a));
  const status: "pass" | "fail" | "incomplete" = failed.length
    ? "fail"
    : ran.length > 0 && Object.keys(rejected).length === 0 && auditOk
      ? "pass"
      : "incomplete";
  const lines = [
    coverageHeadline(status, ran, failed, Object.keys(skipped), Object.keys(rejected)),
    ...ran.map((g) => `  ${failed.includes(g) ? "FAIL" : "PASS"} ${g}`),
    ...Object.entries(rejected).map(([g, m]) => `  REJECTED ${g}: ${m}`),
  ];
  const unread = Object.keys(slots).filter((s) => !read.has(s));
  if (unread.length) lines.push(`  UNREAD ${unread.join(", ")}: given, but no guard that ran reads them`);
  for (const n of resolved.notes) lines.push(`  NOTE ${n}`);
  return {
    status,
    passed: status === "pass",
    ran,
    failed,
    skipped,
    rejected,
    not_callable_over_json: all.filter((g) => g.tool === null).map((g) => g.guard),
    results,
    summary: lines.join("\n"),
    unread_slots: unread,
    aliases_used: resolved.notes,
  };
}
