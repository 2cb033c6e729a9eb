import type { ComponentType } from "react";
import type { PublicPageProps } from "../../shared/public-page.ts";

/**
 * The public pages prerendered into static HTML at build time (scripts/build.mjs) and hydrated by
 * ./main.tsx, which loads none of the signed-in app's code. The build writes `dist/pages/<name>.html`; the
 * server answers it for `path` (src/server/platform/http/web.ts). Add a page: one entry here, then (when it
 * needs a per-request title or Open Graph tags) a PUBLIC_PAGES entry on the server.
 */
export type PublicPage = {
  path: string;
  /** The document title until the server or the page sets another. */
  title: string;
  description: string;
  /**
   * The page module; `prepareToPrerender`, when it exports one, runs before the page is prerendered. A page
   * reached by a token or slug is also rendered by the server with its JSON call's answer (PublicPageProps).
   */
  load: () => Promise<{
    default: ComponentType<PublicPageProps>;
    prepareToPrerender?: () => Promise<unknown>;
  }>;
};

const DESCRIPTION = "Podium — events, clients and bookings in one place, for professional speakers.";

export const publicPages = {
  auth: {
    path: "/auth",
    title: "Podium — For Speakers, by Speakers",
    description: DESCRIPTION,
    load: () => import("../features/landing/pages/landing-page.tsx"),
  },
  "privacy-policy": {
    path: "/privacy-policy",
    title: "Privacy Policy — Podium",
    description: "How Podium collects, uses and protects the information of speakers and their clients.",
    load: () => import("../features/legal/pages/privacy-policy-page.tsx"),
  },
  "terms-conditions": {
    path: "/terms-conditions",
    title: "Terms and Conditions — Podium",
    description: "The terms that apply to using Podium.",
    load: () => import("../features/legal/pages/terms-conditions-page.tsx"),
  },
  sign: {
    path: "/sign",
    title: "Sign an agreement — Podium",
    description: "Review and sign an agreement electronically.",
    load: () => import("../features/contracts/pages/sign-page.tsx"),
  },
  // One page for every share link: the server answers it for /share/{slug}/{token} and /shared/{token}
  // with the link's own title and Open Graph tags (share-page-head.ts) and its content rendered in.
  share: {
    path: "/share",
    title: "Shared with Podium",
    description: "A speaker's media kit and files, shared with Podium.",
    load: () => import("../features/share/pages/share-page.tsx"),
  },
  invoice: {
    path: "/i/:token",
    title: "Invoice — Podium",
    description: "An invoice sent through Podium.",
    load: () => import("../features/invoices/pages/public-invoice-page.tsx"),
  },
  // One page for every speaker: the server answers it for /inquire/{slug} with the speaker's own title
  // (inquiry-page-head.ts) and form rendered in, and lets other sites frame it.
  inquire: {
    path: "/inquire",
    title: "Send an inquiry — Podium",
    description: "Ask a speaker about speaking at your event.",
    load: () => import("../features/inquiries/pages/inquiry-page.tsx"),
  },
  // The first hold's planner answers "Ask first hold to decide" at /hold/{token} (issue 31).
  hold: {
    path: "/hold",
    title: "Is the date still yours? — Podium",
    description: "Confirm your interest in a speaker's date, or release it.",
    load: () => import("../features/holds/pages/hold-page.tsx"),
  },
  // The planner's one link from "yes" to signed and paid, at /b/{token} (issue 32).
  booking: {
    path: "/b",
    title: "Your booking — Podium",
    description: "Sign the agreement and pay the deposit to book a speaker.",
    load: () => import("../features/bookings/pages/booking-page.tsx"),
  },
  // The planner's testimonial after the talk, at /t/{token} (issue 33).
  testimonial: {
    path: "/t",
    title: "How was the talk? — Podium",
    description: "Rate a speaker's talk and write a short testimonial.",
    load: () => import("../features/testimonials/pages/testimonial-page.tsx"),
  },
  // The planner answers the speaker's questions at /q/{token} (issue 33).
  questionnaire: {
    path: "/q",
    title: "Tell us about your event — Podium",
    description: "Answer a speaker's questions about your event.",
    load: () => import("../features/questionnaires/pages/questionnaire-page.tsx"),
  },
} satisfies Record<string, PublicPage>;

export type PublicPageName = keyof typeof publicPages;

export function isPublicPageName(name: string | undefined): name is PublicPageName {
  return name !== undefined && Object.hasOwn(publicPages, name);
}
