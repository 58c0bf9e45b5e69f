import { describe, expect, it } from "vitest";
import { check } from "../../guards/contamination_probe.js";
import { badFieldAndMessage as badField } from "../helpers/bad_field.js";

type Items = NonNullable<Parameters<typeof check>[3]>;

type Out = Awaited<ReturnType<typeof check>>;
const errs = (o: Out) => o.findings.filter((f) => f.severity === "error");
const CUT = "2024-06-01";
const item = (asked_about: string, correct: boolean) => ({
  asked_about,
  question: `what happened on ${asked_about}?`,
  truth: "x",
  correct,
});

describe("contamination_probe: spec examples (cutoff 2024-06-01)", () => {
  it("1. window 2025-01-01..2026-01-01 is clean: fraction 0, 365 clean days", async () => {
    const o = await check(CUT, "2025-01-01", "2026-01-01");
    expect(errs(o)).toEqual([]);
    expect(o.evidence).toEqual({
      training_cutoff: "2024-06-01",
      test_window: "2025-01-01..2026-01-01",
      total_days: 365,
      overlap_days: 0,
      contaminated_fraction: 0,
      clean_days: 365,
      verdict: "CLEAN on this axis",
      probe: null,
    });
    expect(Object.keys(o.evidence)).toEqual([
      "training_cutoff",
      "test_window",
      "total_days",
      "overlap_days",
      "contaminated_fraction",
      "clean_days",
      "verdict",
      "probe",
    ]);
    expect(o.findings).toEqual([{ severity: "info", message: "CLEAN on this axis", where: "window" }]);
  });

  it("2. window 2020-01-01..2024-01-01 is INVALID, fraction 1", async () => {
    const o = await check(CUT, "2020-01-01", "2024-01-01");
    expect(errs(o).map((f) => [f.message, f.where])).toEqual([
      ["INVALID: the entire backtest window predates the training cutoff", "window"],
    ]);
    expect(o.evidence["contaminated_fraction"]).toBe(1);
    expect(o.evidence["clean_days"]).toBe(0);
  });

  it("3. window 2023-01-01..2026-01-01: total 1096, overlap 517, fraction 0.4717 (47%), clean 579", async () => {
    const o = await check(CUT, "2023-01-01", "2026-01-01");
    // hand: 2023 has 365 days, 2024-01-01..2024-06-01 is 152 days (leap year): 517; 2024-06-01..2026-01-01 = 214 + 365
    // = 579
    expect([o.evidence["total_days"], o.evidence["overlap_days"], o.evidence["clean_days"]]).toEqual([1096, 517, 579]);
    expect(o.evidence["contaminated_fraction"]).toBe(0.4717);
    expect(errs(o)[0]!.message).toBe("CONTAMINATED: 47% of the test window predates the cutoff");
  });

  it("4. test_start after test_end is bad input", async () => {
    expect(await badField(() => check(CUT, "2025-01-01", "2024-06-01"))).toMatch(/^test_end \| .*end before start/);
  });

  it("5. probe: pre 1.0, post 0.25, gap 0.75 -> MEMORIZATION LIKELY with a clean window", async () => {
    const items = [
      item("2023-02-01", true),
      item("2023-05-01", true),
      item("2023-08-01", true),
      item("2023-11-01", true),
      item("2025-02-01", true),
      item("2025-05-01", false),
      item("2025-08-01", false),
      item("2025-11-01", false),
    ];
    const o = await check(CUT, "2025-01-01", "2026-01-01", items);
    expect(o.evidence["verdict"]).toBe("CLEAN on this axis");
    expect(o.evidence["probe"]).toEqual({
      pre_cutoff_accuracy: 1,
      post_cutoff_accuracy: 0.25,
      gap: 0.75,
      n_pre: 4,
      n_post: 4,
      verdict: "MEMORIZATION LIKELY",
    });
    const e = errs(o);
    expect(e.map((f) => f.where)).toEqual(["probe"]);
    expect(e[0]!.message).toContain("MEMORIZATION");
    expect(e[0]!.message).toContain("100.0%");
    expect(e[0]!.message).toContain("25.0%");
  });
});

