import { PUBLIC_BUTTON_SECONDARY } from "../../../public-pages/public-link.tsx";

export const THANK_YOU = "Thank you! Your answers are with the speaker.";

/**
 * The planner's answers are sent: the thanks, and until the talk's day a way to change them. The server says
 * whether that day has passed (`canChange`), in the speaker's calendar, so the page never guesses by its clock.
 */
export function AnsweredNotice({ canChange, onChange }: { canChange: boolean; onChange: () => void }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="rounded-lg bg-success-soft p-4 text-sm text-success">
        {THANK_YOU}
      </p>
      {canChange && (
        <button
          type="button"
          onClick={onChange}
          className={`${PUBLIC_BUTTON_SECONDARY} sm:justify-self-start`}
        >
          Change my answers
        </button>
      )}
    </div>
  );
}
