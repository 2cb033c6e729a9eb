import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  postWithCsrf,
  readMailedLink,
  SCREENSHOTS,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

test.describe.configure({ timeout: 180_000 });
// The questionnaire goes to the planner: the speaker's address must be verified (decision 036).
test.use({ isVerified: true });

test("the planner answers at 375 px (save, come back, submit), and the speaker accepts a proposal", async ({
  page,
  account: _,
}) => {
  const contactEmail = `planner-${Date.now()}@acme.example`;
  const created = await postWithCsrf(page.request, "/api/events", {
    title: "ACME Sales Kickoff",
    date: "2031-05-01",
    city: "Austin",
    state: "TX",
    attendees: 100,
    contactEmail,
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };

  await page.goto(`/events/${event.id}`);
  await expect(page.getByText("Not sent yet.")).toBeVisible();
  await page.getByRole("button", { name: "Send the questionnaire" }).click();
  const dialog = page.getByRole("dialog", { name: "Send the questionnaire" });
  await dialog.getByLabel("Message (optional)").fill("Thank you for having me!");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Sent; waiting for the planner's answers.")).toBeVisible();

  const path = await readMailedLink(page.request, contactEmail, "a few questions", "/q/");
  await page.setViewportSize({ width: 375, height: 800 });
  const opened = await page.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1, name: "Tell us about your event" })).toBeVisible();
  await expect(page.getByText(/ACME Sales Kickoff/)).toBeVisible();

  // A draft first: nothing is required yet.
  await page.getByLabel(/How many people do you expect/).fill("250");
  await page.getByLabel(/What is the event's theme/).fill("Growing together");
  await page.getByRole("button", { name: "Save and finish later" }).click();
  await expect(page.getByRole("status")).toContainText("Saved");
  await page.reload();
  await expect(page.getByLabel(/How many people do you expect/)).toHaveValue("250");
  await expect(page.getByLabel(/What is the event's theme/)).toHaveValue("Growing together");

  // Sending checks the required answers.
  await page.getByRole("button", { name: "Send answers" }).click();
  await expect(page.getByRole("alert")).toContainText("Some answers need another look");
  await expect(page.getByText("This question needs an answer").first()).toBeVisible();
  await page.getByLabel(/When should the speaker arrive/).fill("08:15");
  await page.getByLabel(/When does the talk start/).fill("09:00");
  await page.getByLabel(/On-site contact's name/).fill("Dana Lee");
  await page.getByLabel(/On-site contact's phone/).fill("512-555-0100");
  await page.getByRole("radio", { name: "Lavalier" }).check();
  await page.getByRole("radio", { name: "Yes" }).check();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "questionnaire-form");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Send answers" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you! Your answers are with the speaker.");
  await shootAtBothWidths(page, "questionnaire-thanks");

  const unknown = await page.goto("/q/not-a-real-token-at-all-1234567890");
  expect(unknown?.status()).toBe(404);

  // The speaker's event page: the answers, and the conflicting attendees as a proposal.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/events/${event.id}`);
  await expect(page.getByText(/^Answered .+\. To planner-/)).toBeVisible();
  await expect(page.getByText("Growing together")).toBeVisible();
  await expect(page.getByText(/Planner says\s*250\s*\(was 100\)/)).toBeVisible();
  await shootAtBothWidths(page, "questionnaire-event-card");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Accept the planner's attendees" }).click();
  await expect(page.getByText(/Planner says/)).toHaveCount(0);
  const after = (await (await page.request.get(`/api/events/${event.id}`)).json()) as {
    attendees: number;
    arrivalTime: string;
    contactName: string;
  };
  expect(after).toMatchObject({ attendees: 250, arrivalTime: "08:15", contactName: "Dana Lee" });

  // Before the talk the planner may change what they sent: the form comes back filled in, without a draft.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(path);
  await page.getByRole("button", { name: "Change my answers" }).click();
  await expect(page.getByLabel(/How many people do you expect/)).toBeFocused();
  await expect(page.getByLabel(/When should the speaker arrive/)).toHaveValue("08:15");
  await expect(page.getByRole("button", { name: "Save and finish later" })).toHaveCount(0);
  await expect(page.getByText("Change what you need, then send the changes")).toBeVisible();
  await page.getByLabel(/When should the speaker arrive/).fill("08:45");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "questionnaire-change");
  await page.getByRole("button", { name: "Send changes" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you! Your answers are with the speaker.");
  await page.getByRole("button", { name: "Change my answers" }).click();
  await expect(page.getByLabel(/When should the speaker arrive/)).toHaveValue("08:45");
  await page.getByRole("button", { name: "Keep my answers" }).click();
  await expect(page.getByRole("button", { name: "Change my answers" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/events/${event.id}`);
  await expect(page.getByText(/Planner says\s*08:45\s*\(was 08:15\)/)).toBeVisible();
  await expect(page.getByText(/Planner says\s*250/)).toHaveCount(0);
});

test("the booking page's optional step opens the same form and keeps a draft", async ({
  page,
  account: _,
}) => {
  const created = await postWithCsrf(page.request, "/api/events", {
    title: "Globex Offsite",
    date: "2031-06-12",
    fee: 8000,
    contactName: "Sam Ortiz",
    contactEmail: `booker-${Date.now()}@globex.example`,
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = (await created.json()) as { id: string };
  const sent = await postWithCsrf(page.request, `/api/events/${event.id}/booking`, {});
  expect(sent.status(), await sent.text()).toBe(201);
  const { url } = (await sent.json()) as { url: string };

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(new URL(url).pathname);
  await expect(page.getByRole("heading", { name: "Tell us about your event" })).toBeVisible();
  await page.getByRole("button", { name: "Answer the questions" }).click();
  await page.getByLabel(/What is the event's theme/).fill("Offsite planning");
  await page.getByRole("button", { name: "Save and finish later" }).click();
  await expect(page.getByText("Saved. You can close this page")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shootAtBothWidths(page, "booking-questionnaire-step");
  const shown = (await (await page.request.get(`/api/events/${event.id}/questionnaire`)).json()) as {
    answers: { value: unknown }[];
  };
  expect(shown.answers).toEqual([expect.objectContaining({ value: "Offsite planning" })]);
});

test("the questionnaire editor at 375 px: add a choice, move it up, refuse a bad set, save", async ({
  page,
  account: _,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/account-settings?tab=follow-ups");
  const editor = page.getByRole("heading", { name: "Questionnaire" }).locator("xpath=../..");
  await expect(editor.getByLabel("Question", { exact: true }).first()).toHaveValue(
    "How many people do you expect?",
  );
  await editor.getByRole("button", { name: "Add a question" }).click();
  const last = editor.getByRole("listitem").last();
  await last.getByLabel("Question", { exact: true }).fill("Seating style");
  await last.getByLabel("Type").selectOption("choice");
  await editor.getByRole("button", { name: "Save questionnaire" }).click();
  await expect(last.getByText("A choice needs at least two options")).toBeVisible();
  await last.getByLabel("Options, one a line").fill("Theatre\nBanquet");
  await editor.getByRole("button", { name: /Move question 16 up/ }).click();
  await editor.getByRole("button", { name: "Save questionnaire" }).click();
  await expect(page.getByText("Questionnaire saved").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const saved = (await (await page.request.get("/api/questionnaire")).json()) as {
    questions: { label: string; options?: string[] }[];
  };
  expect(saved.questions.at(-2)).toMatchObject({ label: "Seating style", options: ["Theatre", "Banquet"] });
  await shootAtBothWidths(page, "questionnaire-editor");
  // The whole settings page is long: the editor's own questions, close up, at 375 px.
  await editor
    .getByRole("listitem")
    .nth(-2)
    .screenshot({ path: `${SCREENSHOTS}/questionnaire-editor-choice-375.png` });
});
