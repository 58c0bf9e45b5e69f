// The ledger argument's schema: every guard tool that records or reads trials takes it (the compiler adds
// it), and so do check_backtest and list_trials. Written once, here. Which ledger a call counts against is
// the operator's setting (--ledger, --ledger-name, configureLedger), never a tool argument.
import type { Schema } from "./json.js";

export const LEDGER_ARGUMENT_SCHEMAS: { readonly experiment: Schema } = {
  experiment: {
    type: "string",
    minLength: 1,
    maxLength: 128,
    description:
      "Experiment label recorded with this call's trials and reported per label by list_trials; a verdict " +
      "still deflates by the whole research ledger's count, whatever the label.",
  },
};
