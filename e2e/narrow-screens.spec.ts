import type { Page } from "@playwright/test";
import { expect, postWithCsrf, test } from "./fixtures.ts";

/** A date `days` from today as YYYY-MM-DD. */
function daysFromToday(days: number) {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Real-length data: long names, venues and e-mails, six-figure fees (issue 12, item 1). */
async function seedLongRecords(page: Page) {
  const post = async (url: string, data: unknown) =>
    (await (await postWithCsrf(page.request, url, data)).json()) as { id: string };
  const client = await post("/api/clients", {
    name: "International Association of Conference Centres North America",
    company: "International Association of Conference Centres North America Incorporated",
    email: "events.coordination.department@internationalconferencecentres.example",
    phone: "+1 (313) 555-0142 ext. 12345",
    website: "https://www.internationalassociationofconferencecentres.example/annual-meeting",
  });
  const partner = await post("/api/bureau-partners", {
    name: "Premier Speakers Bureau International Worldwide",
    contactName: "Alexandra Montgomery-Richardson",
    email: "alexandra.montgomery-richardson@premierspeakersbureau.example",
    website: "https://www.premierspeakersbureauinternational.example",
  });
  const event = await post("/api/events", {
    title: "Automotive Leadership Summit Keynote: Driving Innovation Across the Supply Chain",
    date: daysFromToday(40),
    time: "9:30 AM",
    venueName: "Detroit Marriott at the Renaissance Center",
    streetAddress: "400 Renaissance Center Drive, Tower 200, Grand Ballroom Level",
    city: "Detroit",
    state: "MI",
    zipCode: "48243",
    fee: 125000,
    travelFee: 12500,
    status: "confirmed",
    clientId: client.id,
    bureauPartnerId: partner.id,
    bureauRepName: "Alexandra Montgomery-Richardson",
    contactName: "Maximilian Featherstonehaugh",
    contactEmail: "maximilian.featherstonehaugh@internationalconferencecentres.example",
    attendees: 12500,
  });
  await post("/api/events", {
    title: "Women in Technology Leadership Panel and Networking Reception",
    date: daysFromToday(5),
    venueName: "Gaylord Opryland Resort & Convention Center",
    city: "Nashville",
    state: "TN",
    fee: 250000,
    status: "hold",
    clientId: client.id,
  });
  const { invoices } = (await (
    await postWithCsrf(page.request, `/api/events/${event.id}/invoices`, { schedule: "deposit_balance" })
  ).json()) as { invoices: { id: string }[] };
  const contract = await post(`/api/events/${event.id}/contracts`, {});
  return {
    clientId: client.id,
    partnerId: partner.id,
    eventId: event.id,
    invoiceId: invoices[0]!.id,
    contractId: contract.id,
  };
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("every signed-in page fits without horizontal scrolling, with real-length data", async ({
    page,
    account: _,
  }) => {
    test.setTimeout(480_000);
    const { clientId, partnerId, eventId, invoiceId, contractId } = await seedLongRecords(page);
    const response = await page.request.get("/api/csrf-token");
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    await page.request.put("/api/speaker-profile", {
      headers: { "x-csrf-token": csrfToken },
      data: {
        name: "Dr. Alexandria Catherine Montgomery-Richardson",
        title: "Keynote Speaker on Leadership, Innovation and Organisational Resilience",
        businessName: "Montgomery-Richardson Leadership Consulting International LLC",
        email: "alexandria.montgomery-richardson@leadershipconsulting.example",
        annualGoal: 750000,
      },
    });

    const pages = [
      "/",
      "/events",
      "/events?new=1",
      `/events/${eventId}`,
      "/clients",
      "/clients?tab=partners",
      `/clients/${clientId}`,
      `/clients/${partnerId}?type=partner`,
      "/profile",
      "/profile?tab=media-kit",
      "/profile?tab=share-links",
      "/invoices",
      `/invoices/${invoiceId}`,
      "/contracts",
      `/contracts/${contractId}`,
      "/account-settings",
      "/account-settings?tab=invoicing",
      "/account-settings?tab=contracts",
      "/account-settings?tab=follow-ups",
      "/account-settings?tab=calendar",
      "/account-settings?tab=data",
      "/account-settings?tab=danger",
      "/tutorials",
      "/faq",
      "/feedback",
      "/subscribe",
      "/diagnostic",
    ];
    const overflowing: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      const overflow = await horizontalOverflow(page);
      const shot = path.replace(/[^a-z]+/gi, "-").replace(/-[0-9a-f]{8}-.*?(?=-|$)/, "-id") || "dashboard";
      await page.screenshot({ path: `/tmp/shots-12/${shot}-360.png`, fullPage: true });
      // A dialog that sticks out is as bad as a page that does.
      const dialogOverflow = await page.evaluate(() =>
        Math.max(
          0,
          ...[...document.querySelectorAll("[role='dialog']")].map((dialog) => {
            const box = dialog.getBoundingClientRect();
            return Math.max(box.right - window.innerWidth, -box.left);
          }),
        ),
      );
      if (overflow > 0 || dialogOverflow > 0) {
        overflowing.push(`${path}: page +${overflow}px, dialog +${dialogOverflow}px`);
      }
    }
    expect(overflowing).toEqual([]);
  });

  test("the menu shows Sign Out without scrolling", async ({ page, account: _ }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto("/events");
    await page.getByRole("button", { name: "Open menu" }).click();
    const signOut = page.getByRole("button", { name: "Sign Out" });
    await expect(signOut).toBeInViewport({ ratio: 1 });
  });
});
