import {
  BadgeCheck,
  Banknote,
  CalendarCheck,
  CalendarDays,
  CalendarPlus,
  Car,
  ChartColumn,
  CircleCheckBig,
  Download,
  FileSignature,
  FileSpreadsheet,
  Hand,
  Images,
  Inbox,
  Link2,
  ListChecks,
  type LucideIcon,
  MailCheck,
  PenLine,
  Receipt,
  ReceiptText,
  Share2,
  Trash2,
  UserRound,
} from "lucide-react";

/** What the Essential setup checklist can tick from the account's own data. */
export type SetupFact =
  | "emailVerified"
  | "profileSaved"
  | "mediaKitPublished"
  | "bookImported"
  | "eventExists";

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
        title: "Publish your media kit",
        body: "In Profile → Media kit, choose your kit's address and add your headline, bio and topics. Then one link shows planners everything, and your inquiry form is ready for your website.",
        icon: Images,
        link: { to: "/profile?tab=media-kit", label: "Media kit" },
        doneWhen: "mediaKitPublished",
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
      {
        title: "Put your gigs in your phone's calendar",
        body: "Account Settings → Calendar gives you a private feed address: add it to your phone's calendar and every hold and confirmed talk shows up there, and follows each change.",
        icon: CalendarDays,
        link: { to: "/account-settings?tab=calendar", label: "Calendar feed" },
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
        body: "Once the date is agreed but not yet contracted, change the status to Hold. The dashboard asks you to follow up on an Inquiry or a Hold untouched for 14 days, and your action list adds its tasks.",
        icon: Hand,
      },
      {
        title: "Send the agreement",
        body: "On the event, under Contracts, draft the agreement from your template and send it: the planner signs on their phone, you countersign, and both of you get the sealed PDF.",
        icon: FileSignature,
      },
      {
        title: "Invoice the deposit",
        body: "On the event, press Invoice and choose deposit and balance: two invoices that add up to your fee. Send the deposit at once; the planner can pay it by card when you have connected card payments.",
        icon: ReceiptText,
        link: { to: "/invoices", label: "Invoices" },
      },
      {
        title: "Confirm the booking",
        body: "When the agreement is signed and the deposit is in, set the status to Confirmed. Confirmed and completed fees count toward your booked total and your annual goal.",
        icon: CalendarCheck,
      },
      {
        title: "Collect the balance",
        body: "Send the balance invoice before the event; reminders go out on their own around its due date until it is paid, and the dashboard lists what is overdue.",
        icon: Banknote,
        link: { to: "/invoices", label: "Invoices" },
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
    id: "expenses-and-taxes",
    title: "Expenses and taxes",
    summary: "Every cost and mile kept with its receipt, and the year's figures ready for your accountant.",
    minutes: 5,
    steps: [
      {
        title: "Snap a receipt as you pay",
        body: "In Expenses, tap Add expense: the amount, the category, the date (today) and a photo of the receipt, taken with your phone's camera, are all it needs. More details adds the vendor, the event and whether the client pays it back.",
        icon: Receipt,
        link: { to: "/expenses", label: "Expenses" },
      },
      {
        title: "Bill the client for travel",
        body: "Tick Billable to the client on a cost of an event. When you edit that event's invoice, its billable expenses are listed there: Add line puts each one on the invoice.",
        icon: ReceiptText,
      },
      {
        title: "Log your miles",
        body: "On the Mileage tab, record each drive with its date, from, to, purpose and miles (tick Round trip to count it both ways): that is the log the IRS asks for. Each trip takes its year's rate from Rate per mile, where you can change a year or add the next one.",
        icon: Car,
        link: { to: "/expenses?tab=mileage", label: "Mileage" },
      },
      {
        title: "See the year in Insights",
        body: "Insights sets what you booked, invoiced and collected against your goal, your costs and your net, and maps your fees by state: each state where you earn may want a tax return. Tap a state to see its events.",
        icon: ChartColumn,
        link: { to: "/insights", label: "Insights" },
      },
      {
        title: "Hand over the tax summary",
        body: "In Insights, choose the year and press Tax summary: a workbook with your income by state, your expenses by category and the mileage log, with real numbers and dates, for you or your accountant.",
        icon: FileSpreadsheet,
        link: { to: "/insights", label: "Insights" },
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
