import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Event } from "../../../../shared/schemas/events.ts";
import { EmailLink, PhoneLink, WebsiteLink } from "../../../components/contact-links.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { formatDollars } from "../../../lib/money.ts";
import { recordHref } from "../../clients/api/record-kinds.ts";
import { DetailItem, DetailList } from "./detail-list.tsx";
import { buildMapUrl, formatAddress, formatCityLine, formatLongDate } from "./event-format.ts";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function EventWhenAndWhere({ event }: { event: Event }) {
  const address = formatAddress(event);
  const cityLine = formatCityLine(event);
  return (
    <Section title="When and where">
      <DetailList>
        <DetailItem label="Date">{formatLongDate(event.date)}</DetailItem>
        <DetailItem label="Time">{event.time}</DetailItem>
        <DetailItem label="Arrival time">{event.arrivalTime}</DetailItem>
        <DetailItem label="Venue" className="sm:col-span-2">
          {address && (
            <div className="grid gap-1">
              <address className="not-italic">
                {event.venueName && <span className="block font-medium">{event.venueName}</span>}
                {event.streetAddress && <span className="block">{event.streetAddress}</span>}
                {cityLine && <span className="block">{cityLine}</span>}
              </address>
              <a
                href={buildMapUrl(address)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Open in Maps
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          )}
        </DetailItem>
      </DetailList>
    </Section>
  );
}

/** The client and the contact person, and the bureau that brought the booking with its rep. */
export function EventPeople({ event }: { event: Event }) {
  const { client, bureauPartner: bureau } = event;
  return (
    <Section title="Client, contact and bureau">
      <DetailList>
        <DetailItem label="Client">
          {client && (
            <div className="grid gap-1">
              <Link to={recordHref("client", client.id)} className="font-medium text-primary hover:underline">
                {client.name}
              </Link>
              {event.clientCompany && <span className="text-muted-foreground">{event.clientCompany}</span>}
              {client.email && <EmailLink email={client.email} />}
              {client.phone && <PhoneLink phone={client.phone} />}
              {client.website && <WebsiteLink url={client.website} />}
            </div>
          )}
        </DetailItem>
        <DetailItem label="Contact">
          {(event.contactName || event.contactEmail || event.contactPhone) && (
            <div className="grid gap-1">
              {event.contactName && <span className="font-medium">{event.contactName}</span>}
              {event.contactEmail && <EmailLink email={event.contactEmail} />}
              {event.contactPhone && <PhoneLink phone={event.contactPhone} />}
            </div>
          )}
        </DetailItem>
        <DetailItem label="Bureau partner">
          {bureau && (
            <div className="grid gap-1">
              <Link
                to={recordHref("partner", bureau.id)}
                className="font-medium text-primary hover:underline"
              >
                {bureau.name}
              </Link>
              {bureau.contactName && <span className="text-muted-foreground">{bureau.contactName}</span>}
              {bureau.email && <EmailLink email={bureau.email} />}
              {bureau.phone && <PhoneLink phone={bureau.phone} />}
              {bureau.website && <WebsiteLink url={bureau.website} />}
            </div>
          )}
        </DetailItem>
        <DetailItem label="Bureau rep">{event.bureauRepName}</DetailItem>
      </DetailList>
    </Section>
  );
}

export function EventFees({ event }: { event: Event }) {
  return (
    <Section title="Fees">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Speaking fee</dt>
          <dd className="tabular-nums">{formatDollars(event.fee)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Travel fee</dt>
          <dd className="tabular-nums">{formatDollars(event.travelFee)}</dd>
        </div>
        <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold">
          <dt>Gross fee</dt>
          <dd className="tabular-nums">{formatDollars(event.grossFee)}</dd>
        </div>
        {event.commission !== null && (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Bureau commission</dt>
              <dd className="tabular-nums">−{formatDollars(event.commission)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-base font-semibold">
              <dt>Net fee</dt>
              <dd className="tabular-nums">{formatDollars(event.netFee)}</dd>
            </div>
          </>
        )}
      </dl>
    </Section>
  );
}

export function EventAbout({ event }: { event: Event }) {
  return (
    <Section title="About the event">
      <DetailList>
        <DetailItem label="Attendees">{event.attendees?.toLocaleString("en-US")}</DetailItem>
        <DetailItem label="Source">{event.source}</DetailItem>
        <DetailItem label="Description" className="sm:col-span-2">
          {event.description && <p className="whitespace-pre-line">{event.description}</p>}
        </DetailItem>
        <DetailItem label="Notes" className="sm:col-span-2">
          {event.notes && <p className="whitespace-pre-line">{event.notes}</p>}
        </DetailItem>
      </DetailList>
    </Section>
  );
}
