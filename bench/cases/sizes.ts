// Characters of each export format (compact JSON of exportTools(format)), all tools and the
// catalogue-only subset (selectTools("catalogue")).
import { exportTools, FORMATS, selectTools } from "../../src/runtime/index.js";
import type { Row } from "../report.js";

const ANTHROPIC_TARGET = 50_000;

export function sizes(): Row[] {
  const all = selectTools("all").length;
  const catalogue = selectTools("catalogue");
  const rows: Row[] = [];
  for (const format of FORMATS) {
    const full = JSON.stringify(exportTools(format)).length;
    const cat = JSON.stringify(exportTools(format, { tools: catalogue })).length;
    rows.push({ case: "7 export size", label: `${format}, all ${all} tools`, unit: "chars", value: full, ...(format === "anthropic" ? { target: ANTHROPIC_TARGET } : {}) });
    rows.push({ case: "7 export size", label: `${format}, catalogue ${catalogue.length} tools`, unit: "chars", value: cat });
  }
  return rows;
}
