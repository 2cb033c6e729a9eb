import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Transaction } from "../../platform/db/client.ts";
import { contracts, users } from "../../platform/db/schema.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import type { ContractContext } from "./context.ts";
import { ownContract, sendReminder, speakerNotice } from "./manage-contracts.ts";
import { type ContractRow, recordAudit, systemOrigin } from "./queries.ts";

const DAY = 86_400_000;
export const REMINDER_INTERVAL_DAYS = 3;
export const MAX_REMINDERS = 5;

/** What the sweep does with an open contract at `now` (pure: the tests pass the time). */
export function nextContractAction(
  row: Pick<ContractRow, "status" | "sentAt" | "expiresAt" | "remindersSent" | "lastRemindedAt">,
  now: Date,
): "expire" | "remind" | null {
  if (row.status !== "sent" && row.status !== "viewed") return null;
  if (row.expiresAt && row.expiresAt <= now) return "expire";
  if (row.remindersSent >= MAX_REMINDERS || !row.sentAt) return null;
  const last = row.lastRemindedAt ?? row.sentAt;
  return now.getTime() - last.getTime() >= REMINDER_INTERVAL_DAYS * DAY ? "remind" : null;
}

/**
 * One pass of the periodic sweep for contracts: re-sends the link 3 days after sending and every 3 days
 * after (at most 5 times), and expires contracts at `expiresAt`, telling the speaker. Each contract is
 * locked and checked again, so two processes never send the same reminder twice.
 */
export async function sweepContracts(context: ContractContext, now: Date) {
  const candidates = await context.db
    .select({ id: contracts.id })
    .from(contracts)
    .innerJoin(users, eq(users.id, contracts.userId))
    .where(
      and(
        inArray(contracts.status, ["sent", "viewed"]),
        isNotNull(contracts.sentAt),
        lte(contracts.sentAt, now),
        // A disabled account's contracts are neither reminded nor expired (DESIGN §10).
        isNull(users.disabledAt),
      ),
    );
  const done = { reminded: 0, expired: 0 };
  for (const { id } of candidates) {
    const outbox: string[] = [];
    await context.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contracts).where(eq(contracts.id, id)).for("update");
      if (!row) return;
      const action = nextContractAction(row, now);
      if (action === "remind") {
        if (!(await mayRemind(context, tx, row, now))) return;
        await sendReminder(context, tx, row, "system", systemOrigin, now, outbox);
        done.reminded += 1;
      } else if (action === "expire") {
        await tx.update(contracts).set({ status: "expired" }).where(ownContract(row));
        await recordAudit(tx, row, "expired", "system", systemOrigin, now);
        outbox.push(
          await speakerNotice(
            context,
            tx,
            row,
            `Expired: ${row.title}`,
            `"${row.title}" expired before ${row.signerName} signed it. Draft a new one from the event to send it again.`,
          ),
        );
        done.expired += 1;
      }
    });
    await context.mailer.dispatch(outbox);
  }
  return done;
}

/**
 * Whether the mail rule lets the speaker e-mail the signer now. When not (over the limits, or no longer
 * verified), the reminder waits for a later sweep and the other contracts go on.
 */
async function mayRemind(context: ContractContext, tx: Transaction, row: ContractRow, now: Date) {
  try {
    await context.mailer.assertMayMailThirdParty(tx, { userId: row.userId, now }, [row.signerEmail!]);
    return true;
  } catch (error) {
    if (error instanceof MailRefusedError) return false;
    throw error;
  }
}
