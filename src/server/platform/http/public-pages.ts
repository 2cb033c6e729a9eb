import type { FastifyRequest } from "fastify";
import { escapeHtml } from "../mail/render.ts";

/**
 * The public pages the server answers with their prerendered HTML (dist/pages/<page>.html, built from
 * src/web/public-pages/pages.ts) instead of the signed-in app's index.html.
 *
 * A page reached by a token or slug (a shared media kit…) adds an entry whose `head` reads what it needs
 * and answers the page's title and Open Graph tags, set into the HTML for this request, so that a link
 * pasted into e-mail or chat shows a preview; `null` answers the page with status 404 (unknown or revoked
 * token), the same body either way.
 */
export type PublicPageRoute = {
  /** The prerendered file's name, without .html. */
  page: string;
  match: (pathname: string) => boolean;
  head?: (request: FastifyRequest) => Promise<PageHead | null>;
  /** The head comes from the features' resolvers (app.pageHeads), e.g. an invoice link's number and sender. */
  headFromFeatures?: boolean;
};

export type PageHead = {
  title: string;
  description?: string;
  /** Absolute URL of the preview image. */
  image?: string;
  /** Absolute URL of the page. */
  url?: string;
};

const exactly =
  (...paths: string[]) =>
  (pathname: string) =>
    paths.includes(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);

export const PUBLIC_PAGE_ROUTES: PublicPageRoute[] = [
  { page: "auth", match: exactly("/auth") },
  { page: "privacy-policy", match: exactly("/privacy-policy") },
  { page: "terms-conditions", match: exactly("/terms-conditions") },
  { page: "invoice", match: (pathname) => /^\/i\/[^/]+\/?$/.test(pathname), headFromFeatures: true },
];

/**
 * The document with its <title> and description replaced and Open Graph tags added, every value escaped.
 * Works on any of the built documents (prerendered pages and index.html alike).
 */
export function withHead(html: string, head: PageHead): string {
  const description = head.description ?? "";
  const tags = [
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    head.description && `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    head.image && `<meta property="og:image" content="${escapeHtml(head.image)}">`,
    head.url && `<meta property="og:url" content="${escapeHtml(head.url)}">`,
    `<meta property="og:type" content="website">`,
  ].filter(Boolean);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () =>
      description ? `<meta name="description" content="${escapeHtml(description)}" />` : "",
    )
    .replace("</head>", () => `${tags.join("")}</head>`);
}
