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

/** The page visited before the current one in this tab, or null. */
export function getPreviousPath(): string | null {
  return previousPath;
}
