import { prerenderToNodeStream } from "react-dom/static";
import { type PublicPage, type PublicPageName, publicPages } from "./pages.ts";
import { PublicShell } from "./public-shell.tsx";

/**
 * Build-time entry (scripts/build.mjs): the HTML of one public page, as React renders it. Nothing may
 * suspend here: a boundary completed after the first pass would need an inline script, which the
 * Content-Security-Policy forbids (so pages load what they show before rendering, prepareToPrerender).
 */
export async function renderPublicPage(name: PublicPageName): Promise<string> {
  const page: Awaited<ReturnType<PublicPage["load"]>> = await publicPages[name].load();
  await page.prepareToPrerender?.();
  const { prelude } = await prerenderToNodeStream(
    <PublicShell>
      <page.default />
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
