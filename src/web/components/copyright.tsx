import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * "© 2026 Podium": the year is the browser's, read as the page renders. A page prerendered at build time
 * (or rendered by the server) carries no year until it hydrates, so no build's year is ever shown as today's
 * and hydration never meets a different text.
 */
export function Copyright() {
  const year = useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => null,
  );
  return <>{year === null ? "© Podium" : `© ${year} Podium`}</>;
}
