import type { Queryable } from "../../platform/db/client.ts";
import { teamInvitations } from "../../platform/db/schema.ts";
import type { PageHeadResolver } from "../../platform/http/page-head.ts";
import { INVALID_LINK, openInvitation } from "./invitations.ts";

const JOIN_PAGE = /^\/join\/([^/]+)\/?$/;

/**
 * `/join/{token}`: the app's page for a live invitation, and for an unknown, used or expired one the same
 * page answered 404 (DESIGN §9), as `POST /api/join/:token` answers it.
 */
export function joinPageHead(db: Queryable): PageHeadResolver {
  return async (_request, pathname) => {
    const match = pathname.match(JOIN_PAGE);
    if (!match) return null;
    let token: string;
    try {
      token = decodeURIComponent(match[1]!);
    } catch {
      return { title: INVALID_LINK, status: 404 };
    }
    const [invitation] = await db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(openInvitation(db, token, new Date()));
    return invitation ? { title: "Join a speaker's team — Podium" } : { title: INVALID_LINK, status: 404 };
  };
}
