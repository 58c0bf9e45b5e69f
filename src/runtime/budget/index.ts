// Work budgets and limits: what a call may cost, priced before any work.
export { capsSentence, checkBudget, estimateCost, formatUnits, limitsSentence } from "./refuse.js";
export { GUARD_COSTS, type CostEstimate, type GuardCost } from "./costs.js";
export {
  configureLimits,
  currentLimits,
  resetLimits,
  DEFAULT_MEMORY_BUDGET,
  DEFAULT_TIME_LIMIT_MS,
  DEFAULT_WORK_BUDGET,
  type Limits,
} from "./limits.js";
