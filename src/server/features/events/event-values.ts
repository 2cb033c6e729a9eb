import { dollarsToCents } from "../../../shared/money.ts";
import type { CreateEvent, UpdateEvent } from "../../../shared/schemas/events.ts";
import type { EventValues } from "./queries.ts";

/** The columns an input sets (absent fields left out); a money field sent as null is stored as 0. */
export function toEventValues(input: CreateEvent | UpdateEvent): EventValues {
  const {
    clientId: _clientId,
    clientName: _clientName,
    bureauPartnerId: _bureauPartnerId,
    bureauPartnerName: _bureauPartnerName,
    bookAnyway: _bookAnyway,
    fee,
    travelFee,
    ...fields
  } = input;
  const values: EventValues = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  if (fee !== undefined) values.fee = dollarsToCents(fee ?? 0);
  if (travelFee !== undefined) values.travelFee = dollarsToCents(travelFee ?? 0);
  return values;
}
