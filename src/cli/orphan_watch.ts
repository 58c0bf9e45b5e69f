// npx (npm exec) starts a command under `sh -c`, and stopping npx with SIGTERM kills that shell without
// passing the signal on, which would leave the server listening with no parent. A server started by npm
// exec therefore stops once it is orphaned (its parent process changes); other starts are left alone
// (a server started with nohup or by a supervisor outlives its parent on purpose).

/** How often the parent is looked at, ms (the timer never keeps the process alive). */
const EVERY_MS = 250;

/** Calls `stop` once the process started by npm exec has lost its parent. */
export function stopWhenOrphaned(stop: () => void, env: NodeJS.ProcessEnv = process.env): void {
  if (env.npm_command !== "exec") return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, EVERY_MS);
  timer.unref();
}
