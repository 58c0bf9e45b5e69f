// The first line of check_backtest's summary, which the terminal and the HTML report show as they are:
// how many guards ran out of how many there are, how many of those failed and passed, and which were
// skipped (need more data) or rejected.

/** How many names a headline lists before "and N more" (the result's `skipped` and `rejected` list all). */
const NAMED = 5;

function named(names: readonly string[]): string {
  const shown = names.slice(0, NAMED).join(", ");
  return names.length > NAMED ? `${shown} and ${names.length - NAMED} more` : shown;
}

/** "4 failed (a, b, c, d), 2 passed" for the guards that ran; nothing when none ran. */
function outcomes(ran: readonly string[], failed: readonly string[]): string {
  if (!ran.length) return "";
  const failures = failed.length ? `${failed.length} failed (${named(failed)})` : "0 failed";
  return `: ${failures}, ${ran.length - failed.length} passed`;
}

/**
 * "FAIL. 6 of 25 guards ran: 4 failed (a, b, c, d), 2 passed; 19 skipped (need more data): e, f, g, h, i and
 * 14 more" (rejected guards, when any, after the skipped ones); `failed` is a subset of `ran`.
 */
export function coverageHeadline(
  status: string,
  ran: readonly string[],
  failed: readonly string[],
  skipped: readonly string[],
  rejected: readonly string[],
): string {
  const total = ran.length + skipped.length + rejected.length;
  let line = `${status.toUpperCase()}. ${ran.length} of ${total} guards ran${outcomes(ran, failed)}`;
  if (skipped.length) line += `; ${skipped.length} skipped (need more data): ${named(skipped)}`;
  if (rejected.length) line += `; ${rejected.length} rejected: ${named(rejected)}`;
  return line;
}
