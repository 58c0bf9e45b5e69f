// The first line of check_backtest's summary, which the terminal and the HTML report show as they are:
// how many guards gave a verdict out of how many could, and which need more data.

/** How many names a headline lists before "and N more" (the result's `skipped` and `rejected` list all). */
const NAMED = 5;

function named(names: readonly string[]): string {
  const shown = names.slice(0, NAMED).join(", ");
  return names.length > NAMED ? `${shown} and ${names.length - NAMED} more` : shown;
}

/** "PASS on 1 of 25 guards; 24 need more data: a, b, c, d, e and 19 more" (failed and rejected when any). */
export function coverageHeadline(
  status: string,
  ran: readonly string[],
  failed: readonly string[],
  skipped: readonly string[],
  rejected: readonly string[],
): string {
  const total = ran.length + skipped.length + rejected.length;
  let line = `${status.toUpperCase()} on ${ran.length} of ${total} guards`;
  if (failed.length) line += ` (${failed.length} failed: ${named(failed)})`;
  if (skipped.length) line += `; ${skipped.length} need more data: ${named(skipped)}`;
  if (rejected.length) line += `; ${rejected.length} rejected: ${named(rejected)}`;
  return line;
}
