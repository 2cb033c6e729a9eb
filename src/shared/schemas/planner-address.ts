/** When an e-mail to a planner has no address (the one rule: `to`, the event's contact, the client's). */
export const NO_PLANNER_EMAIL =
  "Add the planner's e-mail address first: the event's contact e-mail, or an e-mail for its client.";
/** The same for an invoice that belongs to no event. */
export const NO_CLIENT_EMAIL = "Add an e-mail address for the client first.";
