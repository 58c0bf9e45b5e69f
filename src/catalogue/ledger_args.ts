// The ledger arguments' schemas: every guard tool that records or reads trials takes them (the compiler
// adds them), and so do check_backtest and list_trials. Written once, here.
import type { Schema } from "./json.js";

export const LEDGER_ARGUMENT_SCHEMAS: { readonly ledger: Schema; readonly experiment: Schema } = {
  ledger: {
    type: "string",
    minLength: 1,
    maxLength: 128,
    description:
      "Name of the research ledger this call's trials are recorded in and counted from, so two research " +
      "projects on one server keep apart (default: the server's, set by --ledger-name).",
  },
  experiment: {
    type: "string",
    minLength: 1,
    maxLength: 128,
    description:
      "Optional label of the experiment this call belongs to: recorded with its trials, and the ledger's count " +
      "and Sharpes are then read for this experiment only.",
  },
};
