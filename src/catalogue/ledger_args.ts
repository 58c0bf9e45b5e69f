// The ledger arguments' schemas: every guard tool that records or reads trials takes them (the compiler
// adds them), and so do check_backtest and list_trials. Written once, here.
import type { Schema } from "./json.js";

export const LEDGER_ARGUMENT_SCHEMAS: { readonly ledger: Schema; readonly experiment: Schema } = {
  ledger: {
    type: "string",
    minLength: 1,
    maxLength: 128,
    description: "Research ledger name (default: the server's, --ledger-name).",
  },
  experiment: {
    type: "string",
    minLength: 1,
    maxLength: 128,
    description: "Experiment label: trials are recorded and counted per label.",
  },
};
