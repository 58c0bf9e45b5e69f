// Where a thread's module is: compiled JS next to this file, or its tsx loader for the TS sources (tests, bench).

/** `worker`: the guard pool's module; `hash_worker`: the hash thread's. */
export function workerFile(name: "worker" | "hash_worker"): string {
  const ts = import.meta.url.endsWith(".ts");
  return new URL(ts ? `./${name}_dev.mjs` : `./${name}.js`, import.meta.url).href;
}
