// JSON: the whole diff, for other tools.
import type { SchemaDiff } from "../diff.js";

export const jsonReport = (d: SchemaDiff): string => `${JSON.stringify(d, null, 2)}\n`;
