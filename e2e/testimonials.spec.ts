import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  postWithCsrf,
  readMailedLink,
  SCREENSHOTS,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

test.describe.configure({ timeout: 180_000 });
test.use({ isVerified: true });

const QUOTE = "Our sales team still quotes the talk a month later.";

test("the planner writes a testimonial at 375 px with a referral, and the speaker adds it to the media kit", async ({
  page,
  browser,
  account: _,
}) => {
  await page.goto("/");
  const date = await page.evaluate(() => {
    const at = new Date(Date.now() - 5 * 86_400_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  });
  const planner = `dana-${Date.now()}@acme.example`;
  const created = await postWithCsrf(page.request, "/api/events", {
    title: "Acme Sales Kickoff",
    date,
    status: "completed",
    city: "Austin",
    state: "TX",
    contactName: "Dana",
    contactEmail: planner,
  });
  expect(created.status()).toBe(201);
  const event = (await created.json()) as { id: string };

  await page.goto(`/events/${event.id}`);
  await page.getByRole("button", { name: "Ask for a testimonial" }).click();
  const dialog = page.getByRole("dialog", { name: "Ask for a testimonial" });
  await expect(dialog.getByLabel("Send to")).toHaveValue(planner);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "testimonial-request-dialog");
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Testimonial requested", `Sent to ${planner}.`);

  const path = await readMailedLink(page.request, planner, "", "/t/");
  // The planner: a fresh browser with no session, on a phone.
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await context.newPage();
  const response = await phone.goto(path);
  expect(response?.status()).toBe(200);
  await expect(phone.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("How was");
  await expect(phone.getByText("Acme Sales Kickoff")).toBeVisible();
  await expect(phone.getByText("Austin, TX")).toBeVisible();

  await phone.locator("label").filter({ hasText: "5 of 5, Excellent" }).click();
  await expect(phone.getByRole("radio", { name: "5 of 5, Excellent" })).toBeChecked();
  await expect(phone.getByText("5 of 5: Excellent")).toBeVisible();
  await phone.getByLabel("What stood out? (optional)").fill("The story about the bridge.");
  await phone.getByLabel("Your testimonial").fill(QUOTE);
  await phone.getByLabel("Your name").fill("Dana Whitfield");
  await phone.getByLabel("Role (optional)").fill("VP Sales");
  await phone.getByLabel("Organisation (optional)").first().fill("Acme");
  await phone.getByRole("checkbox", { name: /may publish my testimonial/ }).check();
  await phone.getByRole("button", { name: "Add a colleague" }).click();
  await phone.getByLabel("Name", { exact: true }).fill("Robin Booker");
  await phone.getByLabel("E-mail", { exact: true }).fill("robin@globex.example");
  await phone.getByLabel("Organisation (optional)").nth(1).fill("Globex");
  await expect(phone.getByRole("button", { name: "Add another colleague" })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await expectNoAxeViolations(phone);
  await phone.screenshot({ path: `${SCREENSHOTS}/testimonial-form-375.png`, fullPage: true });
  await phone.getByRole("button", { name: "Send my testimonial" }).click();
  await expect(phone.getByRole("status")).toContainText("Thank you!");
  await phone.reload();
  await expect(phone.getByText("Your testimonial is on its way")).toBeVisible();
  await expect(phone.getByRole("button", { name: "Send my testimonial" })).toHaveCount(0);
  await shootAtBothWidths(phone, "testimonial-thanks");
  const unknown = await phone.goto("/t/not-a-real-token-at-all-0000000000000000");
  expect(unknown?.status()).toBe(404);
  await context.close();

  // The referral is an inquiry with its source.
  const events = (await (await page.request.get("/api/events?limit=50")).json()) as {
    items: { title: string; status: string; source: string | null }[];
  };
  expect(events.items).toContainEqual(
    expect.objectContaining({ title: "Referral: Globex", status: "inquiry", source: "referral" }),
  );

  // The speaker: the list, then "Add to media kit".
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
  await expect(page.getByText(QUOTE)).toBeVisible();
  await expect(page.getByRole("img", { name: "Rated 5 of 5" })).toBeVisible();
  await expect(page.getByText("May be published")).toBeVisible();
  await expect(page.getByRole("link", { name: "Acme Sales Kickoff" })).toBeVisible();
  await page.getByRole("button", { name: "Add to media kit" }).click();
  await expectToast(page, "Added to your media kit");
  await expect(page.getByText("In your media kit")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to media kit" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "testimonials");

  const kit = (await (await page.request.get("/api/media-kit")).json()) as {
    testimonials: { quote: string; author: string }[];
  };
  expect(kit.testimonials).toContainEqual(
    expect.objectContaining({
      quote: QUOTE,
      author: "Dana Whitfield",
      role: "VP Sales",
      organization: "Acme",
    }),
  );
});

test("the speaker turns the testimonial step automatic in the action list, and insights show none received yet", async ({
  page,
  account: _,
}) => {
  await page.goto("/account-settings?tab=follow-ups");
  await expect(page.getByRole("heading", { name: "Action list" })).toBeVisible();
  const step = page
    .getByRole("listitem")
    .filter({ has: page.getByText("Sends the planner the testimonial form") });
  await expect(step.getByLabel("Title")).toHaveValue("Ask for a testimonial");
  const automatic = step.getByRole("checkbox", { name: /Send it by itself on the day/ });
  await expect(automatic).not.toBeChecked();
  await automatic.check();
  await page.getByRole("button", { name: "Save action list" }).click();
  await expectToast(page, "Action list saved");
  await step.scrollIntoViewIfNeeded();
  await shootAtBothWidths(page, "testimonial-automatic-step");
  await step.screenshot({ path: `${SCREENSHOTS}/testimonial-automatic-step-only-375.png` });
  await page.reload();
  await expect(
    page
      .getByRole("listitem")
      .filter({ has: page.getByText("Sends the planner the testimonial form") })
      .getByRole("checkbox", { name: /Send it by itself on the day/ }),
  ).toBeChecked();

  await page.goto("/insights");
  const section = page
    .locator("section, div")
    .filter({ has: page.getByRole("heading", { name: "Testimonials" }) });
  await expect(section.getByText("Average rating").first()).toBeVisible();
  await expect(section.getByText("—").first()).toBeVisible();
  // The figures themselves: no testimonial yet, so a count of 0 and no average.
  const figures = page.locator("dl").filter({ has: page.getByText("Average rating", { exact: true }) });
  await expect(
    figures
      .locator("div")
      .filter({ has: page.getByText("Testimonials", { exact: true }) })
      .locator("dd"),
  ).toHaveText("0");
  await expect(
    figures
      .locator("div")
      .filter({ has: page.getByText("Average rating", { exact: true }) })
      .locator("dd"),
  ).toHaveText("—");
});
