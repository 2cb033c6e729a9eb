import { FAQ_ENTRIES } from "../../faq/content/faq.ts";

export type Question = { question: string; answer: string };

/** The landing FAQ: the entries of the shared FAQ (faq/content/faq.ts) chosen for it, in its order. */
export const questions: Question[] = FAQ_ENTRIES.filter((entry) => entry.isOnLanding).map(
  ({ question, answer }) => ({ question, answer }),
);
