// What a work unit costs in time: each exported guard alone (decoded inputs, inline, warm) on the growers'
// arguments, its milliseconds per 1e6 priced units. POOL_MIN_UNITS (src/runtime/call.ts) is set from these:
// a call priced at it is about 30 ms of guard work.
import { invokeGuard, POOL_MIN_UNITS, prepareArguments } from "../../src/runtime/call.js";
import { estimateCost } from "../../src/runtime/budget/index.js";
import { type GuardInfo, loadGuards, loadTable } from "../../src/runtime/table.js";
import { GROWERS } from "../../test/runtime/budget/growers.js";
import type { Row } from "../report.js";
import { spread } from "../lib/stats.js";

const N = 12_800;
/** Guards priced at a fixed few hundred units: their per-unit time is a call's overhead, not a unit's. */
const MIN_UNITS = 1_000;

async function perUnit(guard: GuardInfo): Promise<number> {
  const tool = loadTable().tools.find((t) => t.name === guard.tool)!;
  const args = GROWERS[guard.tool!]!(N);
  const units = estimateCost(guard.guard, args).units;
  if (units < MIN_UNITS) return Number.NaN;
  const once = async () => {
    const inputs = await prepareArguments(tool, guard, args);
    const t0 = performance.now();
    await invokeGuard(guard.guard, inputs, { mode: "inline", workBudget: Infinity, timeLimitMs: 0 }).catch(() => 0);
    return performance.now() - t0;
  };
  await once();
  const ms = spread([await once(), await once(), await once()]).median;
  return (ms / units) * 1e6;
}

export async function unitCost(): Promise<Row[]> {
  const rows: Row[] = [];
  const costs: number[] = [];
  for (const g of loadGuards().filter((x) => x.tool !== null && GROWERS[x.tool] !== undefined)) {
    const ms = await perUnit(g);
    if (Number.isNaN(ms)) continue;
    costs.push(ms);
    rows.push({ case: "unit cost", label: `${g.guard}: ms per 1e6 priced units, guard alone`, unit: "ms", value: ms });
  }
  const s = spread(costs);
  rows.push({
    case: "unit cost",
    label: "POOL_MIN_UNITS at the median cost per unit (ms of guard work)",
    unit: "ms",
    value: (s.median * POOL_MIN_UNITS) / 1e6,
    spread: s,
    target: 30,
    note: `${costs.length} guards at n = ${N}; ms per 1e6 units median ${s.median.toFixed(0)}, max ${s.max.toFixed(0)}`,
  });
  return rows;
}