describe("contamination_probe: window and probe rules", () => {
  it("cutoff equal to test_start is clean; cutoff inside by one day", async () => {
    expect((await check("2025-01-01", "2025-01-01", "2025-12-31")).evidence["overlap_days"]).toBe(0);
    const o = await check("2025-01-02", "2025-01-01", "2025-01-11");
    expect([o.evidence["overlap_days"], o.evidence["contaminated_fraction"], o.evidence["clean_days"]]).toEqual([
      1, 0.1, 9,
    ]);
    expect(o.evidence["verdict"]).toBe("CONTAMINATED: 10% of the test window predates the cutoff");
  });

  it("SUSPICIOUS (gap in (0.10, 0.25]) and no discontinuity (gap <= 0.10)", async () => {
    // pre 4/5 = 0.8, post 2/3 = 0.6667, gap = 2/15 = 0.1333
    const sus = [
      item("2023-01-01", true),
      item("2023-01-02", true),
      item("2023-01-03", true),
      item("2023-01-04", true),
      item("2023-01-05", false),
      item("2025-01-01", true),
      item("2025-01-02", true),
      item("2025-01-03", false),
    ];
    const o = await check(CUT, "2025-01-01", "2026-01-01", sus);
    expect(o.evidence["probe"]).toEqual({
      pre_cutoff_accuracy: 0.8,
      post_cutoff_accuracy: 0.6667,
      gap: 0.1333,
      n_pre: 5,
      n_post: 3,
      verdict: "SUSPICIOUS",
    });
    expect(o.findings.map((f) => [f.severity, f.where])).toEqual([
      ["info", "window"],
      ["warning", "probe"],
    ]);
    expect(o.findings[1]!.message).toContain("SUSPICIOUS");
    expect(o.findings[1]!.message).toContain("0.1333");
    const flat = [
      item("2023-01-01", true),
      item("2023-01-02", false),
      item("2025-01-01", true),
      item("2025-01-02", false),
    ];
    const f = await check(CUT, "2025-01-01", "2026-01-01", flat);
    expect(f.evidence["probe"] as { gap: number; verdict: string }).toMatchObject({
      gap: 0,
      verdict: "No cutoff discontinuity detected",
    });
    expect(f.findings[1]!.severity).toBe("info");
  });

  it("a side with no items is UNTESTABLE (warning), with null accuracy and gap", async () => {
    const o = await check(CUT, "2025-01-01", "2026-01-01", [item("2023-01-01", true)]);
    expect(o.evidence["probe"]).toEqual({
      pre_cutoff_accuracy: 1,
      post_cutoff_accuracy: null,
      gap: null,
      n_pre: 1,
      n_post: 0,
      verdict: "UNTESTABLE: the probe needs items on both sides of the cutoff",
    });
    expect(o.findings[1]).toMatchObject({ severity: "warning", where: "probe" });
    expect(o.findings[1]!.message).toContain("UNTESTABLE");
    expect(o.findings[1]!.message).toContain("n_pre 1, n_post 0");
    const empty = await check(CUT, "2025-01-01", "2026-01-01", []);
    expect((empty.evidence["probe"] as { n_pre: number }).n_pre).toBe(0);
  });

  it("pre_cutoff overrides the date; answers scored by the default substring match", async () => {
    const items: Items = [
      { asked_about: "2025-03-01", question: "q1", truth: " Apple ", answer: "It was APPLE inc.", pre_cutoff: true },
      { asked_about: "2025-03-02", question: "q2", truth: "Tesla", answer: "Ford" },
    ];
    const o = await check(CUT, "2025-01-01", "2026-01-01", items);
    expect(o.evidence["probe"]).toMatchObject({
      pre_cutoff_accuracy: 1,
      post_cutoff_accuracy: 0,
      gap: 1,
      n_pre: 1,
      n_post: 1,
    });
  });

  it("in-process ask (async) and match are used for items without answer or correct", async () => {
    const asked: string[] = [];
    const ask = async (q: string) => {
      asked.push(q);
      return q.startsWith("old") ? "yes" : "no";
    };
    const match = (truth: string, answer: string) => truth === answer;
    const items: Items = [
      { asked_about: "2023-01-01", question: "old 1", truth: "yes" },
      { asked_about: "2023-01-02", question: "old 2", truth: "yes", correct: false },
      { asked_about: "2025-01-01", question: "new 1", truth: "yes" },
      { asked_about: "2025-01-02", question: "new 2", truth: "no", answer: "no" },
    ];
    const o = await check(CUT, "2025-01-01", "2026-01-01", items, ask, match);
    expect(asked).toEqual(["old 1", "new 1"]);
    expect(o.evidence["probe"]).toMatchObject({ pre_cutoff_accuracy: 0.5, post_cutoff_accuracy: 0.5, gap: 0 });
    // a synchronous ask works too
    const sync = await check(
      CUT,
      "2025-01-01",
      "2026-01-01",
      [{ asked_about: "2023-01-01", question: "q", truth: "Paris" }],
      () => "paris, France",
    );
    expect((sync.evidence["probe"] as { pre_cutoff_accuracy: number }).pre_cutoff_accuracy).toBe(1);
  });
});

