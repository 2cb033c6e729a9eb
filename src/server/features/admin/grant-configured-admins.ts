import type { Queryable } from "../../platform/db/client.ts";
import { setUserRole } from "./set-user-role.ts";

/** At start-up, ADMIN_USERNAMES that already have accounts become admins (DESIGN §9). Returns who changed. */
export async function grantConfiguredAdmins(db: Queryable, usernames: readonly string[]): Promise<string[]> {
  const granted: string[] = [];
  for (const username of usernames) {
    const result = await setUserRole(db, username, "admin");
    if (result && result.previousRole !== "admin") granted.push(result.username);
  }
  return granted;
}
