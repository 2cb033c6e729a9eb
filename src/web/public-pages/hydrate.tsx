import type { ComponentType } from "react";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import type { PublicPageProps } from "../../shared/public-page.ts";
import { showPendingToast } from "../lib/open-app.ts";
import { PublicShell } from "./public-shell.tsx";

/** Makes the server's HTML of a public page interactive (hydration) without rendering it again. */
export function hydrate(
  container: HTMLElement,
  Page: ComponentType<PublicPageProps>,
  props: PublicPageProps,
): void {
  // A transition makes hydration interruptible: React yields to the browser every few milliseconds instead
  // of one long task, so a tap or scroll during start-up is answered at once (and Total Blocking Time stays low).
  startTransition(() => {
    hydrateRoot(
      container,
      <PublicShell>
        <Page {...props} />
      </PublicShell>,
    );
  });
  showPendingToast();
}
