// Type-level tests, compiled by `npm run typecheck` (docs/contract.md §4.1).
import { callTool } from "../../src/runtime/index.js";

export async function typedCalls(): Promise<void> {
  const r = await callTool("check_cost_curve", { returns: { values: [0.01] }, turnover: 0.1 });
  const passed: boolean = r.passed;
  void passed;
  // Each guard tool's evidence is typed as it arrives (a number may be null or an infinity string).
  const breakeven: number | null | "Infinity" | "-Infinity" = r.evidence.breakeven_bps;
  void breakeven;
  // @ts-expect-error a misspelled evidence key does not exist
  void r.evidence.breakeven_bp;
  // @ts-expect-error a misspelled key is not an argument of check_cost_curve
  await callTool("check_cost_curve", { retruns: { values: [0.01] }, turnover: 0.1 });
  // @ts-expect-error turnover is a series or a number, not a string
  await callTool("check_cost_curve", { returns: { values: [0.01] }, turnover: "high" });
  // @ts-expect-error no such tool
  await callTool("check_nothing", {});
  const skills = await callTool("list_skills", {});
  const count: number = skills.count;
  void count;
}
