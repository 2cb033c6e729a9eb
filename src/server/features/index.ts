import type { FastifyInstance } from "fastify";
import { accountDeletionRoutes } from "./account-deletion/routes.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { announcementRoutes } from "./announcements/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { publicBookingRoutes } from "./bookings/public-routes.ts";
import { bookingRoutes } from "./bookings/routes.ts";
import { bureauPartnerRoutes, clientRoutes } from "./clients/routes.ts";
import { contactRoutes } from "./contact/routes.ts";
import { publicContractRoutes } from "./contracts/public-routes.ts";
import { contractRoutes } from "./contracts/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { dataManagementRoutes } from "./data-management/routes.ts";
import { devMailboxRoutes } from "./dev-mailbox/routes.ts";
import { diagnosticRoutes } from "./diagnostic/routes.ts";
import { eventRoutes } from "./events/routes.ts";
import { expenseRoutes } from "./expenses/routes.ts";
import { feedbackRoutes } from "./feedback/routes.ts";
import { fileRoutes } from "./files/routes.ts";
import { calendarFeedRoutes } from "./follow-ups/calendar-routes.ts";
import { followUpRoutes } from "./follow-ups/routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { publicHoldRoutes } from "./holds/public-routes.ts";
import { holdRoutes } from "./holds/routes.ts";
import { publicInquiryRoutes } from "./inquiries/public-routes.ts";
import { insightRoutes } from "./insights/routes.ts";
import { createInvoiceViews } from "./invoices/manage-invoice.ts";
import { publicInvoiceRoutes } from "./invoices/public-routes.ts";
import { invoiceRoutes } from "./invoices/routes.ts";
import { mediaKitRoutes } from "./media-kit/routes.ts";
import { nearbyPlacesRoutes } from "./nearby-places/routes.ts";
import { profileRoutes } from "./profile/routes.ts";
import { publicQuestionnaireRoutes } from "./questionnaires/public-routes.ts";
import { questionnaireRoutes } from "./questionnaires/routes.ts";
import { searchRoutes } from "./search/routes.ts";
import { securityRoutes } from "./security/routes.ts";
import { publicShareRoutes } from "./share-links/public-routes.ts";
import { createShareLinkCounts } from "./share-links/queries.ts";
import { shareLinkRoutes } from "./share-links/routes.ts";
import { publicJoinRoutes } from "./team/public-routes.ts";
import { teamRoutes } from "./team/routes.ts";
import { publicTestimonialRoutes } from "./testimonials/public-routes.ts";
import { testimonialRoutes } from "./testimonials/routes.ts";

/** Every capability's routes; each feature registers its own under /api. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(eventRoutes);
  await app.register(holdRoutes);
  await app.register(publicHoldRoutes);
  await app.register(questionnaireRoutes);
  await app.register(publicQuestionnaireRoutes);
  await app.register(clientRoutes);
  await app.register(bureauPartnerRoutes);
  await app.register(profileRoutes);
  await app.register(searchRoutes);
  await app.register(dashboardRoutes);
  await app.register(contactRoutes);
  await app.register(devMailboxRoutes);
  await app.register(accountRoutes);
  await app.register(securityRoutes);
  await app.register(adminRoutes);
  await app.register(dataManagementRoutes);
  await app.register(accountDeletionRoutes);
  await app.register(feedbackRoutes);
  await app.register(announcementRoutes);
  await app.register(diagnosticRoutes);
  await app.register(fileRoutes);
  await app.register(mediaKitRoutes);
  // Visits counted on the public side, flushed before the speaker's list reads them.
  const shareLinkCounts = createShareLinkCounts(app.db, (error) =>
    app.log.error({ err: error }, "writing share-link counts failed"),
  );
  app.addHook("onClose", shareLinkCounts.close);
  await app.register(shareLinkRoutes, { counts: shareLinkCounts });
  await app.register(publicShareRoutes, { counts: shareLinkCounts });
  await app.register(billingRoutes);
  await app.register(contractRoutes);
  await app.register(publicContractRoutes);
  const invoiceViews = createInvoiceViews(app.db, (error) =>
    app.log.error({ err: error }, "writing invoice views failed"),
  );
  app.addHook("onClose", invoiceViews.close);
  await app.register(invoiceRoutes, { views: invoiceViews });
  await app.register(publicInvoiceRoutes, { views: invoiceViews });
  await app.register(bookingRoutes);
  await app.register(publicBookingRoutes);
  await app.register(expenseRoutes);
  await app.register(insightRoutes);
  await app.register(nearbyPlacesRoutes);
  await app.register(publicInquiryRoutes);
  await app.register(followUpRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(teamRoutes);
  await app.register(publicJoinRoutes);
  await app.register(testimonialRoutes);
  await app.register(publicTestimonialRoutes);
}
