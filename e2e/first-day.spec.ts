import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  expect,
  mailedResetLink,
  PASSWORD,
  postWithCsrf,
  readMailedLink,
  registerAccount,
  test,
  toastWith,
} from "./fixtures.ts";
import { fillAndBlur, openLanding, scrollToSignupForm, signupForm } from "./landing-helpers.ts";

/** A date `days` from today as YYYY-MM-DD. */
function daysFromToday(days: number) {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

async function postEvent(page: Page, data: Record<string, unknown>) {
  return (await (await postWithCsrf(page.request, "/api/events", data)).json()) as { id: string };
}

const SHOTS = "/tmp/shots-12";

test.describe("a speaker's first day (issue 12)", () => {
  test("the events list opens on upcoming events, soonest first; past ones are one tap away (item 11)", async ({
    page,
    account: _,
  }) => {
    await postEvent(page, { title: "Spring Inquiry", date: daysFromToday(150), status: "inquiry" });
    await postEvent(page, { title: "Next Week Keynote", date: daysFromToday(7), status: "confirmed" });
    await postEvent(page, { title: "Last Month Panel", date: daysFromToday(-30), status: "completed" });
    await page.goto("/events");
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText("Next Week Keynote");
    await expect(rows.nth(2)).toContainText("Spring Inquiry");
    await expect(page.getByRole("table")).not.toContainText("Last Month Panel");
    await page.screenshot({ path: `${SHOTS}/events-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Past", exact: true }).click();
    await expect(rows.nth(1)).toContainText("Last Month Panel");
    await expect(page.getByRole("table")).not.toContainText("Next Week Keynote");
  });

  test("cancelling asks first and can be undone; Completed waits for the date (item 7)", async ({
    page,
    account: _,
  }) => {
    const { id } = await postEvent(page, {
      title: "Future Summit",
      date: daysFromToday(20),
      status: "confirmed",
    });
    await page.goto(`/events/${id}`);
    await expect(page.getByRole("button", { name: "Change status to Postponed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change status to Completed" })).toHaveCount(0);
    await page.getByRole("button", { name: "Change status to Cancelled" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Cancel this event?");
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Confirmed");
    await page.getByRole("button", { name: "Change status to Cancelled" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel event" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Cancelled");
    await page.locator("li[data-state='open']").getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Confirmed");
  });

  test("a wrong password is said on the form, next to the fields (item 10)", async ({ page, browser }) => {
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto("/auth");
    await stranger.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    const dialog = stranger.getByRole("dialog");
    await dialog.getByLabel("Username").fill("nobody_here");
    await dialog.getByLabel("Password", { exact: true }).fill("Wrong!Pass1");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid username or password");
    await stranger.screenshot({ path: `${SHOTS}/sign-in-error-1280.png` });
    await dialog.getByLabel("Password", { exact: true }).fill("Another!Pass2");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await context.close();
    void page;
  });

  test("the bureau rep lines up with the partner and is filled in from its contact (item 9)", async ({
    page,
    account: _,
  }) => {
    await postWithCsrf(page.request, "/api/bureau-partners", {
      name: "Premier Speakers Bureau",
      contactName: "Dana Reyes",
    });
    await page.goto("/events?new=1");
    const dialog = page.getByRole("dialog", { name: "New event" });
    const partner = dialog.getByRole("combobox", { name: "Bureau partner" });
    await partner.fill("premier");
    await dialog.getByRole("option", { name: /Premier Speakers Bureau/ }).click();
    const rep = dialog.getByLabel("Bureau rep");
    await expect(rep).toHaveValue("Dana Reyes");
    const [partnerBox, repBox] = [await partner.boundingBox(), await rep.boundingBox()];
    expect(Math.abs(partnerBox!.y - repBox!.y)).toBeLessThan(2);
  });

  test("a click on Start My Free Trial after a refused submit is never lost (item 2)", async ({ page }) => {
    const username = `retry_${randomBytes(4).toString("hex")}`;
    await openLanding(page);
    await scrollToSignupForm(page);
    const form = signupForm(page);
    await fillAndBlur(page, "Username", "ab");
    await fillAndBlur(page, "Email", "not-an-email");
    await fillAndBlur(page, "Password", "short");
    await expect(form.getByText("Invalid email address", { exact: true })).toBeVisible();

    // Pasting valid values clears each stale message as the value becomes valid, before any blur ...
    await form.getByLabel("Username", { exact: true }).fill(username);
    await form.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await expect(form.getByText("Invalid email address", { exact: true })).toHaveCount(0);
    await expect(form.getByText("Username must be at least 3 characters", { exact: true })).toHaveCount(0);

    // ... so the button is where the speaker sees it when they press it, and pressing does not move it.
    const button = form.getByRole("button", { name: "Start My Free Trial" });
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect((await button.boundingBox())!.y).toBeCloseTo(box.y, 0);
    await page.mouse.up();
    await expect(toastWith(page, "Welcome!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a spent reset link says so at once and offers a new one (item 5)", async ({ page, browser }) => {
    const context = await browser.newContext();
    const { account, resetPath, token } = await mailedResetLink(context.request);
    await postWithCsrf(context.request, "/api/auth/reset-password", { token, password: "Keynote$2027x" });
    await context.close();

    await page.goto(resetPath);
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("The password reset link is invalid or has expired.")).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/reset-spent-1280.png` });
    await page.getByRole("button", { name: "Send a new link" }).click();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toastWith(page, "Password Reset Email Sent")).toBeVisible();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Check your email for instructions to reset your password.",
    );
  });

  test("resetting an unverified account verifies it and goes straight to the new password (item 6)", async ({
    page,
    browser,
  }) => {
    const context = await browser.newContext();
    const account = await registerAccount(context.request);
    await context.close();
    const welcomePath = await readMailedLink(
      page.request,
      account.email,
      "Verify your email",
      "/verify-email",
    );

    await postWithCsrf(page.request, "/api/auth/forgot-password", { email: account.email });
    let resetVerifyPath = welcomePath;
    await expect
      .poll(async () => {
        resetVerifyPath = await readMailedLink(
          page.request,
          account.email,
          "Verify your email",
          "/verify-email",
        );
        return resetVerifyPath.includes("reset=");
      })
      .toBe(true);

    await page.goto(resetVerifyPath);
    await expect(page).toHaveURL(/\/reset-password\//);
    await expect(page.getByText("Your email address is verified.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Keynote$2027x");
    await page.getByLabel("Confirm new password").fill("Keynote$2027x");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(toastWith(page, "Password Reset Successful")).toBeVisible();
    const login = await postWithCsrf(page.request, "/api/login", {
      username: account.username,
      password: "Keynote$2027x",
    });
    expect(((await login.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
  });

  test("/ and Ctrl-K focus the universal search (item 14)", async ({ page, account: _ }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const search = page.getByRole("combobox", { name: "Search events and clients" });
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("");
    await search.blur();
    await page.keyboard.press("Control+k");
    await expect(search).toBeFocused();
  });

  test("a new speaker's events page says No events yet, not No upcoming events", async ({
    page,
    account: _,
  }) => {
    await page.goto("/events");
    await expect(page.getByRole("heading", { name: "No events yet" })).toBeVisible();
    await expect(page.getByText("No upcoming events")).toHaveCount(0);
  });
});

test.describe("the first screen says one thing at a time (item 15)", () => {
  test.use({ hasSeenWelcome: false });

  test("the welcome dialog waits for the sign-up toast, and the storage notice for the dialog", async ({
    page,
  }) => {
    const username = `first_${randomBytes(4).toString("hex")}`;
    await openLanding(page);
    await scrollToSignupForm(page);
    const form = signupForm(page);
    await form.getByLabel("Username", { exact: true }).fill(username);
    await form.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Start My Free Trial" }).click();
    const signedUp = toastWith(page, "Welcome!");
    await expect(signedUp).toBeVisible();
    const welcome = page.getByRole("dialog", { name: "Welcome to Podium" });
    await expect(welcome).toBeHidden();
    await expect(page.getByText("Where your data is kept")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/first-screen-toast-1280.png` });

    await expect(signedUp).toBeHidden({ timeout: 15_000 });
    await expect(welcome).toBeVisible();
    await expect(page.getByText("Where your data is kept")).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/first-screen-welcome-1280.png` });
    await welcome.getByRole("button", { name: "Explore on My Own" }).click();
    await expect(page.getByText("Where your data is kept")).toBeVisible();
  });
});
