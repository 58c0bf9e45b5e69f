// check_backtest with every slot of the embedded sample (data/sample-bundle.json) filled.
import { callToolUntyped } from "../../src/runtime/index.js";
import type { Row } from "../report.js";
import { sampleBundle } from "../lib/paths.js";
import { spread, timeRuns } from "../lib/stats.js";

const RUNS = 10;

export async function backtest(): Promise<Row[]> {
  const slots = sampleBundle();
  const t0 = performance.now();
  let result = await callToolUntyped("check_backtest", { slots });
  const first = performance.now() - t0;
  const times = await timeRuns(RUNS, async () => {
    result = await callToolUntyped("check_backtest", { slots });
  });
  const s = spread(times);
  const ran = result.ran as string[];
  const skipped = Object.keys(result.skipped as object).length;
  const rejected = Object.keys(result.rejected as object).length;
  return [
    {
      case: "6 backtest",
      label: `check_backtest, all ${Object.keys(slots).length} sample slots, in process`,
      unit: "ms",
      value: s.median,
      spread: s,
      note:
        `first call ${first.toFixed(0)} ms (not in the median); ran ${ran.length} guards [${ran.join(", ")}], ` +
        `skipped ${skipped}, rejected ${rejected}; status ${String(result.status)}`,
    },
  ];
}
