import type { FastifyRequest } from "fastify";

/** What a public page's HTML carries for link previews (DESIGN §9). */
export type PageHead = {
  title: string;
  description?: string | null;
  image?: string | null;
  url?: string | null;
  /** The page answers with this status (404 for an unavailable link). */
  status?: number;
  /** The page lives elsewhere now (e.g. a media kit visited under an old slug). */
  redirect?: string;
};

/** A feature's resolver: the head of the page at `pathname`, or null when the page is not its own. */
export type PageHeadResolver = (request: FastifyRequest, pathname: string) => Promise<PageHead | null>;

declare module "fastify" {
  interface FastifyInstance {
    /** Resolvers of public pages' heads; features add theirs, the web plugin asks them. */
    pageHeads: PageHeadResolver[];
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page's HTML with its own `<title>`, description and Open Graph tags. */
export function injectPageHead(html: string, head: PageHead): string {
  const tags = [
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    '<meta property="og:type" content="profile" />',
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}" />` : "",
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : "",
    head.url ? `<meta property="og:url" content="${escapeHtml(head.url)}" />` : "",
    '<meta name="robots" content="noindex" />',
  ].filter(Boolean);
  let result = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) {
    result = result.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    );
  }
  return result.replace("</head>", `    ${tags.join("\n    ")}\n  </head>`);
}

/** Asks every resolver for the page's head; the first answer wins. */
export async function resolvePageHead(
  resolvers: PageHeadResolver[],
  request: FastifyRequest,
  pathname: string,
): Promise<PageHead | null> {
  for (const resolve of resolvers) {
    const head = await resolve(request, pathname);
    if (head) return head;
  }
  return null;
}
