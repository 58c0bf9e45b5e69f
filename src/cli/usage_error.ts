// Command-line mistakes of fin-skills: one class, one exit code (2), one printed form (the message and a
// pointer to --help, never the whole help text or a stack trace); parseArgs' own errors are turned into it.
import { type ParseArgsConfig, parseArgs } from "node:util";

/** A command-line mistake: printed as one line plus `Try fin-skills --help`; the process exits 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

/** The stderr text of a usage error: exactly two lines. */
export function usageErrorText(e: UsageError): string {
  return `fin-skills: ${e.message.split("\n")[0]}\nTry fin-skills --help\n`;
}

/** parseArgs' message cut to its first sentence ("Unknown option '--x'", "Option '--f <value>' argument missing"). */
function firstSentence(message: string): string {
  const i = message.indexOf(". ");
  return i < 0 ? message : message.slice(0, i);
}

/**
 * parseArgs for `command` (e.g. "call"); a bad flag becomes a UsageError naming the command. `hints` adds a
 * clause to an unknown option's message, keyed by the option's name without dashes.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  command: string,
  config: T,
  hints: Readonly<Record<string, string>> = {},
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    const message = firstSentence((e as Error).message);
    const option = /^Unknown option '-{1,2}([^']+)'/.exec(message)?.[1];
    const hint = option === undefined ? undefined : hints[option];
    throw new UsageError(`${command}: ${message}${hint === undefined ? "" : ` (${hint})`}`);
  }
}
