/**
 * Every address of the signed-in web app and its own public pages, by name, in React Router's pattern syntax
 * (`:param`, a trailing `*`). The browser's router (src/web/app/router.tsx) mounts a page at each; the server
 * (src/server/platform/http/web.ts) answers each with the app's document, and any other address with that
 * document as a 404, whose page the router's catch-all shows. Add a page: one entry here, then its element in
 * the router. The pages of public links (`/b/<token>`, `/i/<token>`…) are the features' own server routes.
 */
export const WEB_ROUTES = {
  dashboard: "/",
  dashboardAlias: "/dashboard",
  landing: "/auth",
  join: "/join/:token",
  privacyPolicy: "/privacy-policy",
  termsConditions: "/terms-conditions",
  share: "/share/:slug/:token",
  shared: "/shared/:token",
  authVerify: "/auth-verify",
  resetPassword: "/reset-password",
  resetPasswordToken: "/reset-password/:token",
  resetPasswordAny: "/reset-password/*",
  promoTest: "/promo-test",
  verifyEmail: "/verify-email",
  events: "/events",
  event: "/events/:id",
  calendar: "/calendar",
  contracts: "/contracts",
  contract: "/contracts/:id",
  invoices: "/invoices",
  invoice: "/invoices/:id",
  expenses: "/expenses",
  testimonials: "/testimonials",
  insights: "/insights",
  clients: "/clients",
  client: "/clients/:id",
  profile: "/profile",
  accountSettings: "/account-settings",
  tutorials: "/tutorials",
  faq: "/faq",
  feedback: "/feedback",
  diagnostic: "/diagnostic",
  subscribe: "/subscribe",
  admin: "/admin",
  adminAnnouncements: "/admin/announcements",
} as const;

export type WebRoute = (typeof WEB_ROUTES)[keyof typeof WEB_ROUTES];
