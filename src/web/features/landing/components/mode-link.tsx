import type { ReactNode } from "react";

/**
 * A link-styled button that switches the auth form's mode. Pressing it keeps focus where it is, so the
 * field being left does not validate on blur and push this link away before the click lands.
 */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </button>
  );
}