describe("contamination_probe: bad input", () => {
  const W = ["2025-01-01", "2026-01-01"] as const;
  it("dates", async () => {
    expect(await badField(() => check(undefined as unknown as string, ...W))).toMatch(/^cutoff \|/);
    expect(await badField(() => check("2024-13-01", ...W))).toMatch(/^cutoff \|/);
    expect(await badField(() => check(CUT, "2025/01/01", "2026-01-01"))).toMatch(/^test_start \|/);
    expect(await badField(() => check(CUT, "2025-01-01", "soon"))).toMatch(/^test_end \|/);
    expect(await badField(() => check(CUT, "2025-01-01", "2025-01-01"))).toMatch(/^test_end \| .*end before start/);
  });
  it("items", async () => {
    const bad = (items: unknown) => () => check(CUT, ...W, items as Items);
    expect(await badField(bad({ asked_about: "2023-01-01" }))).toMatch(/^items \|/);
    expect(await badField(bad([5]))).toMatch(/^items\/0 \|/);
    expect(await badField(bad([[1, 2]]))).toMatch(/^items\/0 \|/);
    expect(await badField(bad([{ question: "q", truth: "t", correct: true }]))).toMatch(/^items\/0 \| .*asked_about/);
    expect(await badField(bad([{ asked_about: "2023-01-01", truth: "t", correct: true }]))).toMatch(
      /^items\/0 \| .*question/,
    );
    expect(await badField(bad([{ asked_about: "2023-01-01", question: "q", correct: true }]))).toMatch(
      /^items\/0 \| .*truth/,
    );
    expect(await badField(bad([{ asked_about: "Jan 2023", question: "q", truth: "t", correct: true }]))).toMatch(
      /^items\/0\/asked_about \|/,
    );
    expect(await badField(bad([{ asked_about: "2023-01-01", question: 1, truth: "t", correct: true }]))).toMatch(
      /^items\/0\/question \|/,
    );
    expect(await badField(bad([{ asked_about: "2023-01-01", question: "q", truth: "t", correct: "yes" }]))).toMatch(
      /^items\/0\/correct \|/,
    );
    expect(await badField(bad([{ asked_about: "2023-01-01", question: "q", truth: "t", answer: 3 }]))).toMatch(
      /^items\/0\/answer \|/,
    );
    expect(
      await badField(bad([{ asked_about: "2023-01-01", question: "q", truth: "t", pre_cutoff: "no", correct: true }])),
    ).toMatch(/^items\/0\/pre_cutoff \|/);
    expect(
      await badField(
        bad([
          { asked_about: "2023-01-01", question: "q", truth: "t", correct: true },
          { asked_about: "2023-01-01", question: "q", truth: "t" },
        ]),
      ),
    ).toMatch(/^items\/1 \| .*none of correct, answer and an in-process ask/);
  });
  it("ask and match", async () => {
    const one: Items = [{ asked_about: "2023-01-01", question: "q", truth: "t" }];
    expect(await badField(() => check(CUT, ...W, one, "gpt" as unknown as () => string))).toMatch(/^ask \| .*function/);
    expect(await badField(() => check(CUT, ...W, one, () => "t", 1 as unknown as () => boolean))).toMatch(
      /^match \| .*function/,
    );
    const throwing = () => {
      throw new Error("rate limited");
    };
    const calledAfter: string[] = [];
    expect(
      await badField(() =>
        check(CUT, ...W, [{ asked_about: "2023-01-01", question: "q", truth: "t", correct: true }, ...one], throwing),
      ),
    ).toMatch(/^ask \| ask: threw on items\/1: rate limited/);
    expect(
      await badField(() =>
        check(CUT, ...W, one, async () => {
          calledAfter.push("x");
          throw new Error("down");
        }),
      ),
    ).toMatch(/^ask \| ask: threw on items\/0: down/);
    expect(await badField(() => check(CUT, ...W, one, () => 42 as unknown as string))).toMatch(
      /^ask \| .*answer string/,
    );
    expect(
      await badField(() =>
        check(
          CUT,
          ...W,
          one,
          () => "t",
          () => "yes" as unknown as boolean,
        ),
      ),
    ).toMatch(/^match \| .*boolean/);
    expect(
      await badField(() =>
        check(
          CUT,
          ...W,
          one,
          () => "t",
          () => {
            throw new Error("boom");
          },
        ),
      ),
    ).toMatch(/^match \| match: threw on items\/0: boom/);
  });
});
