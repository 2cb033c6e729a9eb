import type { FastifyRequest } from "fastify";
import type { AppError } from "./errors.ts";
import { withHead } from "./public-pages.ts";

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
  /** The prerendered public page (src/web/public-pages/pages.ts) to answer with; else the app's index.html. */
  page?: string;
  /** Other sites may show the page in a frame (the inquiry form, embedded on a speaker's website). */
  isFrameable?: boolean;
  /**
   * What the page's public JSON call answers now, read without counting a visit: the server renders the
   * page with it, and puts it into the HTML for hydration (decision 042).
   */
  answer?: PageAnswerJson;
};

/** A public JSON call's status and its body, serialised as that call sends it. */
export type PageAnswerJson = { status: number; json: string };

/** The answer of a public call that failed with `error`, as the error handler (app.ts) sends it. */
export const errorAnswer = (error: AppError): PageAnswerJson => ({
  status: error.statusCode,
  json: JSON.stringify({ error: error.message, ...error.body }),
});

/** A feature's resolver: the head of the page at `pathname`, or null when the page is not its own. */
export type PageHeadResolver = (request: FastifyRequest, pathname: string) => Promise<PageHead | null>;

/** Counts a visit against a public page's per-address limit, refusing it with 429 past the limit. */
export type PublicPageLimit = (request: FastifyRequest) => Promise<void> | void;

declare module "fastify" {
  interface FastifyInstance {
    /** Resolvers of public pages' heads; features add theirs, the web plugin asks them. */
    pageHeads: PageHeadResolver[];
    /**
     * The HTML pages of public links by route pattern (`/i/:token`), each with the per-address limit of its
     * JSON under /api/public (issue 27, item 15): the web plugin answers each under its own route, whose
     * head costs database reads.
     */
    publicPageLimits: Map<string, PublicPageLimit>;
  }
}

/** The page's HTML with its own `<title>`, description and Open Graph tags (and kept out of search engines). */
export function injectPageHead(html: string, head: PageHead): string {
  const withTags = withHead(html, {
    title: head.title,
    description: head.description ?? undefined,
    image: head.image ?? undefined,
    url: head.url ?? undefined,
  });
  return withTags.replace("</head>", () => '<meta name="robots" content="noindex"></head>');
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
