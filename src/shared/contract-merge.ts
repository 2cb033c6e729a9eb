import { escapeMergedValue } from "./agreement-markdown.ts";

/**
 * Merge fields of contract templates (DESIGN §10): `{{event.title}}` and the like. The list is served by
 * `/api/contract-templates/fields`; the renderer fills them in for the preview, the draft and the PDF.
 */
export const MERGE_FIELDS = [
  { name: "event.title", description: "The event's title", example: "ACME Sales Kickoff 2027" },
  { name: "event.date", description: "The event's date, written out", example: "March 4, 2027" },
  { name: "event.time", description: "The event's start time", example: "9:00 AM" },
  { name: "event.venue", description: "The venue's name", example: "Hilton Austin" },
  {
    name: "event.address",
    description: "The venue's street address, city, state and ZIP code",
    example: "500 E 4th St, Austin, TX 78701",
  },
  { name: "event.attendees", description: "Expected audience size", example: "450" },
  { name: "event.description", description: "What the engagement is", example: "Opening keynote" },
  { name: "fee.speaking", description: "The speaking fee", example: "$12,000.00" },
  { name: "fee.travel", description: "The travel fee (flat)", example: "$1,500.00" },
  { name: "fee.total", description: "Speaking and travel fee together", example: "$13,500.00" },
  {
    name: "deposit.amount",
    description: "The deposit: half the total fee, rounded half up to the cent",
    example: "$6,750.00",
  },
  {
    name: "deposit.dueDate",
    description: "When the deposit is due: 14 days after the contract is drafted",
    example: "November 20, 2026",
  },
  { name: "balance.amount", description: "The balance: the total less the deposit", example: "$6,750.00" },
  {
    name: "balance.dueDate",
    description: "When the balance is due: the event's date",
    example: "March 4, 2027",
  },
  { name: "client.name", description: "The client's name, from the client record", example: "ACME Corp." },
  { name: "client.company", description: "The client's company", example: "ACME Corporation" },
  { name: "client.email", description: "The client's e-mail", example: "events@acme.com" },
  { name: "contact.name", description: "The event's contact person", example: "Dana Lee" },
  { name: "contact.email", description: "The event's contact e-mail", example: "dana@acme.com" },
  { name: "contact.phone", description: "The event's contact phone", example: "(512) 555-0101" },
  { name: "speaker.name", description: "Your name from your profile", example: "Jordan Rivera" },
  { name: "speaker.businessName", description: "Your business name", example: "Rivera Speaking LLC" },
  { name: "speaker.email", description: "Your business e-mail", example: "jordan@rivera.com" },
  { name: "speaker.phone", description: "Your business phone", example: "(512) 555-0100" },
  { name: "speaker.address", description: "Your business address", example: "12 Elm St, Austin, TX 78701" },
  { name: "today", description: "Today's date, written out", example: "November 6, 2026" },
] as const;

/** The event's own fields that the merge fields above read (event.*, fee.*, deposit.*, balance.*, contact.*). */
export const MERGED_EVENT_FIELDS: ReadonlySet<string> = new Set([
  "title",
  "date",
  "time",
  "venueName",
  "streetAddress",
  "city",
  "state",
  "zipCode",
  "attendees",
  "description",
  "fee",
  "travelFee",
  "contactName",
  "contactEmail",
  "contactPhone",
]);

export type MergeFieldName = (typeof MERGE_FIELDS)[number]["name"];
export type MergeValues = Partial<Record<MergeFieldName, string | null>>;

const FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS.map((field) => field.name));

/** What a missing value shows: a line to fill in by hand, never the raw braces. */
export const BLANK_LINE = "______________";

/** The merge fields a template names that do not exist, in order of appearance, each once. */
export function unknownMergeFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(FIELD_PATTERN)) {
    if (!KNOWN.has(match[1]!)) unknown.add(match[1]!);
  }
  return [...unknown];
}

/**
 * The template with every field filled in, each value as literal text (never Markdown: a value cannot add a
 * heading, a clause or emphasis); fields without a value become a blank line and are listed.
 */
export function renderMergeFields(body: string, values: MergeValues) {
  const missing = new Set<string>();
  const text = body.replace(FIELD_PATTERN, (raw, name: string) => {
    if (!KNOWN.has(name)) return raw;
    const value = values[name as MergeFieldName]?.trim();
    if (value) return escapeMergedValue(value);
    missing.add(name);
    return BLANK_LINE;
  });
  return { text, missing: [...missing] };
}
