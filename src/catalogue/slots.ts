// The curated Bundle slot vocabulary (docs/contract.md §6.1): data a caller has once and many
// guards read. Declaration order is the vocabulary's order. An input resolves to its guard's
// `slots` alias, else to the slot of its own name; inputs reaching no slot here are parameters.
// The compiler imports this table and freezes it into generated/slots.json for the runtime.

/** What a slot holds; the compiler checks each guard input reading a slot against its kind. */
export const SLOT_KINDS = [
  "series",
  "frame",
  "scalar",
  "text",
  "date",
  "sequence",
  "mapping",
  "any",
  "callable",
] as const;

export type SlotKind = (typeof SLOT_KINDS)[number];

export interface SlotSpec {
  readonly kind: SlotKind;
  readonly doc: string;
}

export const SLOTS = {
  returns: {
    kind: "series",
    doc: "Strategy per-period simple returns (gross of costs where a guard says so), on a dated index.",
  },
  turnover: {
    kind: "any",
    doc: "One-way turnover per period (0.5 x sum |dw|), a series aligned with returns or one number.",
  },
  benchmark_returns: { kind: "series", doc: "Benchmark per-period simple returns on the same dates as returns." },
  rf: { kind: "scalar", doc: "The risk-free rate as passed to a library, a decimal (0.05 = 5%)." },
  model_returns: {
    kind: "frame",
    doc: "Per-period returns of every candidate configuration tried, one column each, same dates as the benchmark.",
  },
  best_sharpe: { kind: "scalar", doc: "The best (selected) strategy's Sharpe ratio, annualised." },
  n_obs: { kind: "scalar", doc: "Number of return observations behind the best Sharpe." },
  n_trials: { kind: "scalar", doc: "Honest count of configurations tried, including abandoned ones." },
  sharpes: { kind: "sequence", doc: "Annualised Sharpe ratios of every trial in the ledger." },
  sharpe_variance: { kind: "scalar", doc: "Variance of the trials' annualised Sharpe ratios." },
  prices: {
    kind: "frame",
    doc: "Close prices, one column per ticker, on a dated index; null where a name is not trading.",
  },
  listings: { kind: "frame", doc: "Security master: ticker, listing date and delisting date (null while listed)." },
  universe: {
    kind: "mapping",
    doc: "Point-in-time universe: ISO rebalance date to the list of tickers eligible that day.",
  },
  members: { kind: "frame", doc: "Index membership intervals: ticker, start and end dates." },
  rebalance_dates: { kind: "sequence", doc: "The ISO dates on which the universe is rebalanced." },
  liquidity: { kind: "frame", doc: "Dollar volume per ticker on a dated index, for liquidity screens." },
  panel: {
    kind: "frame",
    doc: "One period's attribution panel: per sector portfolio and benchmark weights and returns.",
  },
  panels: { kind: "sequence", doc: "Several periods' attribution panels, in time order." },
  regime_labels: { kind: "any", doc: "A regime label per period (strings or integers), as assigned in-sample." },
  underlying_returns: {
    kind: "series",
    doc: "Per-period simple returns of the traded asset or market (not the strategy).",
  },
  position: { kind: "any", doc: "The strategy's position per period (exposure, e.g. -1, 0, 1)." },
  dates: { kind: "sequence", doc: "The ISO dates of the test period, one per observation." },
  p_calm: { kind: "any", doc: "Per-period probability of the calm regime from a regime model (filtered or smoothed)." },
  features: { kind: "frame", doc: "Model features, one row per observation in time order." },
  target: { kind: "any", doc: "Labels per observation (binary class or value), aligned with features." },
  horizon: { kind: "scalar", doc: "The label horizon in bars: each label looks this many bars ahead." },
  asset_returns: { kind: "frame", doc: "Per-period simple returns of each asset, one column per asset (not prices)." },
  close: { kind: "series", doc: "Close prices on a dated index, as your data source delivered them." },
  actions: {
    kind: "any",
    doc:
      "Corporate actions as a frame (date, ratio) or [date, ratio] pairs: the price ratio each split or " +
      "dividend applies.",
  },
  other: { kind: "series", doc: "A second source's close prices for the same instrument and dates." },
  left: { kind: "frame", doc: "The left table of an as-of join (e.g. trades or signals) with its time column." },
  right: { kind: "frame", doc: "The right table of an as-of join (e.g. quotes or fundamentals) with its time column." },
  on: { kind: "text", doc: "The time column both as-of join tables share." },
  by: { kind: "any", doc: "The group key column(s) of an as-of join (e.g. ticker)." },
  facts: { kind: "sequence", doc: "Fundamental facts as filed: period, value, filed date, form, as in an XBRL feed." },
  as_of: { kind: "date", doc: "The as-of date a point-in-time value must be known by." },
  stitched: { kind: "series", doc: "A continuous futures series stitched from individual contracts." },
  contracts: { kind: "frame", doc: "Individual futures contract prices, one column per contract, dated index." },
  roll_dates: { kind: "sequence", doc: "The ISO dates on which the continuous series rolls to the next contract." },
  pair: { kind: "any", doc: "An FX pair as BASE/QUOTE (e.g. EUR/USD), or a list of them." },
  greeks: {
    kind: "mapping",
    doc: "Option greeks by name (delta, gamma, vega, theta, rho) as a library reported them.",
  },
  index_returns: { kind: "series", doc: "Daily simple returns of the index a leveraged product tracks." },
  lev: { kind: "scalar", doc: "The leveraged product's daily leverage multiple (e.g. 2, -1, 3)." },
  eval_date: { kind: "date", doc: "The pricing library's global evaluation date." },
  curve_ref: { kind: "date", doc: "The reference date of the discount or volatility curve." },
  expiry: { kind: "date", doc: "The instrument's expiry or maturity date." },
  bar: { kind: "mapping", doc: "One A-share daily bar: open, high, low, close, previous close, volume." },
  code: { kind: "text", doc: "An A-share security code with exchange suffix (e.g. 600519.SH)." },
  date: { kind: "date", doc: "The trading date of the bar or fill." },
  broker: { kind: "text", doc: "The broker or trading API name (e.g. alpaca, ibkr)." },
  base_url: { kind: "text", doc: "The broker API base URL the session connects to." },
  account_id: { kind: "text", doc: "The broker account identifier the session trades." },
  cutoff: { kind: "date", doc: "The LLM's documented training-data cutoff date." },
  test_start: { kind: "date", doc: "First date of the backtest or evaluation window." },
  test_end: { kind: "date", doc: "Last date of the backtest or evaluation window." },
  items: { kind: "sequence", doc: "Probe items for an LLM: dated questions with known answers." },
  bars: { kind: "frame", doc: "OHLCV bars on a dated index (open, high, low, close, volume)." },
  signal_fn: { kind: "callable", doc: "A feature or signal function of the bars (in-process only)." },
  indicator: { kind: "callable", doc: "A recursive indicator function of closes (in-process only)." },
  run_fold: { kind: "callable", doc: "A function that fits and scores one walk-forward fold (in-process only)." },
  folds: { kind: "any", doc: "The walk-forward folds to run (in-process values)." },
  card: { kind: "any", doc: "A strategy result card object (in-process only)." },
} as const satisfies Readonly<Record<string, SlotSpec>>;

export type SlotName = keyof typeof SLOTS;
