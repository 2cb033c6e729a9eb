import { useEffect } from "react";
import { useLocation } from "react-router";

let currentPath: string | null = null;
let previousPath: string | null = null;

/** Remembers the signed-in pages visited, so the feedback form can say which page it came from. */
export function useTrackPages() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const path = `${pathname}${search}`;
    if (path === currentPath) return;
    previousPath = currentPath;
    currentPath = path;
  }, [pathname, search]);
}

/**
 * The page visited before `here` in this tab, or null. A page that asks while rendering may run before
 * the tracker has recorded it, in which case the last recorded page is the one it came from.
 */
export function getReferringPath(here: string): string | null {
  return currentPath !== null && currentPath !== here ? currentPath : previousPath;
}
