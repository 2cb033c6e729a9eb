import type { WorkspaceRole } from "../../../shared/schemas/team.ts";
import { type AccessKind, ROLE_ACCESS } from "../../../shared/team-access.ts";

/**
 * What a route touches, as DESIGN §11's role table names it (decision 051):
 * - `book`: the book of business (events, clients, partners, profile, files, media kit, share links, tasks,
 *   the action list, the calendar feed, holds, bookings, testimonials, questionnaires) — owner and assistant change it, the others read it;
 * - `contracts`: templates and contracts — as `book`, named apart so the refusal says what it refuses;
 * - `money`: invoices, payments, invoice settings, expenses, mileage — the bookkeeper changes them too;
 * - `read`: insights, exports, search, the dashboard — every role reads, nobody changes;
 * - `owner`: payout, billing, the team, account settings, deletion — the owner only, reads included;
 * - `self`: the login's own things (its session, workspaces, security, feedback) — acts as the login;
 * - `admin`: the administrator's pages — acts as the login, whose admin role the route checks;
 * - `public`: no session needed (sign-in, public links, webhooks, probes).
 */
export type RouteAccess = AccessKind | "self" | "admin" | "public";

/**
 * Every /api route's access, by route pattern (the method decides read or change: GET and HEAD read). The
 * one table the server enforces and the route matrix test (team/route-matrix.test.ts) checks: a route missing
 * here is refused to signed-in callers and fails that test.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  "/api/csrf-token": "public",
  "/api/openapi.json": "public",
  "/api/health": "public",
  "/api/ready": "public",
  "/api/contact": "public",
  "/api/register": "public",
  "/api/login": "public",
  "/api/auth/request-reset": "public",
  "/api/auth/forgot-password": "public",
  "/api/auth/recover-username": "public",
  "/api/auth/resend-verification": "public",
  "/api/auth/verify-email": "public",
  "/api/auth/reset-password/:token": "public",
  "/api/auth/reset-password": "public",
  "/api/public/share/:token": "public",
  "/api/public/share/:token/files/:fileId": "public",
  "/api/public/share/:token/one-sheet.pdf": "public",
  "/api/public/share/:token/files.zip": "public",
  "/api/public/promo/:code": "public",
  "/api/public/contracts/:token": "public",
  "/api/public/contracts/:token/pdf": "public",
  "/api/public/contracts/:token/sign": "public",
  "/api/public/contracts/:token/decline": "public",
  "/api/public/invoices/:token": "public",
  "/api/public/invoices/:token/checkout": "public",
  "/api/public/invoices/:token/logo": "public",
  "/api/public/invoices/:token/pdf": "public",
  "/api/public/inquiries/:slug": "public",
  "/api/public/inquiries/:slug/headshot": "public",
  "/api/public/inquiries/:slug/availability": "public",
  "/api/public/holds/:token": "public",
  "/api/public/bookings/:token": "public",
  "/api/public/bookings/:token/sign": "public",
  "/api/public/bookings/:token/checkout": "public",
  "/api/public/bookings/:token/files/:fileId": "public",
  "/api/public/testimonials/:token": "public",
  "/api/public/bookings/:token/questionnaire": "public",
  "/api/public/questionnaires/:token": "public",
  "/api/public/join/:token": "public",
  "/api/webhooks/stripe": "public",

  "/api/user": "self",
  "/api/logout": "self",
  "/api/feedback": "self",
  "/api/announcements": "self",
  "/api/announcements/:id/dismiss": "self",
  "/api/diagnostic": "self",
  "/api/workspaces": "self",
  "/api/workspaces/current": "self",
  "/api/join/:token": "self",
  // Second factors (DESIGN §11): the login's own security.
  "/api/security": "self",
  "/api/passkeys/registration-options": "self",
  "/api/passkeys": "self",
  "/api/passkeys/:id": "self",
  "/api/passkeys/authentication-options": "public",
  "/api/login/passkey": "public",
  "/api/login/second-factor": "public",
  "/api/totp/setup": "self",
  "/api/totp/enable": "self",
  "/api/totp/disable": "self",
  "/api/recovery-codes": "self",
  "/api/reauth": "self",

  "/api/admin/stats": "admin",
  "/api/admin/mail/retry-failed": "admin",
  "/api/admin/users": "admin",
  "/api/admin/users/:id": "admin",
  "/api/admin/users/:id/resend-verification": "admin",
  "/api/admin/users/:id/reset-factors": "admin",
  "/api/admin/audit-log": "admin",
  "/api/admin/announcements": "admin",
  "/api/admin/announcements/:id": "admin",
  "/api/admin/feedback": "admin",
  "/api/admin/*": "admin",

  "/api/events": "book",
  "/api/events/:id": "book",
  "/api/events/:id/nearby": "book",
  "/api/events/:id/activity": "book",
  "/api/events/:id/hold-rank": "book",
  "/api/events/:id/release": "book",
  "/api/events/:id/challenge": "book",
  "/api/availability": "book",
  "/api/hold-settings": "book",
  "/api/events/:id/booking": "book",
  "/api/events/:id/booking/revoke": "book",
  "/api/events/:id/booking/reissue": "book",
  "/api/events/:id/testimonial-request": "book",
  "/api/testimonials": "read",
  "/api/testimonials/:id": "book",
  "/api/testimonials/:id/media-kit": "book",
  "/api/events/:id/booking/preview": "book",
  "/api/bookings": "book",
  "/api/questionnaire": "book",
  "/api/events/:id/questionnaire": "book",
  "/api/events/:id/questionnaire/send": "book",
  "/api/events/:id/questionnaire/accept": "book",
  "/api/events/:id/questionnaire/ignore": "book",
  "/api/clients": "book",
  "/api/clients/:id": "book",
  "/api/bureau-partners": "book",
  "/api/bureau-partners/:id": "book",
  "/api/speaker-profile": "book",
  "/api/import": "book",
  "/api/files": "book",
  "/api/files/:id/content": "book",
  "/api/files/:id": "book",
  "/api/media-kit": "book",
  "/api/media-kit/one-sheet.pdf": "book",
  "/api/share-links": "book",
  "/api/share-links/:id": "book",
  "/api/share-links/:id/revoke": "book",
  "/api/action-list": "book",
  "/api/tasks": "book",
  "/api/tasks/:id": "book",
  "/api/notification-settings": "book",
  "/api/calendar-feed": "book",
  "/api/calendar-feed/rotate": "book",

  "/api/contract-templates/fields": "contracts",
  "/api/contract-templates": "contracts",
  "/api/contract-templates/preview": "contracts",
  "/api/contract-templates/:id": "contracts",
  "/api/events/:id/contracts": "contracts",
  "/api/contracts": "contracts",
  "/api/contracts/:id": "contracts",
  "/api/contracts/:id/send": "contracts",
  "/api/contracts/:id/countersign": "contracts",
  "/api/contracts/:id/remind": "contracts",
  "/api/contracts/:id/void": "contracts",
  "/api/contracts/:id/pdf": "contracts",
  "/api/contracts/:id/audit": "contracts",
  "/api/countersign-settings": "contracts",

  "/api/invoice-settings": "money",
  "/api/invoices": "money",
  "/api/events/:id/invoices": "money",
  "/api/invoices/:id": "money",
  "/api/invoices/:id/send": "money",
  "/api/invoices/:id/remind": "money",
  "/api/invoices/:id/payments": "money",
  "/api/invoices/:id/payments/:paymentId": "money",
  "/api/invoices/:id/void": "money",
  "/api/invoices/:id/reissue-link": "money",
  "/api/invoices/:id/pdf": "money",
  "/api/expenses": "money",
  "/api/expenses/:id": "money",
  "/api/mileage": "money",
  "/api/mileage/:id": "money",
  "/api/mileage-rates": "money",

  "/api/search": "read",
  "/api/dashboard": "read",
  "/api/insights": "read",
  "/api/insights/state-events": "read",
  "/api/insights/tax-summary.xlsx": "read",
  "/api/export-complete-data": "read",
  "/api/export/workbook": "read",
  "/api/import/template": "read",
  // A member's pages say when the speaker's account is read-only; the plan is changed by the owner alone.
  "/api/subscription-status": "read",

  "/api/create-checkout-session": "owner",
  "/api/create-portal-session": "owner",
  "/api/payments-account": "owner",
  // The bank details on every invoice: whoever changes them redirects the speaker's money (decision 067).
  "/api/invoice-settings/payment-instructions": "owner",
  "/api/account": "owner",
  "/api/account/password": "owner",
  "/api/team": "owner",
  "/api/team/invitations": "owner",
  "/api/team/invitations/:id": "owner",
  "/api/team/invitations/:id/resend": "owner",
  "/api/team/members/:userId": "owner",
  "/api/team/requests/:id": "owner",
  "/api/team/requests/:id/approve": "owner",
  "/api/team/settings": "owner",
};

/** Whose account a route acts for: the speaker of the session's workspace, or the signed-in login itself. */
export function actsForSpeaker(access: RouteAccess | undefined): boolean {
  return access !== "self" && access !== "admin" && access !== "public";
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/** The end of the refusal's sentence, by what was refused. */
const REFUSED: Record<AccessKind, string> = {
  book: "change the speaker's events, clients, partners, profile, files or tasks",
  contracts: "draft, send or change contracts",
  money: "change invoices, payments, expenses or mileage",
  read: "change this",
  owner: "open the speaker's team, billing, payouts, payment instructions or account settings",
};

/**
 * Why `role` may not call `method` on a route of class `access`, as the 403's sentence ("A bookkeeper can't
 * …"), or null when it may. A route missing from the table is refused to every signed-in caller.
 */
export function refusalOf(
  access: RouteAccess | undefined,
  role: WorkspaceRole,
  method: string,
): string | null {
  if (access === undefined) return "This route has no access rule yet.";
  if (access === "self" || access === "admin" || access === "public") return null;
  const allowed = ROLE_ACCESS[access][role];
  if (allowed === "change" || (allowed === "read" && READ_METHODS.has(method))) return null;
  const article = role === "assistant" || role === "owner" ? "An" : "A";
  return `${article} ${role} can't ${REFUSED[access]}.`;
}
