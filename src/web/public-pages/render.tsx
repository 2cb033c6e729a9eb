import { prerenderToNodeStream } from "react-dom/static";
import { type PublicPageName, publicPages } from "./pages.ts";
import { PublicShell } from "./public-shell.tsx";

/**
 * Build-time entry (scripts/build.mjs): the HTML of one public page, as React renders it, waiting for
 * every lazily loaded part so that the whole page is in the HTML.
 */
export async function renderPublicPage(name: PublicPageName): Promise<string> {
  const { default: Page } = await publicPages[name].load();
  const { prelude } = await prerenderToNodeStream(
    <PublicShell>
      <Page />
    </PublicShell>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

export { publicPages };
