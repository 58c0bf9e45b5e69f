// Shared helpers of the codec tests: catching bad input, and the message-list rule of §4.5.
import { expect } from "vitest";
import { BadInputError } from "../../../src/contract/guard.js";

/** The BadInputError thrown by `f` (fails the test when nothing or something else is thrown). */
export function badInput(f: () => unknown): BadInputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(BadInputError);
    assertListsAreJson((e as BadInputError).message);
    return e as BadInputError;
  }
  throw new Error("expected a BadInputError, nothing was thrown");
}

/**
 * Every bracketed list in a message parses with JSON.parse, and no Python-style list appears.
 * The fixed shape texts `[...]` and `[{column: value}, ...]` are illustrations, not lists.
 */
export function assertListsAreJson(message: string): void {
  expect(message).not.toContain("['");
  for (let i = 0; i < message.length; i++) {
    if (message[i] !== "[" || message.startsWith("[...]", i) || message.startsWith("[{column", i)) continue;
    let depth = 0;
    let inString = false;
    let j = i;
    for (; j < message.length; j++) {
      const c = message[j];
      if (inString) {
        if (c === "\\") j++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "[") depth++;
      else if (c === "]" && --depth === 0) break;
    }
    const list = message.slice(i, j + 1);
    expect(() => JSON.parse(list), `list ${list} in: ${message}`).not.toThrow();
    i = j;
  }
}

/** Business days (Mon-Fri) from 2024-01-01 as ISO dates. */
export function businessDates(n: number): string[] {
  const out: string[] = [];
  for (let d = Date.UTC(2024, 0, 1); out.length < n; d += 86400000) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
}
