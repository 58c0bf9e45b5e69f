// Cooperative turns: a call under a slice never yields; past one it gives the event loop a turn, and
// stays parked while another request is in flight (not parked itself), at most MAX_PARK_MS.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MAX_PARK_MS, SLICE_MS, Turns, requestStarted } from "../../src/runtime/turns.js";

let clock = 0;
beforeEach(() => {
  clock = 1000;
  vi.spyOn(performance, "now").mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

/** Event-loop turns to let pass. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
};

/** Whether `p` has settled after `n` turns. */
async function settledAfter(p: Promise<void> | undefined, n: number): Promise<boolean> {
  let done = false;
  void Promise.resolve(p).then(() => {
    done = true;
  });
  await turns(n);
  return done;
}

it("does not yield for a call shorter than a slice", async () => {
  const t = new Turns();
  clock += SLICE_MS - 1;
  let other = false;
  setImmediate(() => {
    other = true;
  });
  const boundary = t.boundary();
  expect(boundary).toBeUndefined(); // no promise is made for a call within its slice
  await boundary;
  expect(other).toBe(false);
});

it("past a slice with nothing else in flight, yields one turn and goes on", async () => {
  const t = new Turns();
  clock += SLICE_MS;
  let other = false;
  setImmediate(() => {
    other = true;
  });
  await t.boundary();
  expect(other).toBe(true);
  // The slice starts again after the turn.
  let again = false;
  setImmediate(() => {
    again = true;
  });
  await t.boundary();
  expect(again).toBe(false);
});

/**
 * Runs `body` with two requests in flight, this call's (`self`) and a light one, and a call past its slice
 * parked at a boundary; both requests are ended afterwards whatever happens.
 */
async function parkedBeside(
  body: (parked: Promise<void> | undefined, light: () => void) => Promise<void>,
): Promise<void> {
  const self = requestStarted();
  const light = requestStarted();
  try {
    const t = new Turns();
    clock += SLICE_MS;
    await body(t.boundary(), light);
  } finally {
    light();
    self();
  }
}

it("stays parked while another request is in flight, and goes on once it is answered", () =>
  parkedBeside(async (parked, light) => {
    expect(await settledAfter(parked, 20)).toBe(false);
    light();
    light(); // ending twice counts once
    expect(await settledAfter(parked, 2)).toBe(true);
  }));

it("goes on after MAX_PARK_MS even if the other request is still in flight", () =>
  parkedBeside(async (parked) => {
    expect(await settledAfter(parked, 5)).toBe(false);
    clock += MAX_PARK_MS - 1;
    expect(await settledAfter(parked, 5)).toBe(false);
    clock += 1;
    expect(await settledAfter(parked, 2)).toBe(true);
  }));

it("two long calls parked at once do not wait for each other: the first goes on, the second after it", async () => {
  const a = requestStarted();
  const b = requestStarted();
  try {
    const ta = new Turns();
    const tb = new Turns();
    clock += SLICE_MS;
    const first = ta.boundary();
    const second = tb.boundary();
    expect(await settledAfter(first, 4)).toBe(true);
    // The first call runs on (in flight, not parked): the second gives it turns until it is answered.
    expect(await settledAfter(second, 4)).toBe(false);
    a();
    expect(await settledAfter(second, 2)).toBe(true);
  } finally {
    a();
    b();
  }
});
