import type { ReactNode } from "react";

/** A link-styled button that switches the auth form's mode. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}
