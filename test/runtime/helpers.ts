// Shared fixtures for runtime tests: the seeded sample bundle and small payloads.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BadInputError } from "../../src/runtime/index.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const sample = (): Record<string, any> =>
  JSON.parse(readFileSync(path.join(ROOT, "data/sample-bundle.json"), "utf8"));

/** Awaits a promise expected to reject with BadInputError; returns the error. */
export async function badInput(p: Promise<unknown>): Promise<BadInputError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof BadInputError) return e;
    throw e;
  }
  throw new Error("expected a BadInputError, the call resolved");
}

/** Every bracketed list in a message parses as JSON, and none is Python-style. */
export function listsAreJson(message: string): boolean {
  if (message.includes("['")) return false;
  const lists = message.match(/\[[^[\]]*\]/g) ?? [];
  return lists.every((l) => {
    try {
      JSON.parse(l);
      return true;
    } catch {
      return !/^\[["\d{]/.test(l);
    }
  });
}

/** A result without its timing, for determinism comparisons. */
export function untimed(r: any): any {
  if (Array.isArray(r)) return r.map(untimed);
  if (!r || typeof r !== "object") return r;
  return Object.fromEntries(
    Object.entries(r)
      .filter(([k]) => k !== "elapsed_s")
      .map(([k, v]) => [k, untimed(v)]),
  );
}
