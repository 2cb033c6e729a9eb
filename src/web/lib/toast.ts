import { useSyncExternalStore } from "react";

/** Spec §2/§9: one toast at a time, 5 s by default, 7 s for some; dismissed toasts are dropped after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const LONG_TOAST_DURATION_MS = 7000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds; TOAST_DURATION_MS unless given (LONG_TOAST_DURATION_MS where the spec says 7 s). */
  duration?: number;
  /** One button in the toast, e.g. Undo; `altText` tells screen-reader users how else to do it. */
  action?: { label: string; altText: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; the newest replaces the one on screen. */
export function toast(input: ToastInput) {
  nextId += 1;
  const id = String(nextId);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: Partial<ToastInput>) =>
      publish(toasts.map((item) => (item.id === id ? { ...item, ...changes } : item))),
  };
}

/** Closes one toast, or all of them without an id; each is removed after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id?: string) {
  publish(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
  for (const item of toasts) {
    if (item.open || removalTimers.has(item.id)) continue;
    removalTimers.set(
      item.id,
      setTimeout(() => {
        removalTimers.delete(item.id);
        publish(toasts.filter((other) => other.id !== item.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_TOASTS: ToastItem[] = [];

/** The toasts to render, newest first (none in a prerendered page: toasts only come from the browser). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => NO_TOASTS,
  );
}
