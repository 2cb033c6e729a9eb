import { prerenderToNodeStream } from "react-dom/static";
import type { PublicPageProps } from "../../shared/public-page.ts";
import { isPublicPageName, type PublicPage, publicPages } from "./pages.ts";
import { PublicShell } from "./public-shell.tsx";

/**
 * The HTML of one public page, as React renders it: at build time for every page (scripts/build.mjs,
 * without props: a page reached by a token shows its loading state), and by the server for a page reached by
 * a token or slug, with the answer its JSON call gives (`props`, decision 042). Nothing may suspend here: a
 * boundary completed after the first pass would need an inline script, which the Content-Security-Policy
 * forbids (so pages load what they show before rendering, prepareToPrerender).
 */
export async function renderPublicPage(name: string, props?: PublicPageProps): Promise<string> {
  if (!isPublicPageName(name)) throw new Error(`There is no public page "${name}"`);
  const page: Awaited<ReturnType<PublicPage["load"]>> = await publicPages[name].load();
  await page.prepareToPrerender?.();
  const { prelude } = await prerenderToNodeStream(
    <PublicShell>
      <page.default path={props?.path ?? publicPages[name].path} answer={props?.answer} />
    </PublicShell>,
    // Never split a boundary out to be completed by a script later in the document: the
    // Content-Security-Policy forbids inline scripts.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export { publicPages };
