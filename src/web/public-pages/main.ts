/*
 * The browser entry of the prerendered public pages. It is tiny on purpose: the page's text and layout
 * paint first, from the HTML and its inlined stylesheet alone, and only then does it fetch React and the
 * page module (both at once) and hydrate. On a slow phone the words are on screen before any script runs,
 * and the scripts no longer compete with the document for the link. The signed-in app's code is never
 * loaded here. The page is named by the root element's data-page attribute; a page the server rendered with
 * its data carries that data as JSON beside the root, and hydrates with it (decision 042).
 */
import { PAGE_ANSWER_ELEMENT_ID, type PublicPageProps } from "../../shared/public-page.ts";
import { isPublicPageName, publicPages } from "./pages.ts";
import "../styles.css";

/** The longest a page waits for its first paint before it loads its scripts anyway. */
const MAX_WAIT_FOR_PAINT_MS = 1000;

let hydrating = false;
/** The button a visitor pressed before the page was interactive, pressed again once it is. */
let pressedEarly: HTMLButtonElement | null = null;

/**
 * Until the page is interactive a button does nothing, so a press is held instead of lost: the scripts are
 * fetched at once, and the last button pressed is pressed again as soon as React listens (React hydrates
 * what was pressed first and then handles the press). Links keep working without any script.
 */
function holdEarlyPress(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  pressedEarly = button;
  startHydration();
}

function startHydration(): void {
  if (hydrating) return;
  hydrating = true;
  const container = document.getElementById("root");
  const name = container?.dataset.page;
  if (!container || !isPublicPageName(name)) return;
  Promise.all([import("./hydrate.tsx"), publicPages[name].load()])
    .then(([{ hydrate }, { default: Page }]) => {
      hydrate(container, Page, readPageProps());
      document.removeEventListener("click", holdEarlyPress, true);
      pressedEarly?.click();
      pressedEarly = null;
    })
    .catch((error: unknown) => {
      // The prerendered page stays readable; only its forms and dialogs are inert.
      console.error("React App Failed to Load", error);
    });
}

/** What the server rendered the page with: its address, and the answer it put into the HTML. */
function readPageProps(): PublicPageProps {
  const answer = document.getElementById(PAGE_ANSWER_ELEMENT_ID)?.textContent;
  return { path: window.location.pathname, answer: answer ? JSON.parse(answer) : undefined };
}

/** Starts hydration once the page has painted its first text (at most MAX_WAIT_FOR_PAINT_MS later). */
function hydrateAfterFirstPaint(): void {
  if (document.visibilityState === "hidden") {
    // A hidden tab paints nothing until it is shown: hydrate at once.
    startHydration();
  } else if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      startHydration();
    });
    observer.observe({ type: "paint", buffered: true });
    setTimeout(startHydration, MAX_WAIT_FOR_PAINT_MS);
  } else {
    // A frame's callbacks run before it paints; a task queued from one runs after.
    requestAnimationFrame(() => setTimeout(startHydration, 0));
  }
}

document.addEventListener("click", holdEarlyPress, true);
hydrateAfterFirstPaint();
