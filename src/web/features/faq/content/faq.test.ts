import { describe, expect, it } from "vitest";
import { questions } from "../../landing/content/faq.ts";
import { FAQ_ENTRIES, FAQ_TOPICS, searchFaq } from "./faq.ts";

describe("the FAQ", () => {
  it("answers the spec's points", () => {
    const text = FAQ_ENTRIES.map((entry) => `${entry.question} ${entry.answer}`).join(" ");
    for (const point of [
      "30-day free trial",
      "No card is asked for",
      "$21 per month",
      "no automatic billing after the trial",
      "Cancel whenever you like",
      "Where is my data stored?",
      "import an Excel workbook and export",
      "How do I delete my account?",
      "at least 18 years old",
    ]) {
      expect(text).toContain(point);
    }
  });

  it("gives every entry a unique anchor and a known topic", () => {
    const ids = FAQ_ENTRIES.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of FAQ_ENTRIES) {
      expect(entry.id).toMatch(/^[a-z0-9-]+$/);
      expect(FAQ_TOPICS.map((topic) => topic.id)).toContain(entry.topic);
    }
  });

  it("feeds the landing page's FAQ from the same entries", () => {
    expect(questions.length).toBeGreaterThan(3);
    for (const question of questions) {
      expect(FAQ_ENTRIES).toContainEqual(expect.objectContaining(question));
    }
  });

  it("finds entries containing every word searched, in any case", () => {
    expect(searchFaq("  ").length).toBe(FAQ_ENTRIES.length);
    expect(searchFaq("DELETE account").map((entry) => entry.id)).toContain("delete-account");
    expect(searchFaq("minimum age").map((entry) => entry.id)).toEqual(["minimum-age"]);
    expect(searchFaq("zebra crossing")).toEqual([]);
  });
});
