import type { EventStatus } from "./schemas/event-status.ts";

/**
 * The export/import workbook of spec §3: sheet names and header texts word for word (the asterisks
 * included), shared so the browser can show them next to the import. DESIGN §8 decides which columns
 * must really be filled on import (`isRequired`): only Event Name, Date, Client and Bureau Name.
 */

export const SHEET_NAMES = {
  events: "Events",
  clients: "Clients",
  bureauPartners: "Bureau Partners",
  profile: "Profile",
} as const;

export type WorkbookColumn<Key extends string = string> = {
  key: Key;
  header: string;
  isRequired?: boolean;
};

export const EVENT_COLUMNS = [
  { key: "title", header: "Event Name*", isRequired: true },
  { key: "date", header: "Date*", isRequired: true },
  { key: "venueName", header: "Venue/Hotel Name*" },
  { key: "streetAddress", header: "Street Address" },
  { key: "city", header: "City*" },
  { key: "state", header: "State*" },
  { key: "zipCode", header: "Zip Code" },
  { key: "fee", header: "Speaking Fee*" },
  { key: "travelFee", header: "Travel Fee" },
  { key: "grossFee", header: "Gross Fee" },
  { key: "status", header: "Status*" },
  { key: "description", header: "Description" },
  { key: "notes", header: "Notes" },
  { key: "source", header: "Source" },
  { key: "attendees", header: "Attendees" },
  { key: "time", header: "Time" },
  { key: "industry", header: "Industry" },
  { key: "bureauPartnerName", header: "Bureau Partner" },
  { key: "bureauRepName", header: "Bureau Rep" },
  { key: "contactName", header: "Contact Name" },
  { key: "contactEmail", header: "Contact Email" },
  { key: "clientName", header: "Client*" },
  // Podium's own columns come after the spec's, whose headers keep their order.
  { key: "commission", header: "Commission" },
  { key: "netFee", header: "Net Fee" },
  { key: "contactPhone", header: "Contact Phone" },
  { key: "arrivalTime", header: "Arrival Time" },
] as const satisfies readonly WorkbookColumn[];

export const CLIENT_COLUMNS = [
  { key: "name", header: "Client*", isRequired: true },
  { key: "email", header: "Email" },
  { key: "phone", header: "Phone" },
  { key: "website", header: "Website" },
  { key: "notes", header: "Notes" },
  // After the spec's columns: a client's company leaves Podium and comes back through the workbook.
  { key: "company", header: "Company" },
] as const satisfies readonly WorkbookColumn[];

export const BUREAU_PARTNER_COLUMNS = [
  { key: "name", header: "Bureau Name*", isRequired: true },
  { key: "contactName", header: "Contact Name" },
  { key: "email", header: "Email" },
  { key: "phone", header: "Phone" },
  { key: "website", header: "Website" },
  { key: "notes", header: "Notes" },
  // After the spec's columns: the bureau's commission rate on the speaking fee.
  { key: "commissionBasisPoints", header: "Commission" },
] as const satisfies readonly WorkbookColumn[];

export const PROFILE_HEADERS = ["Field", "Value"] as const;

/** The Profile sheet's rows, one per profile field, in this order. */
export const PROFILE_FIELDS = [
  { key: "name", label: "Name" },
  { key: "title", label: "Title" },
  { key: "businessName", label: "Business Name" },
  { key: "phone", label: "Phone" },
  { key: "email", label: "Email" },
  { key: "website", label: "Website" },
  { key: "address", label: "Address" },
  { key: "city", label: "City" },
  { key: "state", label: "State" },
  { key: "zipCode", label: "Zip Code" },
  { key: "bio", label: "Bio" },
  { key: "annualGoal", label: "Annual Goal" },
] as const;

/** Other words speakers use for a status; the labels themselves are accepted in any case too (DESIGN §4). */
export const EVENT_STATUS_SYNONYMS: Record<string, EventStatus> = {
  lead: "inquiry",
  held: "hold",
  booked: "confirmed",
  canceled: "cancelled",
  closed: "completed",
};

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
