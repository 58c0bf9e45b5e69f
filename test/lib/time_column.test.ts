// readTimeColumn: the as-of join's time column, one kind throughout.
import { describe, expect, it } from "vitest";
import { makeFrame } from "../../src/lib/frame.js";
import { readTimeColumn } from "../../src/lib/time_column.js";
import { WorkMeter } from "../../src/lib/work_meter.js";
import { badFieldAndMessage } from "../helpers/bad_field.js";

const read = (t: (string | number | null)[]) => readTimeColumn("left", makeFrame({ t }), "t", new WorkMeter(t.length));

describe("readTimeColumn", () => {
  it("reads ISO date-times as epoch milliseconds", async () => {
    expect(await read(["2024-01-02", "2024-01-02T00:00:01Z"])).toEqual({
      times: [Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 2, 0, 0, 1)],
      kind: "datetime",
    });
  });
  it("reads numbers as they are", async () => {
    expect(await read([3, 1.5])).toEqual({ times: [3, 1.5], kind: "number" });
  });
  it("rejects a second kind and a non-time at the record that holds it", async () => {
    expect(await badFieldAndMessage(() => read(["2024-01-02", 5]))).toBe(
      "left/records/1/t | left/records/1/t: column 't' must hold ISO date-times or finite numbers (one kind), got 5",
    );
    expect(await badFieldAndMessage(() => read([1, Number.POSITIVE_INFINITY]))).toBe(
      "left/records/1/t | left/records/1/t: column 't' must hold ISO date-times or finite numbers (one kind), " +
        "got Infinity",
    );
  });
});
