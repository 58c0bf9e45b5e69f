// The field of the BadInputError a call raises; any other outcome fails the test.
import { BadInputError } from "../../src/runtime/contract.js";

function fieldOf(e: unknown): string {
  if (e instanceof BadInputError) return e.field;
  throw e;
}

const noError = () => {
  throw new Error("expected a BadInputError, the call returned");
};

/** Runs `fn`; sync calls give the field at once, async ones a promise of it. */
export function badField(fn: () => Promise<unknown>): Promise<string>;
export function badField(fn: () => unknown): string;
export function badField(fn: () => unknown): string | Promise<string> {
  let result: unknown;
  try {
    result = fn();
  } catch (e) {
    return fieldOf(e);
  }
  if (result instanceof Promise) return result.then(noError, fieldOf);
  return noError();
}
