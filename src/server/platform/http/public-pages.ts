import type { FastifyRequest } from "fastify";
import { PAGE_ANSWER_ELEMENT_ID, type PublicPageProps } from "../../../shared/public-page.ts";
import { escapeHtml } from "../mail/render.ts";
import type { PageAnswerJson } from "./page-head.ts";

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

/**
 * Renders a public page with what the server knows of it (src/web/public-pages/render.tsx, which the build
 * bundles into dist/render/): the HTML inside the page's root element.
 */
export type PublicPageRenderer = (page: string, props: PublicPageProps) => Promise<string>;

/** Characters of JSON that could end a script element or open a comment in it, or end a line in old parsers. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * The page's document with `content` in place of the root's prerendered content, and the answer it was
 * rendered with beside the root, as JSON for hydration (decision 042). The JSON is escaped for a script
 * element: no `<` is left in it, so no text of a speaker or a planner can close the element.
 */
export function withPageContent(
  document: string,
  page: string,
  content: string,
  answer: PageAnswerJson,
): string {
  const rootStart = `<div id="root" data-page="${page}">`;
  const start = document.indexOf(rootStart);
  // The root is the body's last element (src/web/public-page.html; Vite puts the scripts in the head).
  const end = document.lastIndexOf("</div>", document.lastIndexOf("</body>"));
  if (start < 0 || end < start)
    throw new Error(`The document of the page "${page}" has no root to render into`);
  const data = `{"status":${answer.status},"body":${answer.json}}`.replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `${document.slice(0, start + rootStart.length)}${content}</div><script type="application/json" id="${PAGE_ANSWER_ELEMENT_ID}">${data}</script>${document.slice(end + "</div>".length)}`;
}
