// The BadInputError a call raises (or its field); any other outcome fails the test.
import { BadInputError } from "../../src/contract/guard.js";

function asBadInput(e: unknown): BadInputError {
  if (e instanceof BadInputError) return e;
  throw e;
}

const noError = (): never => {
  throw new Error("expected a BadInputError, the call returned");
};

/** Runs `fn`; sync calls give the error at once, async ones a promise of it. */
export function badError(fn: () => Promise<unknown>): Promise<BadInputError>;
export function badError(fn: () => unknown): BadInputError;
export function badError(fn: () => unknown): BadInputError | Promise<BadInputError> {
  let result: unknown;
  try {
    result = fn();
  } catch (e) {
    return asBadInput(e);
  }
  if (result instanceof Promise) return result.then(noError, asBadInput);
  return noError();
}

type Shown = (e: BadInputError) => string;
function show(fn: () => unknown, as: Shown): string | Promise<string> {
  const e = badError(fn);
  return e instanceof Promise ? e.then(as) : as(e);
}

/** The error's field path. */
export function badField(fn: () => Promise<unknown>): Promise<string>;
export function badField(fn: () => unknown): string;
export function badField(fn: () => unknown): string | Promise<string> {
  return show(fn, (e) => e.field);
}

/** `<field> | <message>`, for tests that assert both. */
export function badFieldAndMessage(fn: () => Promise<unknown>): Promise<string>;
export function badFieldAndMessage(fn: () => unknown): string;
export function badFieldAndMessage(fn: () => unknown): string | Promise<string> {
  return show(fn, (e) => `${e.field} | ${e.message}`);
}
