import { useEffect } from "react";

/**
 * The option a combobox highlights after an arrow key: the next or previous one, wrapping around; from no
 * highlight, ArrowDown starts at the first and ArrowUp at the last.
 */
export function moveHighlight(index: number, key: "ArrowDown" | "ArrowUp", count: number): number {
  const step = key === "ArrowDown" ? 1 : -1;
  if (index < 0) return step > 0 ? 0 : count - 1;
  return (index + step + count) % count;
}

/**
 * Keeps the element with this id in view inside its scrolling list, as the arrow keys move the highlight
 * of a combobox (whose input keeps the focus, so the browser does not scroll for it).
 */
export function useScrollIntoView(elementId: string | null) {
  useEffect(() => {
    if (elementId) document.getElementById(elementId)?.scrollIntoView({ block: "nearest" });
  }, [elementId]);
}
