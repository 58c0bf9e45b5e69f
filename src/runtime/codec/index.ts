// The payload codec's public API (docs/contract.md §3, §4.1).
export {
  MAX_ARGUMENT_BYTES,
  MAX_POINTS,
  MAX_EVIDENCE_ROWS,
  MAX_EVIDENCE_ITEMS,
  MAX_EVIDENCE_CHARS,
  MAX_SKILL_CHARS,
  checkArgumentsSize,
  argumentsBytes,
  sortedJson,
} from "./caps.js";
export { ratio, closeMatches } from "./similarity.js";
export { asciiOnly } from "./ascii.js";
export { decodeSeries, encodeSeries } from "./series.js";
export { jsonTypeName, describeValue } from "./text.js";
export { decodeFrame, encodeFrame } from "./frame.js";
export { encodeEvidence, type Json } from "./evidence.js";
export { decodeArgument } from "./decode.js";
export type { CheckedLabels } from "./labels.js";
export { describeFragment } from "./mismatch.js";
