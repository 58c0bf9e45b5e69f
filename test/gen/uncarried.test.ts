// Keywords a provider format cannot carry move into the description (Gemini: numeric enums and
// formats other than date-time); the portable formats state a kept date format once, as a keyword.
import { describe, expect, it } from "vitest";
import { geminiDeclaration } from "../../scripts/gen/emit/gemini.js";
import { portableInput } from "../../scripts/gen/emit/portable.js";

const input = {
  type: "object",
  properties: {
    lag: { type: "integer", enum: [1, 2, 5], description: "settlement lag in business days." },
    side: { type: "string", enum: ["buy", "sell"], description: "the side." },
    day: { type: "string", format: "date", description: "the trading date. ISO-8601 date, e.g. 2024-01-02." },
    at: { type: "string", format: "date-time", description: "the fill time." },
  },
  required: ["lag"],
};

describe("keywords a format cannot carry", () => {
  const gemini = geminiDeclaration("t", "d", input) as { parameters: { properties: Record<string, any> } };
  const p = gemini.parameters.properties;

  it("gemini: a numeric enum becomes a sentence of allowed values; a string enum stays a keyword", () => {
    expect(p.lag).toEqual({ type: "INTEGER", description: "settlement lag in business days. One of: 1, 2, 5." });
    expect(p.side).toEqual({ type: "STRING", enum: ["buy", "sell"], description: "the side." });
  });

  it("gemini: a date format becomes its prose; date-time stays a keyword", () => {
    expect(p.day).toEqual({ type: "STRING", description: "the trading date. ISO-8601 date, e.g. 2024-01-02." });
    expect(p.at).toEqual({ type: "STRING", format: "date-time", description: "the fill time." });
  });

  it("portable: a numeric enum stays a keyword and a kept date format drops its prose", () => {
    const s = portableInput(input) as { properties: Record<string, any> };
    expect(s.properties.lag.enum).toEqual([1, 2, 5]);
    expect(s.properties.day).toEqual({ type: "string", format: "date", description: "the trading date." });
  });
});
