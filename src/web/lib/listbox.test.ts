import { describe, expect, it } from "vitest";
import { moveHighlight } from "./listbox.ts";

describe("moveHighlight", () => {
  it("starts at the first option going down and at the last going up", () => {
    expect(moveHighlight(-1, "ArrowDown", 5)).toBe(0);
    expect(moveHighlight(-1, "ArrowUp", 5)).toBe(4);
  });

  it("moves one step and wraps around at either end", () => {
    expect(moveHighlight(2, "ArrowDown", 5)).toBe(3);
    expect(moveHighlight(2, "ArrowUp", 5)).toBe(1);
    expect(moveHighlight(4, "ArrowDown", 5)).toBe(0);
    expect(moveHighlight(0, "ArrowUp", 5)).toBe(4);
  });
});
