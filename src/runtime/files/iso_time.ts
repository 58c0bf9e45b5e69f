// Dates and timestamps read from files as the payload's ISO text: a midnight as `YYYY-MM-DD`, any other
// instant as Date#toISOString writes it; null outside years 0000-9999 (the caller words or refuses it).
import { isoUtc } from "../../lib/iso_utc.js";

/** The text of epoch milliseconds `ms` (an integer), or null outside years 0000-9999. */
export const isoText = (ms: number): string | null => isoUtc(ms, true);
