import {
  BellRing,
  CalendarDays,
  ChartColumn,
  FilePen,
  FileSpreadsheet,
  LayoutList,
  type LucideIcon,
  MapPin,
  Receipt,
  Share2,
  UserRound,
} from "lucide-react";

export type Feature = { icon: LucideIcon; title: string; description: string };

/** One card per capability of the product (spec §1), in the order a speaker meets them. */
export const features: Feature[] = [
  {
    icon: CalendarDays,
    title: "Events, clients and bureaus",
    description:
      "Every booking from first inquiry to completed gig, linked to the client who hired you and the bureau partner who brought it.",
  },
  {
    icon: UserRound,
    title: "Speaker profile and media kit",
    description:
      "Your name, title, bio, website and contact details kept in one place, always current and ready to send.",
  },
  {
    icon: FilePen,
    title: "E-signature-ready contracts",
    description:
      "Generate a contract from the event details you already entered and send it out for signature in minutes.",
  },
  {
    icon: Receipt,
    title: "Invoices from your phone",
    description:
      "Bill the client from the green room or the airport gate. Fee and travel fee come straight from the event.",
  },
  {
    icon: Share2,
    title: "One-link media kit sharing",
    description:
      "Send event planners a single link to your media kit and resources instead of a chain of attachments.",
  },
  {
    icon: LayoutList,
    title: "Every event detail on one page",
    description:
      "Venue, address, time, contacts, audience size, fees and notes together, so nothing is buried in an e-mail thread.",
  },
  {
    icon: BellRing,
    title: "Follow-ups and action items",
    description:
      "Reminders for leads that went quiet and a dashboard that tells you what needs your attention today.",
  },
  {
    icon: MapPin,
    title: "Local recommendations",
    description:
      "Restaurants and things to do near each venue, for the evening before the keynote or the afternoon after.",
  },
  {
    icon: ChartColumn,
    title: "Income and reach insights",
    description:
      "Income, expenses, fees by state and total audience reach, so you can see which work is worth the travel.",
  },
  {
    icon: FileSpreadsheet,
    title: "Excel import and export",
    description:
      "Bring your existing spreadsheet in, and take a complete workbook of your data out whenever you like.",
  },
];
