export type Question = { question: string; answer: string };

/** The landing FAQ; it states the spec's pricing facts, including that nothing is billed automatically. */
export const questions: Question[] = [
  {
    question: "Do I need a credit card to start the free trial?",
    answer:
      "No. The 30-day free trial starts with just a username, an e-mail address and a password. No card is asked for.",
  },
  {
    question: "Will I be charged automatically when the trial ends?",
    answer:
      "No. There is no automatic billing after the trial. When the 30 days are over you decide whether to subscribe for $21 per month; until you do, nothing is charged.",
  },
  {
    question: "How long does it take to get set up?",
    answer:
      "About 15 minutes. Import your existing spreadsheet of events and clients, or add your next few bookings by hand, fill in your speaker profile and you are ready.",
  },
  {
    question: "Can I bring my data from Excel, and take it out again?",
    answer:
      "Yes. Account Settings has a Data Management section where you can import an Excel workbook and export all of your events, clients, bureau partners and profile at any time.",
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. The subscription is month to month with no contract. Cancel whenever you like from your account.",
  },
  {
    question: "Does it work on my phone?",
    answer:
      "Yes. Podium runs in the browser on phones, tablets and computers, so you can check an event or send an invoice while you travel.",
  },
  {
    question: "Who can see my data?",
    answer:
      "Only you. Your records are private to your account; a planner sees your media kit only when you send them its link. You can export or delete everything from Account Settings.",
  },
];
