/** The ready template every speaker has (issue 16): written with merge fields, edited like any other. */
export const DEFAULT_TEMPLATE_NAME = "Speaking engagement agreement";

export const DEFAULT_TEMPLATE_BODY = `# Speaking Engagement Agreement

This agreement is made on {{today}} between {{speaker.name}} ({{speaker.businessName}}, "the Speaker") and {{client.name}} of {{client.company}} ("the Client").

## 1. Parties

**Speaker:** {{speaker.name}}, {{speaker.businessName}}, {{speaker.address}}, {{speaker.email}}, {{speaker.phone}}

**Client:** {{client.name}}, {{client.company}}, {{client.email}}

**Client's contact for the engagement:** {{contact.name}}, {{contact.email}}, {{contact.phone}}

## 2. Engagement details

The Speaker will present at **{{event.title}}** on {{event.date}} at {{event.time}}, at {{event.venue}}, {{event.address}}. Expected audience: {{event.attendees}}.

{{event.description}}

## 3. Fee

The Client will pay a speaking fee of {{fee.speaking}} and a travel fee of {{fee.travel}}, a total of {{fee.total}}.

## 4. Deposit and balance

A non-refundable deposit of {{deposit.amount}} is due by {{deposit.dueDate}} and secures the date. The balance of {{balance.amount}} is due by {{balance.dueDate}}. The date is held only once the deposit is received.

## 5. Travel and lodging

Unless the travel fee covers them, the Client will arrange or reimburse round-trip travel, ground transportation and lodging for the nights before and, where needed, after the engagement, in a non-smoking room at or near the venue.

## 6. Cancellation and postponement

If the Client cancels more than 90 days before the event, the deposit is kept and nothing more is owed. If the Client cancels within 90 days of the event, the full fee is owed. The Client may postpone once to a date agreed by both parties within 12 months; the deposit then applies to the new date. If the Speaker must cancel, the Speaker will refund every payment received or, if the Client prefers, help find a speaker of equal standing.

## 7. Recording and materials

The Client may record the presentation for internal use by its attendees only, with prior written notice. Any other use, sale or broadcast of a recording needs the Speaker's written consent. The Speaker keeps every right in the presentation and its materials; the Client may share handouts the Speaker provides with attendees.

## 8. Audio-visual and stage

The Client will provide a stage with a clear sight line, a wireless lavalier or headset microphone, a projector and screen with an HDMI connection, a confidence monitor where available, and a technician during a sound check before the session.

## 9. Force majeure

Neither party is liable for failing to perform because of events beyond its reasonable control, such as natural disasters, epidemics, government orders, acts of war or terrorism, or travel disruption. The parties will then agree a new date in good faith, and payments received apply to it.

## 10. Entire agreement

This is the whole agreement between the parties. Changes must be in writing and accepted by both parties.

## 11. Signatures

By signing below, each party agrees to the terms above. Electronic signatures have the same effect as handwritten ones.
`;
