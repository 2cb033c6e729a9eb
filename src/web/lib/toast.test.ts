import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast, useToasts } from "./toast.ts";

vi.mock("react", () => ({ useSyncExternalStore: (_: unknown, read: () => unknown) => read() }));

describe("toast", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps at most one toast: the newest replaces the one shown", () => {
    toast({ title: "First" });
    const second = toast({ title: "Second", description: "Shown", variant: "destructive" });
    expect(useToasts()).toEqual([
      { id: second.id, title: "Second", description: "Shown", variant: "destructive", open: true },
    ]);
  });

  it("closes a dismissed toast at once and removes it after the removal delay", () => {
    vi.useFakeTimers();
    const shown = toast({ title: "Goodbye!" });
    shown.dismiss();
    expect(useToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(useToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToasts()).toEqual([]);
  });

  it("updates a toast in place", () => {
    const shown = toast({ title: "Saving" });
    shown.update({ title: "Saved" });
    expect(useToasts()[0]).toMatchObject({ id: shown.id, title: "Saved", open: true });
    dismissToast();
    expect(useToasts()[0]?.open).toBe(false);
  });
});
