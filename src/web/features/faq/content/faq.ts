/**
 * The one source of Podium's questions and answers: /faq shows them all, grouped by topic; the landing
 * page's FAQ shows those marked `isOnLanding` (landing/content/faq.ts). Each `id` is the entry's anchor
 * (/faq#<id>), so keep ids stable once published.
 */
export type FaqTopic = "trial-and-pricing" | "your-data" | "your-account" | "using-podium";

export type FaqEntry = {
  id: string;
  topic: FaqTopic;
  question: string;
  answer: string;
  isOnLanding?: boolean;
};

export const FAQ_TOPICS: { id: FaqTopic; title: string }[] = [
  { id: "trial-and-pricing", title: "Trial and pricing" },
  { id: "your-data", title: "Your data" },
  { id: "your-account", title: "Your account" },
  { id: "using-podium", title: "Using Podium" },
];

export const FAQ_ENTRIES: FaqEntry[] = [
  {
    id: "credit-card-for-trial",
    topic: "trial-and-pricing",
    question: "Do I need a credit card to start the free trial?",
    answer:
      "No. The 30-day free trial starts with just a username, an e-mail address and a password. No card is asked for.",
    isOnLanding: true,
  },
  {
    id: "billing-after-trial",
    topic: "trial-and-pricing",
    question: "Will I be charged automatically when the trial ends?",
    answer:
      "No. There is no automatic billing after the trial. When the 30 days are over you decide whether to subscribe for $21 per month; until you do, nothing is charged.",
    isOnLanding: true,
  },
  {
    id: "price",
    topic: "trial-and-pricing",
    question: "How much does Podium cost?",
    answer:
      "$21 per month after the 30-day free trial, for everything Podium does. There are no tiers, no per-event fees and no setup charge.",
  },
  {
    id: "cancel-anytime",
    topic: "trial-and-pricing",
    question: "Can I cancel anytime?",
    answer:
      "Yes. The subscription is month to month with no contract. Cancel whenever you like from your account.",
    isOnLanding: true,
  },
  {
    id: "setup-time",
    topic: "using-podium",
    question: "How long does it take to get set up?",
    answer:
      "About 15 minutes. Import your existing spreadsheet of events and clients, or add your next few bookings by hand, fill in your speaker profile and you are ready. The Essential setup tutorial walks you through it.",
    isOnLanding: true,
  },
  {
    id: "import-and-export",
    topic: "your-data",
    question: "Can I bring my data from Excel, and take it out again?",
    answer:
      "Yes. Account Settings has a Data Management section where you can import an Excel workbook and export all of your events, clients, bureau partners and profile at any time.",
    isOnLanding: true,
  },
  {
    id: "where-data-is-stored",
    topic: "your-data",
    question: "Where is my data stored?",
    answer:
      "Your events, clients and profile are kept in Podium's database on our servers, and uploaded files in our file storage — not only in your browser — so they are there on every device you sign in from. Connections are encrypted, and passwords are stored only as one-way hashes.",
  },
  {
    id: "who-sees-my-data",
    topic: "your-data",
    question: "Who can see my data?",
    answer:
      "Only you. Your records are private to your account; a planner sees your media kit only when you send them its link. Podium's administrators see account facts such as your username and e-mail address, never the contents of your events or clients. You can export or delete everything from Account Settings.",
    isOnLanding: true,
  },
  {
    id: "backup",
    topic: "your-data",
    question: "How do I keep a copy of everything?",
    answer:
      "In Account Settings, Data Management exports an Excel workbook with your events, clients, bureau partners and profile, and a complete backup as a JSON file. Either can be taken at any time, as often as you like.",
  },
  {
    id: "delete-account",
    topic: "your-account",
    question: "How do I delete my account?",
    answer:
      "Open Account Settings and its Danger Zone tab, confirm with your password, and your account and everything it holds — events, clients, bureau partners, profile and files — are deleted for good. Export a copy first if you want to keep one.",
  },
  {
    id: "minimum-age",
    topic: "your-account",
    question: "Is there a minimum age?",
    answer: "Yes. You must be at least 18 years old to use Podium, as the Terms and Conditions say.",
  },
  {
    id: "forgot-password",
    topic: "your-account",
    question: "I forgot my password or my username. What now?",
    answer:
      'On the sign-in page choose "Forgot password?" or "Forgot username?" and enter your e-mail address. If it belongs to an account, we e-mail you a reset link (valid for one hour) or your username.',
  },
  {
    id: "verify-email",
    topic: "your-account",
    question: "Why should I verify my e-mail address?",
    answer:
      "So that password resets and reminders reach you. Open the link we sent when you registered; Account Settings can send a new one.",
  },
  {
    id: "phone",
    topic: "using-podium",
    question: "Does it work on my phone?",
    answer:
      "Yes. Podium runs in the browser on phones, tablets and computers, so you can check an event or send an invoice while you travel.",
    isOnLanding: true,
  },
  {
    id: "event-statuses",
    topic: "using-podium",
    question: "What do the event statuses mean?",
    answer:
      "Inquiry is a lead, Hold is a date held without a contract, Confirmed is booked, Completed is delivered. Postponed and Cancelled keep the record without counting it as booked. The dashboard asks you to follow up on an Inquiry or Hold untouched for 14 days.",
  },
  {
    id: "get-help",
    topic: "using-podium",
    question: "Something is not working. How do I get help?",
    answer:
      "Send us a message with Contact Us at the bottom of every page, or tell us on the Feedback page. If support asks for details, the Diagnostic page gathers them in one report you can copy.",
  },
];

/** Entries whose question or answer contains every word of `query` (any case); all of them for a blank query. */
export function searchFaq(query: string, entries: FaqEntry[] = FAQ_ENTRIES): FaqEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.question} ${entry.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
