import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { showPendingToast } from "../lib/open-app.ts";
import { isPublicPageName, publicPages } from "./pages.ts";
import { PublicShell } from "./public-shell.tsx";
import "../styles.css";

/**
 * The browser entry of the prerendered public pages: makes the server's HTML interactive (hydration)
 * without rendering it again. The page is named by the root element's data-page attribute.
 */
async function hydrate() {
  const container = document.getElementById("root");
  const name = container?.dataset.page;
  if (!container || !isPublicPageName(name)) return;
  const { default: Page } = await publicPages[name].load();
  // A transition makes hydration interruptible: React yields to the browser every few milliseconds instead
  // of one long task, so a tap or scroll during start-up is answered at once (and Total Blocking Time stays low).
  startTransition(() => {
    hydrateRoot(
      container,
      <PublicShell>
        <Page />
      </PublicShell>,
    );
  });
  showPendingToast();
}

hydrate().catch((error: unknown) => {
  // The prerendered page stays readable; only its forms and dialogs are inert.
  console.error("React App Failed to Load", error);
});
