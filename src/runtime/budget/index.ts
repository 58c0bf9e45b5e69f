// Work budgets and limits: what a call may cost, priced before any work.
export { CATALOGUE_COSTS } from "./catalogue_costs.js";
export {
  capsSentence,
  checkBudget,
  checkCatalogueBudget,
  estimateCost,
  formatUnits,
  limitsSentence,
} from "./refuse.js";
export { costOf, DEFAULT_COST, GUARD_COSTS, type CostEstimate, type GuardCost } from "./costs.js";
export {
  configureLimits,
  currentLimits,
  resetLimits,
  DEFAULT_MEMORY_BUDGET,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_WORK_BUDGET,
  type Limits,
} from "./limits.js";
