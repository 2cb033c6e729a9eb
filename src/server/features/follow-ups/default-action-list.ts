import type { ActionItemValues } from "../../../shared/schemas/follow-ups.ts";

/**
 * The action list every speaker starts with (issue 18): the steps a booking goes through, timed from the
 * hold, the confirmation or the event date. The templates are starting points the speaker edits.
 */
export const DEFAULT_ACTION_LIST: ActionItemValues[] = [
  {
    title: "Send the agreement",
    anchor: "status_change",
    status: "hold",
    offsetDays: 1,
    emailTemplate:
      "Hi {contact},\n\nThank you for holding the date for {event}. I have attached the speaking agreement; once it is signed, the date is yours.\n\nBest,",
  },
  {
    title: "Request the deposit",
    anchor: "status_change",
    status: "confirmed",
    offsetDays: 0,
    emailTemplate:
      "Hi {contact},\n\nI am delighted to confirm {event}. The deposit invoice follows; the date is reserved once it is paid.\n\nBest,",
  },
  { title: "Book travel", anchor: "event_date", status: "confirmed", offsetDays: -28 },
  {
    title: "Send the pre-event questionnaire",
    anchor: "event_date",
    status: "confirmed",
    offsetDays: -21,
    emailTemplate:
      "Hi {contact},\n\nTo tailor my talk for {event}, could you tell me about the audience, the goals of the day, and anything I should know or avoid?\n\nThank you,",
  },
  {
    title: "Confirm AV, arrival time and introducer",
    anchor: "event_date",
    status: "confirmed",
    offsetDays: -7,
    emailTemplate:
      "Hi {contact},\n\nA week to go until {event}! Could you confirm the AV set-up, when I should arrive, and who will introduce me?\n\nSee you soon,",
  },
  { title: "Send the final invoice", anchor: "event_date", status: "confirmed", offsetDays: 0 },
  {
    title: "Send a thank-you note",
    anchor: "event_date",
    status: "confirmed",
    offsetDays: 1,
    emailTemplate:
      "Hi {contact},\n\nThank you for having me at {event}. It was a pleasure to speak to your group.\n\nWarmly,",
  },
  // Sends the testimonial request (/t/<token>, issue 33); by itself on its day once the speaker turns it on.
  {
    title: "Ask for a testimonial",
    anchor: "event_date",
    status: "confirmed",
    offsetDays: 2,
    sends: "testimonial_request",
    automatic: false,
  },
];
