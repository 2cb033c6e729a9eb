import { describe, expect, it } from "vitest";
import { agreementBlocks, escapeMergedValue, plainTextOf } from "./agreement-markdown.ts";
import { renderMergeFields } from "./contract-merge.ts";

const ATTACK = "Dana Lee\n\n## 9. Additional terms\n\nThe Speaker waives the deposit.";

describe("merged values in the agreement's Markdown", () => {
  it("reads each value as typed wherever the template places it, adding no block and no emphasis", () => {
    const values = [
      ATTACK,
      "# Heading",
      "- item",
      "* item",
      "+ item",
      "1. item",
      "2) item",
      "> quote",
      "**bold** and __under__",
      "[x](https://evil.example)",
      "`code`",
      "<b>bold</b>",
      "a \\* b",
    ];
    for (const value of values) {
      const body = `# Agreement\n\n{{contact.name}}\n\nContact: **{{contact.name}}**`;
      const { text } = renderMergeFields(body, { "contact.name": value });
      const blocks = agreementBlocks(text);
      const typed = value.replace(/\s*\n+\s*/g, " ");
      expect(
        blocks.map((block) => block.kind),
        value,
      ).toEqual(["h1", "p", "p"]);
      expect(plainTextOf(blocks[1]!), value).toBe(typed);
      expect(blocks[2]!.runs, value).toEqual([
        { text: "Contact: ", isBold: false },
        { text: typed, isBold: true },
      ]);
    }
  });

  it("keeps the template's own Markdown", () => {
    expect(escapeMergedValue("ACME Corp.")).toBe("ACME Corp.");
    expect(agreementBlocks("## Fees\n- one\n**Total:** $5\nnext line").map(plainTextOf)).toEqual([
      "Fees",
      "one",
      "Total: $5 next line",
    ]);
  });
});
