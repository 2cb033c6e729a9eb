import {
  BadgeCheck,
  CalendarCheck,
  CalendarPlus,
  CircleCheckBig,
  Download,
  FileSpreadsheet,
  Hand,
  Images,
  Inbox,
  Link2,
  ListChecks,
  type LucideIcon,
  MailCheck,
  PenLine,
  Share2,
  Trash2,
  UserRound,
} from "lucide-react";

/** What the Essential setup checklist can tick from the account's own data. */
export type SetupFact = "emailVerified" | "profileSaved" | "bookImported" | "eventExists";

export type GuideStep = {
  title: string;
  body: string;
  icon: LucideIcon;
  link?: { to: string; label: string };
  /** Ticked when this fact about the account holds (Essential setup only). */
  doneWhen?: SetupFact;
};

export type Guide = { id: string; title: string; summary: string; minutes: number; steps: GuideStep[] };

/** The tutorials of /tutorials, in order; `id` is the `?focus=` value and the anchor. */
export const GUIDES: Guide[] = [
  {
    id: "essential-setup",
    title: "Essential setup",
    summary: "Everything Podium needs from you on day one, ticked off as you do it.",
    minutes: 15,
    steps: [
      {
        title: "Verify your e-mail address",
        body: "Open the link we e-mailed when you registered, so password resets and reminders reach you. Account Settings sends a new link if the first one expired.",
        icon: MailCheck,
        link: { to: "/account-settings", label: "Account Settings" },
        doneWhen: "emailVerified",
      },
      {
        title: "Fill in your speaker profile",
        body: "Your name, title, business details and bio. They head your workbook export and everything you share with planners, and set your annual goal on the dashboard.",
        icon: UserRound,
        link: { to: "/profile", label: "Edit your profile" },
        doneWhen: "profileSaved",
      },
      {
        title: "Import your spreadsheet",
        body: "Already track bookings in Excel? In Data Management, download the template or your own export, then import it: a dry run lists every row it would change, and nothing is written until the whole file is right.",
        icon: FileSpreadsheet,
        link: { to: "/account-settings?tab=data", label: "Data Management" },
        doneWhen: "bookImported",
      },
      {
        title: "Add your first event",
        body: "Record your next talk with its date, venue and fee. Name the client and Podium links or creates the client record for you.",
        icon: CalendarPlus,
        link: { to: "/events?new=1", label: "Add an event" },
        doneWhen: "eventExists",
      },
    ],
  },
  {
    id: "booking-to-payday",
    title: "Booking to payday",
    summary: "Carry an engagement from the first inquiry to the completed talk, with nothing forgotten.",
    minutes: 5,
    steps: [
      {
        title: "Log the inquiry",
        body: "When a planner gets in touch, add the event with the status Inquiry, the client and what you know of the date and fee. It now counts in your pipeline on the dashboard.",
        icon: Inbox,
        link: { to: "/events?new=1", label: "Add an event" },
      },
      {
        title: "Hold the date",
        body: "Once the date is agreed but not yet contracted, change the status to Hold. The dashboard asks you to follow up on an Inquiry or a Hold untouched for 14 days.",
        icon: Hand,
      },
      {
        title: "Confirm the booking",
        body: "When the agreement is signed, set the status to Confirmed. Confirmed and completed fees count toward your booked total and your annual goal.",
        icon: CalendarCheck,
      },
      {
        title: "Prepare the trip",
        body: "Before the day, make sure the event has the venue's street address and the contact's e-mail: the dashboard's action items remind you of what is missing as the date nears.",
        icon: ListChecks,
        link: { to: "/", label: "Dashboard" },
      },
      {
        title: "Mark it completed",
        body: "After the talk, set the status to Completed. Your completed fees for the year and each client's total update at once.",
        icon: CircleCheckBig,
        link: { to: "/events", label: "Your events" },
      },
    ],
  },
  {
    id: "sharing-your-media-kit",
    title: "Sharing your media kit",
    summary: "One link a planner opens on any device: your headshot, bio, topics, videos and files.",
    minutes: 10,
    steps: [
      {
        title: "Write your media kit",
        body: "In Profile, open the Media kit tab. Choose your kit's address (slug), then add a headline, a short and a long bio, your topics with their formats and audiences, your fee range, videos (YouTube or Vimeo links) and testimonials. Save the media kit.",
        icon: PenLine,
        link: { to: "/profile?tab=media-kit", label: "Media kit" },
      },
      {
        title: "Add headshots and files",
        body: "Upload your headshots (the first is your primary one; move another up or make it primary) and the files planners ask for: your one-sheet, intro script, rider, handouts. Podium also makes a one-sheet PDF from your kit: download it from the top of the tab.",
        icon: Images,
        link: { to: "/profile?tab=media-kit", label: "Media kit" },
      },
      {
        title: "Create a link",
        body: "In the Share links tab, create a Media kit link, or a Files link with just the files you choose (optionally for one event). Give it a label such as “ACME sales kickoff” and, if you like, an expiry.",
        icon: Link2,
        link: { to: "/profile?tab=share-links", label: "Share links" },
      },
      {
        title: "Copy or share it right away",
        body: "The link's address is shown only once, right after you create it: copy it with one tap, or on a phone send it with the share sheet. Podium keeps only a fingerprint of it; if you lose it, create a new link.",
        icon: Share2,
      },
      {
        title: "See who opened it, and revoke it",
        body: "The list shows each link's views, when it was last opened and its downloads (your own visits are not counted). Revoke a link at any time: from then on it shows “This link is no longer available”.",
        icon: Trash2,
        link: { to: "/profile?tab=share-links", label: "Share links" },
      },
    ],
  },
  {
    id: "your-data",
    title: "Keeping your data safe",
    summary: "Take a copy of everything, bring it back, or remove it for good.",
    minutes: 3,
    steps: [
      {
        title: "Export a workbook",
        body: "Data Management exports your events, clients, bureau partners and profile as an Excel workbook that opens anywhere and can be imported again.",
        icon: Download,
        link: { to: "/account-settings?tab=data", label: "Data Management" },
      },
      {
        title: "Keep a complete backup",
        body: "The complete backup downloads everything as one JSON file. Take one before big changes, as often as you like.",
        icon: BadgeCheck,
      },
      {
        title: "Delete your account",
        body: "The Danger Zone in Account Settings deletes your account and everything it holds, after you confirm with your password.",
        icon: Trash2,
        link: { to: "/account-settings?tab=danger", label: "Danger Zone" },
      },
    ],
  },
];
