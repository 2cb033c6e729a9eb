import type { APIRequestContext, Page } from "@playwright/test";
import { makePng } from "../src/test/png.ts";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, postWithCsrf, test } from "./fixtures.ts";

async function csrfHeaders(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  return { "x-csrf-token": csrfToken };
}

/** Profile, headshot and a saved media kit (its address makes the inquiry form public). */
async function publishMediaKit(request: APIRequestContext, slug: string) {
  const headers = await csrfHeaders(request);
  expect((await request.put("/api/speaker-profile", { headers, data: { name: "Jordan Rivera" } })).ok()).toBe(
    true,
  );
  const upload = await request.post("/api/files", {
    headers,
    multipart: {
      kind: "headshot",
      file: { name: "jordan.png", mimeType: "image/png", buffer: makePng(240, 240) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const headshot = (await upload.json()) as { id: string };
  const kit = await request.put("/api/media-kit", {
    headers,
    data: {
      slug,
      headline: "Helping teams lead through change",
      topics: [
        { title: "Leading Through Change", description: "When the plan falls apart.", formats: ["keynote"] },
        { title: "Resilient Sales Teams", description: null, formats: ["workshop"] },
      ],
      headshotFileIds: [headshot.id],
    },
  });
  expect(kit.ok(), await kit.text()).toBe(true);
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

test("the event page shows food and things to do near the venue, with map links", async ({
  page,
  account,
}) => {
  expect(account.user.id).toBeTruthy();
  const created = await postWithCsrf(page.request, "/api/events", {
    title: "Sales Kickoff",
    date: "2031-03-14",
    venueName: "Moscone Center",
    streetAddress: "747 Howard Street",
    city: "San Francisco",
    state: "CA",
    zipCode: "94103",
  });
  const event = (await created.json()) as { id: string };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/events/${event.id}`);
  const panel = page.getByRole("region", { name: "Near the venue" });
  const food = panel.getByRole("list", { name: "Food near the venue" });
  await expect(food.getByText("Trattoria Moscone", { exact: true })).toBeVisible();
  await expect(food.getByText("Restaurant · italian, pizza")).toBeVisible();
  await expect(food.getByText("Hours: Mo-Su 11:30-22:00")).toBeVisible();
  await expect(food.getByRole("link", { name: "Map of Trattoria Moscone" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/node/1234567890",
  );
  await expect(food.getByRole("link", { name: "Website of Trattoria Moscone" })).toHaveAttribute(
    "href",
    "https://trattoria.example/",
  );
  await expect(panel.getByRole("link", { name: "Search restaurants on Google Maps" })).toBeVisible();
  await panel.getByRole("heading", { name: "Near the venue" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/near-the-venue-1280.png" });

  await panel.getByRole("tab", { name: "Things to do" }).click();
  const activities = panel.getByRole("list", { name: "Things to do near the venue" });
  await expect(activities.getByText("San Francisco Museum of Modern Art", { exact: true })).toBeVisible();
  await expect(activities.getByText("Park", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await panel.getByRole("tab", { name: "Food" }).click();
  await expect(food.getByText("Trattoria Moscone", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await panel.getByRole("heading", { name: "Near the venue" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/near-the-venue-375.png" });
});

test("a planner on a phone sends an inquiry that lands in the speaker's events", async ({
  page,
  account,
  browser,
}) => {
  expect(account.user.id).toBeTruthy();
  const slug = `jordan-${Date.now().toString(36)}`;
  await publishMediaKit(page.request, slug);

  // The speaker finds the link and the embed code on the Share links tab.
  await page.goto("/profile?tab=share-links");
  await expect(page.getByRole("heading", { name: "Inquiry form for your website" })).toBeVisible();
  const address = page.getByLabel("Link to your form");
  await expect(address).toHaveValue(new RegExp(`/inquire/${slug}$`));
  await expect(page.getByLabel("Embed code")).toHaveValue(new RegExp(`<iframe src=".+/inquire/${slug}"`));
  await expect(page.getByRole("button", { name: "Copy embed code" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy form link" })).toBeVisible();
  await page.getByRole("heading", { name: "Inquiry form for your website" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screens/inquiry-snippet-1280.png" });
  const formUrl = await address.inputValue();

  // Only the inquiry page may be framed by another site.
  const framed = await page.request.get(formUrl);
  expect(framed.status()).toBe(200);
  expect(framed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(framed.headers()["x-frame-options"]).toBeUndefined();
  expect(await framed.text()).toContain("<title>Book Jordan Rivera to speak</title>");
  const app = await page.request.get("/events");
  expect(app.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(app.headers()["x-frame-options"]).toBe("DENY");
  const unknown = await page.request.get("/inquire/nobody-by-this-name");
  expect(unknown.status()).toBe(404);

  const planner = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await planner.newPage();
  const openedAt = Date.now();
  await phone.goto(formUrl);
  await expect(phone.getByRole("heading", { name: "Book Jordan Rivera", level: 1 })).toBeVisible();
  await expect(phone.getByRole("img", { name: "Headshot of Jordan Rivera" })).toBeVisible();
  await expect(phone.getByRole("listitem").getByText("Resilient Sales Teams")).toBeVisible();
  await expectNoAxeViolations(phone);
  await screenshot(phone, "inquiry-375");

  await phone.getByLabel("Organization").fill("Acme Sales Kickoff");
  await phone.getByLabel("Your name").fill("Pat Planner");
  await phone.getByLabel("Email").fill("pat@acme.example");
  await phone.getByLabel("Event date (optional)").fill("2031-03-14");
  await phone.getByLabel("City (optional)").fill("Denver");
  await phone.getByLabel("State (optional)").fill("CO");
  await phone.getByLabel("Audience size (optional)").fill("400");
  await phone.getByLabel("Topic (optional)").selectOption("Leading Through Change");
  await phone.getByLabel("Message").fill("We would love a keynote for our annual kickoff.");
  // A person takes a few seconds; the server drops forms sent faster than 3 s after they were opened.
  await phone.waitForTimeout(Math.max(0, 3500 - (Date.now() - openedAt)));
  await phone.getByRole("button", { name: "Send inquiry" }).click();
  await expect(phone.getByRole("heading", { name: "Inquiry sent" })).toBeVisible();
  await expect(phone.getByText("Thank you! Your inquiry has been sent.")).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await planner.close();

  await page.goto("/events?status=inquiry");
  await expect(page.getByText("Inquiry from Acme Sales Kickoff").first()).toBeVisible();

  // Embedded on the speaker's own site (here a page of its own), the form loads inside the frame.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(formUrl);
  await expect(page.getByRole("heading", { name: "Book Jordan Rivera", level: 1 })).toBeVisible();
  await screenshot(page, "inquiry-1280");
  await page.setContent(
    `<main><h1>Jordan's website</h1><iframe src="${formUrl}" title="Send an inquiry" width="100%" height="900"></iframe></main>`,
  );
  await expect(
    page.frameLocator("iframe").getByRole("heading", { name: "Book Jordan Rivera", level: 1 }),
  ).toBeVisible();
});
