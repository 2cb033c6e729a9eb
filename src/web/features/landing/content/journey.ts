import { FolderKanban, type LucideIcon, Mic, Upload } from "lucide-react";

export type Step = { icon: LucideIcon; title: string; description: string };

/** How It Works: the three steps of spec §2, with the spec's claim of about 15 minutes of setup. */
export const steps: Step[] = [
  {
    icon: Upload,
    title: "Import your data",
    description:
      "Upload the spreadsheet you already keep, or start from our Excel template. Events, clients and bureau partners come in together.",
  },
  {
    icon: FolderKanban,
    title: "Organize everything",
    description:
      "Podium links each event to its client and bureau, fills your dashboard and shows what needs a follow-up.",
  },
  {
    icon: Mic,
    title: "Focus on performance",
    description:
      "With the business side in one place, your time goes back to writing, rehearsing and delivering the talk.",
  },
];

export const SETUP_MINUTES = 15;

/** The before-and-after lists: what a speaker juggles today, and what Podium does instead. */
export const problems: string[] = [
  "Event details scattered across e-mail threads, texts and calendar invites",
  "A spreadsheet of bookings that is out of date the day after you update it",
  "Contracts and invoices rebuilt by hand for every engagement",
  "Leads that go cold because nobody reminded you to follow up",
  "No clear picture of what you earned, spent or where your audiences are",
];

export const solutions: string[] = [
  "One page per event with the venue, contacts, fees and notes",
  "A live list of events, clients and bureau partners you can search in seconds",
  "Contracts and invoices generated from the details you already entered",
  "Follow-up reminders and dashboard action items for every open lead",
  "Income, expenses, fees by state and audience reach at a glance",
];

export type Challenge = { title: string; description: string };

/** Challenge cards: the business problems speakers describe most, each paired with how Podium helps. */
export const challenges: Challenge[] = [
  {
    title: "The admin never stops",
    description:
      "Every booking brings a contract, an invoice, travel details and a dozen e-mails. Podium keeps them on the event, not in your inbox.",
  },
  {
    title: "Bureaus and direct clients mix",
    description:
      "Track which bureau brought which booking and who the client really is, so commissions and relationships stay clear.",
  },
  {
    title: "Planners need your materials now",
    description:
      "Share your media kit with one link that is always current, instead of hunting for the latest headshot and bio.",
  },
  {
    title: "Life on the road",
    description:
      "Check the venue address, send the invoice and find dinner nearby, all from your phone between sessions.",
  },
];
