// The embedded sample bundle: a seeded synthetic strategy (504 business days from 2023-01-02,
// gross Sharpe near 1.5, mean one-way turnover near 0.9) and the data slots around it.
// `tsx scripts/sample.ts` rewrites data/sample-bundle.json; a test checks it is reproducible.
import { writeFileSync } from "node:fs";
import { businessDays, formatIsoDate, parseIsoDate } from "../src/lib/dates.js";
import { NormalStream } from "../src/lib/random.js";

const N = 504;
const SEED = 20230102;
const round = (x: number, d = 8) => Math.round(x * 10 ** d) / 10 ** d;

/** Rescales draws to sample mean 0 and sample sd 1, so the sample Sharpe is exactly the target. */
function standardized(xs: number[]): number[] {
  const m = xs.reduce((a, x) => a + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  return xs.map((x) => (x - m) / sd);
}

export function sampleBundle(): Record<string, unknown> {
  const z = new NormalStream(SEED);
  const dates = businessDays(parseIsoDate("2023-01-02")!, N).map(formatIsoDate);
  const sigma = 0.008;
  const mu = (1.5 / Math.sqrt(252)) * sigma;
  const market = standardized(dates.map(() => z.next())).map((e) => round(0.0003 + 0.01 * e));
  const returns = standardized(dates.map(() => z.next())).map((e) => round(mu + sigma * e));
  const turnover = dates.map(() => round(0.6 + 0.6 * z.uniform(), 6));
  const configs = Array.from({ length: 12 }, (_, k) => `cfg_${String(k + 1).padStart(2, "0")}`);
  const models = dates.map((_, t) =>
    Object.fromEntries(configs.map((c, k) => [c, round(k === 0 ? returns[t]! : 0.0002 + sigma * z.next())])),
  );
  const prices = (() => {
    const tickers = ["AAA", "BBB", "CCC", "DDD"];
    const level = tickers.map(() => 100);
    return dates.map((_, t) =>
      Object.fromEntries(
        tickers.map((tk, i) => {
          level[i] = level[i]! * (1 + 0.0003 + 0.012 * z.next());
          return [tk, i === 3 && t > 400 ? null : round(level[i]!, 4)];
        }),
      ),
    );
  })();
  return {
    returns: { index: dates, values: returns, name: "strategy_gross", freq: "B" },
    turnover: { index: dates, values: turnover, name: "one_way_turnover", freq: "B" },
    benchmark_returns: { index: dates, values: market, name: "market", freq: "B" },
    rf: 0.05,
    model_returns: { index: dates, records: models },
    best_sharpe: 1.5,
    n_obs: N,
    n_trials: configs.length,
    prices: { index: dates, records: prices, index_name: "date" },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync("data/sample-bundle.json", `${JSON.stringify(sampleBundle())}\n`);
  console.log("wrote data/sample-bundle.json");
}
