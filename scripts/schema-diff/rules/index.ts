// Every rule, in report order: tool-level, then input-level, then outputs.
import type { Rule } from "../rule.js";
import { boundsChanged } from "./bounds.js";
import { defaultChanged } from "./default_changed.js";
import { descriptionChanged } from "./description_changed.js";
import { guardExcluded } from "./guard_excluded.js";
import { inputAdded } from "./input_added.js";
import { inputOmitted } from "./input_omitted.js";
import { inputRemoved } from "./input_removed.js";
import { inputRenamed } from "./input_renamed.js";
import { inputRequired } from "./input_required.js";
import { outputFields } from "./output_fields.js";
import { payloadFormRemoved } from "./payload_form_removed.js";
import { toolAdded } from "./tool_added.js";
import { toolRemoved } from "./tool_removed.js";
import { toolRenamed } from "./tool_renamed.js";
import { typeNarrowed } from "./type_narrowed.js";
import { typeWidened } from "./type_widened.js";
import { unitChanged } from "./unit_changed.js";

export const RULES: readonly Rule[] = [
  toolRemoved,
  toolRenamed,
  guardExcluded,
  toolAdded,
  inputRemoved,
  inputRenamed,
  inputOmitted,
  inputAdded,
  inputRequired,
  typeNarrowed,
  typeWidened,
  payloadFormRemoved,
  boundsChanged,
  defaultChanged,
  unitChanged,
  descriptionChanged,
  outputFields,
];
