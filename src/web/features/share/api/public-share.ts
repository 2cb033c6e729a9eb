import type { PublicPageAnswer } from "../../../../shared/public-page.ts";
import type { PublicShare } from "../../../../shared/schemas/share-links.ts";

/** Where a share page's address points: a media kit (`/share/{slug}/{token}`) or files (`/shared/{token}`). */
export type ShareAddress = { token: string; slug?: string };

export function readShareAddress(pathname: string): ShareAddress | null {
  const kit = pathname.match(/^\/share\/([^/]+)\/([^/]+)\/?$/);
  if (kit) return { slug: decodeURIComponent(kit[1]!), token: decodeURIComponent(kit[2]!) };
  const files = pathname.match(/^\/shared\/([^/]+)\/?$/);
  return files ? { token: decodeURIComponent(files[1]!) } : null;
}

export type ShareResult =
  | { state: "shown"; share: PublicShare }
  | { state: "unavailable" }
  | { state: "failed" };

/** What the page shows for an answer of the public call: any 404 is the same "no longer available". */
export function shareResultOf(answer: PublicPageAnswer): ShareResult {
  if (answer.status === 404 || answer.status === 400) return { state: "unavailable" };
  if (answer.status !== 200) return { state: "failed" };
  return { state: "shown", share: answer.body as PublicShare };
}

/**
 * The public page's one call, which counts the visit. A plain fetch, not the signed-in app's api client:
 * this page carries none of its code (decision on public pages).
 */
export async function fetchPublicShare(address: ShareAddress): Promise<ShareResult> {
  const query = address.slug ? `?slug=${encodeURIComponent(address.slug)}` : "";
  try {
    const response = await fetch(`/api/public/share/${encodeURIComponent(address.token)}${query}`, {
      credentials: "same-origin",
      cache: "no-store",
    });
    const isJson = response.status === 200;
    return shareResultOf({ status: response.status, body: isJson ? await response.json() : null });
  } catch {
    return { state: "failed" };
  }
}

export const publicFileUrl = (token: string, fileId: string) =>
  `/api/public/share/${encodeURIComponent(token)}/files/${fileId}`;
export const publicZipUrl = (token: string) => `/api/public/share/${encodeURIComponent(token)}/files.zip`;
export const publicOneSheetUrl = (token: string) =>
  `/api/public/share/${encodeURIComponent(token)}/one-sheet.pdf`;
