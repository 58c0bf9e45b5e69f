// Own-property access on decoded JSON objects: nothing here reads or writes a prototype.

/** A non-null, non-array object. */
export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** Own property read that never reaches the prototype (`constructor`, `__proto__`, ...). */
export function own(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/** Sets an own data property; `__proto__` becomes a plain key instead of a prototype change. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  else obj[key] = value;
}
