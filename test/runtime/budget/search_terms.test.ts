// search_skills caps and deduplicates its words before searching.
import { describe, expect, it } from "vitest";
import { callToolUntyped } from "../../../src/runtime/index.js";
import { MAX_SEARCH_WORDS } from "../../../src/runtime/catalogue/skills.js";
import { BadInputError } from "../../../src/contract/guard.js";

type Found = { terms: string[]; total: number; skills: { skill: string }[] };

describe("search_skills query caps", () => {
  it("repeated terms (any case) count once and give the same hits as one", async () => {
    const once = (await callToolUntyped("search_skills", { terms: ["delisting"] })) as Found;
    const many = (await callToolUntyped("search_skills", {
      terms: Array.from({ length: 32 }, (_, i) => (i % 2 ? "Delisting" : "delisting")),
    })) as Found;
    expect(many.terms).toEqual(["delisting"]);
    expect(many.skills.map((s) => s.skill)).toEqual(once.skills.map((s) => s.skill));
    expect(once.total).toBeGreaterThan(0);
  });
  it("a 6.5 KB query of distinct words is refused with the count and the limit", async () => {
    const word = (i: number) => `q${i.toString(36).padStart(4, "0")}`;
    const terms = Array.from({ length: 32 }, (_, t) =>
      Array.from({ length: 33 }, (_, i) => word(t * 33 + i))
        .join(" ")
        .slice(0, 200),
    );
    expect(JSON.stringify(terms).length).toBeGreaterThan(6000);
    const e = await callToolUntyped("search_skills", { terms }).then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(BadInputError);
    const distinct = new Set(terms.join(" ").split(" ").filter(Boolean)).size;
    expect((e as BadInputError).message).toBe(
      `terms: ${distinct} distinct words; the limit is ${MAX_SEARCH_WORDS}. Search for fewer words`,
    );
    expect((e as BadInputError).field).toBe("terms");
  });
});
