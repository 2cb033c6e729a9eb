/**
 * Scrolls to the element with this id (smoothly, unless the visitor prefers reduced motion: the global
 * stylesheet's `scroll-behavior` decides), records the anchor in the address bar, and moves keyboard
 * focus there, or to the first element matching `focusSelector` inside it, so typing can start at once.
 */
export function scrollToSection(id: string, focusSelector?: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: "start" });
  window.history.replaceState(window.history.state, "", `#${id}`);
  const focusTarget = (focusSelector && target.querySelector<HTMLElement>(focusSelector)) || target;
  if (focusTarget === target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  focusTarget.focus({ preventScroll: true });
}
