import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  postWithCsrf,
  test,
} from "./fixtures.ts";

/** A date `days` from today as YYYY-MM-DD. */
function daysFromToday(days: number) {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** Follows a link of the sidebar, opening the slide-in menu first on narrow screens. */
async function navigateTo(page: Page, link: string) {
  const menuButton = page.getByRole("button", { name: "Open menu" });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
}

/** A full-page screenshot from the top, so the sticky header and the fixed sidebar sit where they belong. */
async function screenshot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** Waits until no spinner or placeholder is left, so a screenshot shows the finished page. */
async function settle(page: Page) {
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
}

type Seeded = { clientId: string; partnerId: string; eventId: string };

/** A small book of business through the API: a client, a bureau partner and events in every state. */
async function seedBookOfBusiness(page: Page): Promise<Seeded> {
  const post = async (url: string, data: unknown) =>
    (await (await postWithCsrf(page.request, url, data)).json()) as { id: string };
  const client = await post("/api/clients", {
    name: "Globex",
    company: "Globex Corporation",
    email: "events@globex.example",
    phone: "+1 312 555 0142",
    website: "https://globex.example",
    notes: "Prefers morning keynotes.",
  });
  const partner = await post("/api/bureau-partners", {
    name: "Premier Speakers Bureau",
    contactName: "Dana Reyes",
    email: "dana@premier.example",
  });
  const event = await post("/api/events", {
    title: "Sales Kickoff",
    date: daysFromToday(30),
    time: "9:00 AM",
    venueName: "Hyatt Regency",
    streetAddress: "151 E Wacker Dr",
    city: "Chicago",
    state: "IL",
    fee: 8000,
    travelFee: 750,
    status: "confirmed",
    clientId: client.id,
    bureauPartnerId: partner.id,
    contactName: "Jordan Lee",
    contactEmail: "jordan@globex.example",
    attendees: 450,
  });
  await post("/api/events", {
    title: "Women in Tech Panel",
    date: daysFromToday(10),
    fee: 3000,
    status: "hold",
    clientId: client.id,
  });
  await post("/api/events", {
    title: "Annual Gala",
    date: daysFromToday(-20),
    fee: 15000,
    status: "confirmed",
    clientName: "Initech",
  });
  await post("/api/events", {
    title: "Leadership Retreat",
    date: daysFromToday(60),
    fee: 6000,
    status: "inquiry",
    bureauPartnerId: partner.id,
  });
  return { clientId: client.id, partnerId: partner.id, eventId: event.id };
}

/**
 * The whole life of a booking, as a speaker does it: a client, an event for it, the list, the event's page,
 * a status change, finding it again by keyboard through the universal search, and deleting it.
 */
async function walkThroughABooking(page: Page, width: number) {
  const clientName = `Acme Events ${width}`;
  const title = `Leadership Summit ${width}`;

  await page.goto("/clients");
  await page.getByRole("button", { name: "New client" }).click();
  const clientDialog = page.getByRole("dialog", { name: "New client" });
  await clientDialog.getByLabel("Client name").fill(clientName);
  await clientDialog.getByLabel("Company").fill("Acme Corporation");
  await clientDialog.getByLabel("Email").fill("not-an-email");
  await clientDialog.getByLabel("Phone").click();
  await expect(clientDialog.getByText("Invalid email address")).toBeVisible();
  await clientDialog.getByLabel("Email").fill("planner@acme.example");
  await clientDialog.getByLabel("Phone").fill("(512) 555-0100");
  await clientDialog.getByRole("button", { name: "Add client" }).click();
  await expectToast(page, "Client added", `${clientName} is now in your clients.`);
  await expect(page.getByRole("link", { name: clientName })).toBeVisible();

  await navigateTo(page, "Events");
  // The header's button; a speaker with nothing upcoming also has one in the empty state.
  await page.getByRole("button", { name: "New event" }).first().click();
  const eventDialog = page.getByRole("dialog", { name: "New event" });
  await eventDialog.getByLabel("Event name").fill(title);
  await eventDialog.getByLabel("Date", { exact: true }).fill(daysFromToday(20));
  await eventDialog.getByLabel("Time", { exact: true }).fill("9:30 AM");
  await eventDialog.getByLabel("Venue or hotel").fill("Hilton Austin");
  await eventDialog.getByLabel("Street address").fill("500 E 4th St");
  await eventDialog.getByLabel("City").fill("Austin");
  await eventDialog.getByLabel("State").fill("TX");
  await eventDialog.getByLabel("Speaking fee").fill("12500");
  await eventDialog.getByLabel("Travel fee").fill("1500.50");
  const client = eventDialog.getByRole("combobox", { name: "Client" });
  await client.fill("acme");
  await expect(eventDialog.getByRole("option", { name: clientName })).toBeVisible();
  await client.press("ArrowDown");
  await client.press("Enter");
  await expect(client).toHaveValue(clientName);
  await expect(eventDialog.getByText("Gross fee: $14,000.50")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `e2e/screenshots/event-form-${width}.png` });
  await eventDialog.getByRole("button", { name: "Add event" }).click();
  await expectToast(page, "Event added", `"${title}" is now in your events.`);
  await expect(eventDialog).toBeHidden();

  const eventLink = page.getByRole("link", { name: title });
  await expect(eventLink).toBeVisible();
  await expect(page.getByText("$14,000.50").filter({ visible: true })).toBeVisible();
  await settle(page);
  await screenshot(page, `e2e/screenshots/events-${width}.png`);
  await eventLink.click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: clientName })).toBeVisible();
  await expect(page.getByRole("link", { name: "planner@acme.example" })).toHaveAttribute(
    "href",
    "mailto:planner@acme.example",
  );
  await expect(page.getByRole("link", { name: "(512) 555-0100" })).toHaveAttribute("href", "tel:5125550100");
  const map = page.getByRole("link", { name: /Open in Maps/ });
  await expect(map).toHaveAttribute(
    "href",
    /google\.com\/maps\/search\/\?api=1&query=Hilton%20Austin%2C%20500%20E%204th%20St/,
  );
  await expect(map).toHaveAttribute("target", "_blank");
  await page.getByRole("button", { name: "Change status to Confirmed" }).click();
  await expectToast(page, "Status changed", `"${title}" is now Confirmed.`);
  await expect(page.getByRole("button", { name: "Change status to Postponed" })).toBeVisible();
  // Completed only once the date has passed (issue 12); this event is 20 days ahead.
  await expect(page.getByRole("button", { name: "Change status to Completed" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change status to Hold" })).toHaveCount(0);
  await settle(page);
  await screenshot(page, `e2e/screenshots/event-detail-${width}.png`);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Find it again from elsewhere, by keyboard only.
  await page.goto("/clients");
  const search = page.getByRole("combobox", { name: "Search events and clients" });
  await search.focus();
  await page.keyboard.type("summit");
  await expect(page.getByRole("option", { name: new RegExp(title) })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this event?" });
  await confirm.getByRole("button", { name: "Delete event" }).click();
  await expectToast(page, "Event deleted", `"${title}" has been removed from your events.`);
  await expect(page).toHaveURL(/\/events$/);
  // The only event is gone: the list says so as to a new speaker (issue 12).
  await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();
}

test.describe("the book of business", () => {
  test("a booking from client to deletion", async ({ page, account: _ }) => {
    // The whole journey in one test: about 20 s on a quiet machine, over 60 s on a busy one.
    test.setTimeout(120_000);
    await walkThroughABooking(page, 1280);
  });

  test("the events page filters, sorts and passes axe", async ({ page, account: _ }) => {
    await seedBookOfBusiness(page);
    await page.goto("/events");
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toBeVisible();
    await page.getByLabel("Status").selectOption("hold");
    await expect(page.getByRole("link", { name: "Women in Tech Panel" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toHaveCount(0);
    await expect(page).toHaveURL(/status=hold/);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("Search events", { exact: true }).fill("gala");
    await expect(page.getByRole("link", { name: "Annual Gala" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toHaveCount(0);
    await expect(page).toHaveURL(/q=gala/);
    await navigateTo(page, "Events");
    await expect(page.getByLabel("Search events", { exact: true })).toHaveValue("");
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toBeVisible();
    await page.getByLabel("Search events", { exact: true }).fill("nothing like this");
    await expect(page.getByRole("heading", { name: "No events match these filters" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).first().click();
    await page.getByLabel("From").fill(daysFromToday(0));
    await expect(page.getByRole("link", { name: "Annual Gala" })).toHaveCount(0);
    await page.getByLabel("Sort by").selectOption("-fee");
    await expect(page.getByRole("row").nth(1)).toContainText("Sales Kickoff");
    await page.getByRole("button", { name: "Gross fee" }).click();
    await expect(page.getByRole("row").nth(1)).toContainText("Women in Tech Panel");
    await expectNoAxeViolations(page);
  });

  test("a long list loads a page at a time", async ({ page, account: _ }) => {
    for (let index = 1; index <= 27; index++) {
      const title = `Workshop ${String(index).padStart(2, "0")}`;
      await postWithCsrf(page.request, "/api/events", { title, date: daysFromToday(index) });
    }
    await page.goto("/events?sort=date");
    await expect(page.getByText("Showing the first 25 events")).toBeVisible();
    await expect(page.getByRole("link", { name: "Workshop 26" })).toHaveCount(0);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.getByRole("link", { name: "Workshop 27" })).toBeVisible();
    await expect(page.getByText("27 events")).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  });

  test("editing an event: checks on blur, a new client typed inline, the bureau unlinked", async ({
    page,
    account: _,
  }) => {
    const { eventId } = await seedBookOfBusiness(page);
    await page.goto(`/events/${eventId}`);
    await expect(page.getByText("$8,750").filter({ visible: true })).toBeVisible();
    await expect(page.getByText("Dana Reyes")).toBeVisible();
    await expect(page.getByRole("link", { name: "jordan@globex.example" })).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit event" });
    await expect(dialog.getByLabel("Speaking fee")).toHaveValue("8,000");
    await expect(dialog.getByLabel("Status")).toHaveValue("confirmed");
    const statuses = await dialog.getByLabel("Status").locator("option").allTextContents();
    expect(statuses).toEqual(["Confirmed", "Completed", "Postponed", "Cancelled"]);

    await dialog.getByLabel("Event name").fill("   ");
    await dialog.getByLabel("Speaking fee").fill("eight thousand");
    await dialog.getByLabel("Travel fee").fill("10.555");
    await dialog.getByLabel("Contact email").fill("jordan@");
    await dialog.getByLabel("Attendees").click();
    await expect(dialog.getByText("Event name is required")).toBeVisible();
    await expect(dialog.getByText("Speaking fee must be an amount in dollars")).toBeVisible();
    await expect(dialog.getByText("Travel fee can have at most 2 decimals")).toBeVisible();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();

    await dialog.getByLabel("Event name").fill("Sales Kickoff 2027");
    await dialog.getByLabel("Speaking fee").fill("$9,500");
    await dialog.getByLabel("Travel fee").fill("");
    await dialog.getByLabel("Contact email").fill("jordan@globex.example");
    const client = dialog.getByRole("combobox", { name: "Client" });
    await client.fill("Hooli");
    await expect(dialog.getByRole("option", { name: 'Add new client "Hooli"' })).toBeVisible();
    await client.press("Escape");
    await expect(dialog).toBeVisible();
    const bureau = dialog.getByRole("combobox", { name: "Bureau partner" });
    await expect(bureau).toHaveValue("Premier Speakers Bureau");
    await bureau.fill("");
    await expect(dialog.getByText("Gross fee: $9,500")).toBeVisible();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Event updated", 'Your changes to "Sales Kickoff 2027" are saved.');
    await expect(page.getByRole("heading", { level: 1, name: "Sales Kickoff 2027" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Hooli" })).toBeVisible();
    await expect(page.getByText("$9,500").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText("Dana Reyes")).toHaveCount(0);

    await navigateTo(page, "Clients");
    await expect(page.getByRole("link", { name: "Hooli" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Clients 3" })).toBeVisible();
  });

  test("clients and bureau partners: tabs with totals, edit, a client's page, delete keeps the events", async ({
    page,
    account: _,
  }) => {
    const { clientId } = await seedBookOfBusiness(page);
    await page.goto("/clients");
    await expect(page.getByRole("tab", { name: "Clients 2" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Bureau partners 1" })).toBeVisible();
    await expect(page.getByText("2 clients · 3 events · $26,750 in fees")).toBeVisible();
    await page.getByRole("button", { name: "Edit Initech" }).click();
    const edit = page.getByRole("dialog", { name: "Edit client" });
    await edit.getByLabel("Client name").fill("Globex");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit.getByText("A client with this name already exists")).toBeVisible();
    await edit.getByLabel("Client name").fill("Initech Ltd");
    await edit.getByLabel("Website").fill("initech.example");
    await edit.getByLabel("Notes").click();
    await expect(edit.getByText("Enter a web address starting with http:// or https://")).toBeVisible();
    await edit.getByLabel("Website").fill("https://initech.example");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Client updated", "Your changes to Initech Ltd are saved.");
    await expect(page.getByRole("link", { name: "Initech Ltd" })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "e2e/screenshots/clients-1280.png");

    await page.getByRole("tab", { name: /Bureau partners/ }).click();
    await expect(page).toHaveURL(/tab=partners/);
    await expect(page.getByRole("link", { name: "Premier Speakers Bureau" })).toBeVisible();
    await page.getByRole("button", { name: "New bureau partner" }).click();
    const addPartner = page.getByRole("dialog", { name: "New bureau partner" });
    await addPartner.getByLabel("Bureau name").fill("Keynote Collective");
    await addPartner.getByLabel("Contact name").fill("Sam Ortiz");
    await addPartner.getByRole("button", { name: "Add bureau partner" }).click();
    await expectToast(page, "Bureau partner added", "Keynote Collective is now in your bureau partners.");
    await expect(page.getByRole("tab", { name: "Bureau partners 2" })).toBeVisible();
    await screenshot(page, "e2e/screenshots/bureau-partners-1280.png");
    await page.getByRole("link", { name: "Premier Speakers Bureau" }).click();
    await expect(page).toHaveURL(/\?type=partner$/);
    await expect(page.getByRole("heading", { level: 1, name: "Premier Speakers Bureau" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Leadership Retreat" })).toBeVisible();

    await page.goto(`/clients/${clientId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Globex" })).toBeVisible();
    await expect(page.getByRole("link", { name: "events@globex.example" })).toHaveAttribute(
      "href",
      "mailto:events@globex.example",
    );
    await expect(page.getByRole("link", { name: "+1 312 555 0142" })).toHaveAttribute(
      "href",
      "tel:+13125550142",
    );
    await expect(page.getByRole("link", { name: /globex\.example/ }).last()).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toBeVisible();
    await expect(page.getByText("Total, not counting cancelled")).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "e2e/screenshots/client-detail-1280.png");

    await page.getByRole("button", { name: "Add event" }).click();
    const add = page.getByRole("dialog", { name: "New event" });
    await expect(add.getByRole("combobox", { name: "Client" })).toHaveValue("Globex");
    await add.getByLabel("Event name").fill("Globex Partner Summit");
    await add.getByLabel("Date", { exact: true }).fill(daysFromToday(75));
    await add.getByRole("button", { name: "Add event" }).click();
    await expectToast(page, "Event added");
    await expect(page.getByRole("link", { name: "Globex Partner Summit" })).toBeVisible();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Globex?" });
    await expect(confirm).toContainText("Its 3 events stay in your events, without a client.");
    await confirm.getByRole("button", { name: "Delete client" }).click();
    await expectToast(page, "Client deleted", "Globex has been removed from your clients.");
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole("link", { name: "Globex" })).toHaveCount(0);
    await page.goto("/events");
    await expect(page.getByRole("link", { name: "Sales Kickoff" })).toBeVisible();
  });

  test("the profile: saving updates the sidebar, and the goal shows on the dashboard", async ({
    page,
    account: _,
  }) => {
    await seedBookOfBusiness(page);
    await page.goto("/profile");
    await page.getByLabel("Name", { exact: true }).fill("Maya Chen");
    await page.getByLabel("Title", { exact: true }).fill("Keynote Speaker & Author");
    await page.getByLabel("Email").fill("maya@");
    await page.getByLabel("Phone").click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await page.getByLabel("Email").fill("maya@mayachen.example");
    await page.getByLabel("Annual goal").fill("100000");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expectToast(page, "Profile saved");
    const sidebar = page.locator("aside:not([aria-label])");
    await expect(sidebar.getByText("Maya Chen")).toBeVisible();
    await expect(sidebar.getByText("Keynote Speaker & Author")).toBeVisible();
    await expect(page.getByLabel("Annual goal")).toHaveValue("100,000");
    await expectNoAxeViolations(page);
    await screenshot(page, "e2e/screenshots/profile-1280.png");

    await navigateTo(page, "Dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Maya Chen" })).toBeVisible();
    // What counts as "this year" depends on today's date, so the expected figures come from the API.
    const { totals } = (await (
      await page.request.get(`/api/dashboard?today=${daysFromToday(0)}`)
    ).json()) as {
      totals: { bookedThisYear: number; progress: number };
    };
    const progress = page.getByRole("progressbar", { name: "Booked fees against your annual goal" });
    await expect(progress).toHaveAttribute(
      "aria-valuenow",
      String(Math.min(100, Math.round(totals.progress * 100))),
    );
    const toGo = (100_000 - totals.bookedThisYear).toLocaleString("en-US");
    await expect(page.getByText(`$${toGo} to go`)).toBeVisible();
    await expect(page.getByText("This event has passed. Mark it completed.")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, "e2e/screenshots/dashboard-1280.png");
    await page.getByRole("button", { name: "Mark Annual Gala completed" }).click();
    await expectToast(page, "Marked completed", '"Annual Gala" is now Completed.');
    await expect(page.getByText("This event has passed. Mark it completed.")).toHaveCount(0);
    await expect(page.getByText("the venue has no street address")).toBeVisible();
    await page.getByRole("link", { name: "Open event: Women in Tech Panel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Women in Tech Panel" })).toBeVisible();
  });

  test("a new speaker's dashboard leads to the first event or the import", async ({ page, account: _ }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your speaking business, in one place" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Import your spreadsheet" }).first()).toHaveAttribute(
      "href",
      "/account-settings?tab=data",
    );
    await expectNoAxeViolations(page);
    await screenshot(page, "e2e/screenshots/dashboard-new-1280.png");
    await page.getByRole("link", { name: "Add your first event" }).first().click();
    await expect(page).toHaveURL(/\/events\?new=1$/);
    await expect(page.getByRole("dialog", { name: "New event" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/events$/);
  });
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a booking from client to deletion", async ({ page, account: _ }) => {
    test.setTimeout(120_000);
    await walkThroughABooking(page, 375);
  });

  test("every page fits without scrolling sideways", async ({ page, account: _ }) => {
    const { clientId, partnerId, eventId } = await seedBookOfBusiness(page);
    const pages = [
      ["dashboard", "/"],
      ["clients", "/clients"],
      ["bureau-partners", "/clients?tab=partners"],
      ["client-detail", `/clients/${clientId}`],
      ["partner-detail", `/clients/${partnerId}?type=partner`],
      ["profile", "/profile"],
      ["events-filtered", "/events?status=confirmed"],
      ["event-detail-full", `/events/${eventId}`],
    ];
    for (const [name, path] of pages) {
      await page.goto(path!);
      await expect(page.locator("h1")).toBeVisible();
      await settle(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `e2e/screenshots/${name}-375.png`);
    }
  });
});
