import { rehashBookingLinks } from "./features/bookings/booking-link.ts";
import { rehashSigningLinks } from "./features/contracts/queries.ts";
import { rehashCalendarFeeds } from "./features/follow-ups/calendar-feed.ts";
import { rehashInvoiceLinks } from "./features/invoices/invoice-link.ts";
import { rehashQuestionnaireLinks } from "./features/questionnaires/questionnaire-link.ts";
import { rehashWhenKeysChange } from "./platform/auth/stored-token-keys.ts";
import type { TokenKeys } from "./platform/auth/token-keys.ts";
import type { Database } from "./platform/db/client.ts";

/**
 * At start-up, before serving: the links found by a stored hash (invoices, signing links, calendar feeds, booking and questionnaire links)
 * follow their purpose's current key, so a rotated key gives working new links and ends the old ones.
 */
export const rehashStoredLinks = (db: Database, keys: TokenKeys) =>
  rehashWhenKeysChange(db, keys, {
    "invoice-link": rehashInvoiceLinks,
    "contract-sign": rehashSigningLinks,
    "calendar-feed": rehashCalendarFeeds,
    "booking-link": rehashBookingLinks,
    "questionnaire-link": rehashQuestionnaireLinks,
  });
