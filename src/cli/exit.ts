// Exiting a command line without losing output: process.exit drops whatever a pipe has not yet taken,
// so the exit waits until stdout and stderr have handed every byte written so far to the OS.

/** Resolves once everything written to `stream` before this call has been flushed (or the stream failed). */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || stream.writableEnded) return resolve();
    stream.write("", () => resolve());
  });
}

/** Exits with `code` after stdout and stderr have flushed (a pipe read slowly gets all of it). */
export async function exitWhenFlushed(code: number): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}

/** A closed pipe (e.g. `| head`) ends the command quietly; any other stdout failure says why and exits 1. */
export function quietOnClosedPipe(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    process.stderr.write(`fin-skills: could not write the output (${e.code ?? e.message})\n`, () => process.exit(1));
  });
}
