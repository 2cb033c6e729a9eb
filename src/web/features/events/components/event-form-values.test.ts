import { describe, expect, it } from "vitest";
import { EVENT_STATUSES, type Event } from "../../../../shared/schemas/events.ts";
import { listStatusChoices, readEventLinks, toEventFormValues } from "./event-form-values.ts";

const event: Event = {
  id: "7b0c2f7e-8c1e-4c44-9d5b-1f0e6f1d2a01",
  title: "Sales Kickoff",
  date: "2026-03-14",
  time: null,
  venueName: "Hyatt Regency",
  streetAddress: null,
  city: "Chicago",
  state: "IL",
  zipCode: null,
  fee: 8000,
  travelFee: 0,
  grossFee: 8000,
  commission: null,
  netFee: 8000,
  status: "completed",
  description: null,
  notes: null,
  source: null,
  attendees: 450,
  bureauRepName: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  arrivalTime: null,
  clientId: "0d9a3c1e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
  bureauPartnerId: null,
  client: {
    id: "0d9a3c1e-1b2c-4d5e-8f90-a1b2c3d4e5f6",
    name: "Globex",
    company: null,
    email: null,
    phone: null,
    website: null,
  },
  bureauPartner: null,
  clientCompany: null,
  bureauPartnerName: null,
  holdRank: null,
  holdExpiresAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("listStatusChoices", () => {
  it("offers every status for a new event", () => {
    expect(listStatusChoices()).toEqual(EVENT_STATUSES);
  });

  it("offers an existing event its own status and the ones it may move to", () => {
    expect(listStatusChoices("completed")).toEqual(["completed", "confirmed"]);
    expect(listStatusChoices("inquiry")).toEqual(["inquiry", "hold", "confirmed", "postponed", "cancelled"]);
  });
});

describe("toEventFormValues", () => {
  it("starts a new event as a blank Inquiry linked to nothing", () => {
    const values = toEventFormValues();
    expect(values).toMatchObject({
      title: "",
      status: "inquiry",
      fee: null,
      clientId: null,
      clientName: null,
    });
  });

  it("fills the form with an event's values, blank text for missing ones", () => {
    const values = toEventFormValues(event);
    expect(values).toMatchObject({
      title: "Sales Kickoff",
      time: "",
      city: "Chicago",
      fee: 8000,
      attendees: 450,
    });
    expect(values.clientId).toBe(event.clientId);
    expect(values.bureauPartnerId).toBeNull();
  });

  it("links a new event to the client or bureau partner it is added from", () => {
    const partner = { id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9", name: "Premier" };
    expect(toEventFormValues(undefined, { bureauPartner: partner }).bureauPartnerId).toBe(partner.id);
  });
});

describe("readEventLinks", () => {
  it("prefers the edited event's own links over the ones given for new events", () => {
    const other = { id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9", name: "Initech" };
    expect(readEventLinks(event, { client: other }).client?.name).toBe("Globex");
    expect(readEventLinks(undefined, { client: other }).client?.name).toBe("Initech");
  });
});
