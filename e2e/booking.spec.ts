import {
  drawSignature,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  postWithCsrf,
  readMailedLink,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

test.describe.configure({ timeout: 240_000 });
// The booking link goes to a client: the speaker's address must be verified (decision 036).
test.use({ isVerified: true });

test("at 375 px, the planner opens the booking link, signs, pays the deposit by card and is booked", async ({
  page,
  account: _,
  browser,
  baseURL,
}) => {
  await page.request.put("/api/speaker-profile", {
    data: { name: "Jordan Rivera", businessName: "Rivera Talks LLC", email: "jordan@example.com" },
    headers: {
      "x-csrf-token": ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string })
        .csrfToken,
    },
  });
  // Card payments on (the fake Stripe's onboarding page), so the deposit can be paid by card.
  await page.goto("/account-settings?tab=invoicing");
  await page.getByRole("button", { name: "Connect card payments" }).click();
  await expect(page.getByText("Card payments are on")).toBeVisible();

  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Sales Kickoff",
      date: new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10),
      fee: 10_000,
      travelFee: 1_500,
      clientName: "ACME Corp",
      contactName: "Dana Lee",
      contactEmail: "planner@acme.example",
      venueName: "Grand Hall",
      city: "Austin",
      state: "TX",
    })
  ).json();
  const sent = await postWithCsrf(page.request, `/api/events/${event.id}/booking`, {
    message: "Looking forward to it!",
  });
  expect(sent.status()).toBe(201);

  // The planner, in a browser that never signed in, opens the link from the e-mail.
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  await fresh.route(/^https:\/\/(checkout|billing)\.stripe\.com\//, (route) => route.abort());
  const planner = await fresh.newPage();
  const link = await readMailedLink(planner.request, "planner@acme.example", "your booking for", "/b/");
  await planner.goto(link);
  await expect(planner.getByRole("heading", { name: "Book Jordan Rivera" })).toBeVisible();
  await expect(planner.getByText("Grand Hall, Austin, TX", { exact: true })).toBeVisible();
  await expect(planner.getByText("$11,500").first()).toBeVisible();
  await expect(planner.locator('[aria-current="step"]')).toHaveText(/Review and sign the agreement/);
  // What the planner will pay is named before signing (issue 41).
  await expect(planner.getByText(/^\$5,750 due by [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(planner);
  await expectNoSidewaysScroll(planner);
  await shootAtBothWidths(planner, "1-sign");

  await planner.getByRole("checkbox").check();
  await planner.getByLabel("Full name").fill("Dana Lee");
  await drawSignature(planner);
  await planner.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(planner.locator('[aria-current="step"]')).toHaveText(/Pay the deposit/);

  // Coming back shows where they left off.
  await planner.reload();
  await expect(
    planner.getByRole("heading", { name: /^2\. Pay the \$5,750 deposit by [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(planner);
  await expectNoSidewaysScroll(planner);
  await shootAtBothWidths(planner, "2-pay");

  await planner.getByRole("button", { name: /^Pay \$5,750 by card$/ }).click();
  await expect(planner).toHaveURL(/\?payment=done$/);
  await expect(planner.getByRole("heading", { name: "You're booked: confirmed" })).toBeVisible();
  await expect(planner.getByRole("heading", { name: "The balance" })).toBeVisible();
  await expectNoAxeViolations(planner);
  await expectNoSidewaysScroll(planner);
  await shootAtBothWidths(planner, "3-done");
  await fresh.close();

  const booking = await (await page.request.get(`/api/events/${event.id}/booking`)).json();
  expect(booking.status).toBe("confirmed");
  // An unknown link answers the same 404 as every public page.
  const unknown = await page.request.get(`/b/${"x".repeat(43)}`);
  expect(unknown.status()).toBe(404);
});

test("at 375 px, a changed fee leaves the planner's page at the agreed figures until the speaker sends the revision", async ({
  page,
  account: _,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Leadership Offsite",
      date: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
      fee: 3_200,
      clientName: "Globex",
      contactName: "Kim Park",
      contactEmail: "kim@globex.example",
    })
  ).json();
  expect((await postWithCsrf(page.request, `/api/events/${event.id}/booking`, {})).status()).toBe(201);
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const planner = await fresh.newPage();
  const link = await readMailedLink(planner.request, "kim@globex.example", "your booking for", "/b/");

  // The speaker raises the fee: the planner still sees the figures of the agreement they were sent.
  await page.request.patch(`/api/events/${event.id}`, {
    data: { fee: 4_000 },
    headers: {
      "x-csrf-token": ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string })
        .csrfToken,
    },
  });
  await planner.goto(link);
  await expect(planner.getByText("$3,200").first()).toBeVisible();
  await expect(planner.getByText("$4,000")).toHaveCount(0);
  await expect(planner.getByText(/^\$1,600 due by /)).toBeVisible();

  await page.goto(`/events/${event.id}`);
  await expect(page.getByText("The booking's agreement is out of date.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shootAtBothWidths(page, "4-out-of-date");
  await page.getByRole("button", { name: "Send the revised agreement" }).click();
  await expect(page.getByText("The booking's agreement is out of date.")).toHaveCount(0);

  await planner.reload();
  await expect(planner.getByText("$4,000").first()).toBeVisible();
  await expect(planner.getByText("$3,200")).toHaveCount(0);
  await expect(planner.getByText(/^\$2,000 due by /)).toBeVisible();
  await expectNoAxeViolations(planner);
  await expectNoSidewaysScroll(planner);
  await shootAtBothWidths(planner, "5-revised");
  await fresh.close();
});
