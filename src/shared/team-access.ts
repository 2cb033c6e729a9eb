import type { TeamMemberRole, WorkspaceRole } from "./schemas/team.ts";

/**
 * What a speaker's data is, as DESIGN §11's role table groups it (decision 051): `book` (events, clients,
 * partners, profile, files, media kit, tasks, …), `contracts`, `money` (invoices, payments, expenses,
 * mileage), `read` (insights, exports, search, the dashboard) and `owner` (payout, billing, the team, account
 * settings, deletion).
 */
export type AccessKind = "book" | "contracts" | "money" | "read" | "owner";

/**
 * What each role may do with each kind: the one table the server enforces on every route
 * (platform/auth/route-access.ts) and the pages read to hide what a member cannot do.
 */
export const ROLE_ACCESS: Readonly<
  Record<AccessKind, Readonly<Record<WorkspaceRole, "change" | "read" | "none">>>
> = {
  book: { owner: "change", assistant: "change", bookkeeper: "read", viewer: "read" },
  contracts: { owner: "change", assistant: "change", bookkeeper: "read", viewer: "read" },
  money: { owner: "change", assistant: "change", bookkeeper: "change", viewer: "read" },
  read: { owner: "read", assistant: "read", bookkeeper: "read", viewer: "read" },
  owner: { owner: "change", assistant: "none", bookkeeper: "none", viewer: "none" },
};

/** Whether `role` may change data of `kind`. */
export function canChange(kind: AccessKind, role: WorkspaceRole): boolean {
  return ROLE_ACCESS[kind][role] === "change";
}

/** What each member role may do, in a sentence (the welcome after joining, the team page). */
export const ROLE_SUMMARY: Readonly<Record<TeamMemberRole, string>> = {
  assistant:
    "An assistant changes everything in the book — events, clients, files, the media kit, contracts, invoices and follow-ups — but not the speaker's billing, team, payouts, payment instructions or account settings.",
  bookkeeper:
    "A bookkeeper changes invoices, payments, expenses and mileage (not the payment instructions on invoices), and reads the events, clients, partners and contracts without changing them.",
  viewer: "A viewer reads everything in the book, insights and exports included, and changes nothing.",
};
