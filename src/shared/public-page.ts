/**
 * What the server renders a public page with, and the browser hydrates it with (decision 042): the page's
 * address, and the answer its JSON call gives at that moment. A page shows that answer from its first paint,
 * without waiting for a script to fetch it.
 */
export type PublicPageProps = {
  /** The page's path as the browser asked for it (`/i/<token>`…). */
  path: string;
  /** The public JSON call's answer, exactly as that call would send it; absent where the page fetches its own. */
  answer?: PublicPageAnswer;
};

/** The status and body of a public JSON call (`{ error }` when it is not 200). */
export type PublicPageAnswer = { status: number; body: unknown };

/** The id of the `<script type="application/json">` element that carries the answer in the page's HTML. */
export const PAGE_ANSWER_ELEMENT_ID = "page-answer";

/** The message of an error answer (`{ error }`), or null. */
export function errorOfAnswer(answer: PublicPageAnswer): string | null {
  const { body } = answer;
  return typeof body === "object" && body !== null && "error" in body && typeof body.error === "string"
    ? body.error
    : null;
}
