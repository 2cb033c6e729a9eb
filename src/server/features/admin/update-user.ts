import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminUserPatch } from "../../../shared/schemas/admin.ts";
import { deleteUserSessions } from "../../platform/auth/sessions.ts";
import { users } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { recordAdminAction } from "./audit-log.ts";
import { billingViewNow, findAdminUser } from "./users.ts";

/**
 * Grants or revokes admin, disables or enables an account and moves the end of its trial, each change with its audit entry, in one
 * transaction. Disabling ends every session of the account. An admin cannot demote or disable themselves,
 * so an installation never loses its last admin by accident.
 */
export async function updateUser(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  patch: AdminUserPatch,
) {
  const actor = request.user!;
  if (id === actor.id && (patch.role === "user" || patch.disabled === true)) {
    const message =
      patch.disabled === true
        ? "You cannot disable your own account."
        : "You cannot remove your own admin role.";
    throw new AppError("CONFLICT", message);
  }
  await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        username: users.username,
        role: users.role,
        disabledAt: users.disabledAt,
        trialEndsAt: users.trialEndsAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .for("update");
    if (!current) throw notFound("User not found");
    const target = { id, username: current.username };
    if (patch.role !== undefined && patch.role !== current.role) {
      await tx.update(users).set({ role: patch.role }).where(eq(users.id, id));
      await recordAdminAction(tx, request, {
        action: "user.role_changed",
        target,
        detail: { from: current.role, to: patch.role },
      });
    }
    const isDisabled = current.disabledAt !== null;
    if (patch.disabled !== undefined && patch.disabled !== isDisabled) {
      await tx
        .update(users)
        .set({ disabledAt: patch.disabled ? sql`now()` : null })
        .where(eq(users.id, id));
      if (patch.disabled) await deleteUserSessions(tx, id);
      await recordAdminAction(tx, request, {
        action: patch.disabled ? "user.disabled" : "user.enabled",
        target,
      });
    }
    if (patch.trialEndsAt !== undefined) {
      const trialEndsAt = new Date(patch.trialEndsAt);
      await tx.update(users).set({ trialEndsAt }).where(eq(users.id, id));
      await recordAdminAction(tx, request, {
        action: "user.trial_changed",
        target,
        detail: { from: current.trialEndsAt.toISOString(), to: trialEndsAt.toISOString() },
      });
    }
  });
  return (await findAdminUser(app.db, id, billingViewNow(app)))!;
}
