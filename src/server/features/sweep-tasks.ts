import type { FastifyInstance } from "fastify";
import type { SweepTask } from "../platform/jobs/sweep.ts";
import { purgeDeliveredMail } from "../platform/mail/purge-delivered-mail.ts";
import type { ContractContext } from "./contracts/context.ts";
import { contractContext } from "./contracts/routes.ts";
import { sweepContracts } from "./contracts/sweep.ts";
import { sendAutomaticSteps } from "./follow-ups/automatic-steps.ts";
import { queueDueDigests } from "./follow-ups/digest.ts";
import { holdContextOf } from "./holds/context.ts";
import { sweepHolds } from "./holds/sweep.ts";
import { runInvoiceReminders } from "./invoices/run-reminders.ts";
import { questionnaireContextOf } from "./questionnaires/context.ts";
import { sweepQuestionnaires } from "./questionnaires/sweep.ts";

/**
 * Every task of the periodic sweep (DESIGN §9), in the order it runs them: each takes the clock and records in
 * the database what it did. One list, so that a test can run the very sweep the server runs.
 */
export function sweepTasks(
  app: FastifyInstance,
  contracts: ContractContext = contractContext(app),
): SweepTask[] {
  const mail = { db: app.db, mailer: app.mailer, appUrl: app.config.APP_URL };
  return [
    { name: "contracts", run: (now) => sweepContracts(contracts, now) },
    {
      name: "invoice-reminders",
      run: (now) =>
        runInvoiceReminders({ ...mail, storage: app.storage, linkKey: app.tokenKeys["invoice-link"] }, now),
    },
    { name: "task-digests", run: (now) => queueDueDigests(mail, now) },
    { name: "holds", run: (now) => sweepHolds(holdContextOf(app), now) },
    { name: "automatic-steps", run: (now) => sendAutomaticSteps(mail, now) },
    { name: "questionnaires", run: (now) => sweepQuestionnaires(questionnaireContextOf(app), now) },
    { name: "delivered-mail-bodies", run: (now) => purgeDeliveredMail(app.db, now) },
  ];
}
