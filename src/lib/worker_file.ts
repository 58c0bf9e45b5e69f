// Where a thread's module is: compiled JS beside the module that starts it, or its tsx loader for the
// TS sources (tests, bench).

/** The module `name` (worker, hash_worker, parse_worker) next to `from` (the caller's import.meta.url). */
export function workerFile(name: string, from: string): string {
  const ts = from.endsWith(".ts");
  return new URL(ts ? `./${name}_dev.mjs` : `./${name}.js`, from).href;
}
