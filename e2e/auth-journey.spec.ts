import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, readMailedLink, test, toastWith } from "./fixtures.ts";

async function signInThroughModal(page: Page, username: string, password: string) {
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome back" });
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toastWith(page, "Welcome back!")).toContainText("Successfully logged in");
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toastWith(page, "Goodbye!")).toContainText("Successfully logged out");
  await expect(page).toHaveURL(/\/auth$/);
}

test("a speaker signs up, verifies, signs out and in, and resets a forgotten password", async ({ page }) => {
  // A long journey: signing in and registering now load the app as a new page (the public pages carry none
  // of its code), so it gets more than one test's usual minute on a busy machine.
  test.setTimeout(150_000);
  const username = `journey_${randomBytes(4).toString("hex")}`;
  const email = `${username}@example.com`;
  const firstPassword = "Speaker!2026";
  const newPassword = "Keynote$2027x";

  await test.step("register from the inline form on the landing page", async () => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Start My Free Trial" }).first().click();
    const form = page.locator("#signup-form");
    await expect(form.getByLabel("Username")).toBeFocused();
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(firstPassword);
    await expect(form.getByRole("meter", { name: "Password strength" })).toHaveAttribute(
      "aria-valuetext",
      /^Strong/,
    );
    await form.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(toastWith(page, "Welcome!")).toContainText(
      "Successfully registered! Please check your email to verify your account.",
    );
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("verify the e-mail address from the mailed link", async () => {
    const verifyPath = await readMailedLink(page.request, email, "Verify your email", "/verify-email");
    await page.goto(verifyPath);
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
  });

  await test.step("the dashboard greets a first-time speaker with the welcome dialog", async () => {
    const welcome = page.getByRole("dialog", { name: "Welcome to Podium" });
    await expect(welcome).toBeVisible();
    await welcome.getByRole("button", { name: "Explore on My Own" }).click();
    await expect(welcome).toBeHidden();
  });

  await test.step("sign out, then sign in through the modal", async () => {
    await signOut(page);
    await signInThroughModal(page, username, firstPassword);
    await signOut(page);
  });

  await test.step("ask for a password reset from the modal", async () => {
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await expect(dialog).toHaveAccessibleName("Reset your password");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(toastWith(page, "Password Reset Email Sent")).toContainText(
      "Check your email for instructions to reset your password.",
    );
    await page.keyboard.press("Escape");
  });

  await test.step("choose a new password from the mailed link", async () => {
    const resetPath = await readMailedLink(
      page.request,
      email,
      "Reset your Podium password",
      "/reset-password/",
    );
    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(toastWith(page, "Password Reset Successful")).toContainText(
      "You can now log in with your new password.",
    );
    await expect(page).toHaveURL(/\/auth$/, { timeout: 5000 });
  });

  await test.step("sign in with the new password", async () => {
    await signInThroughModal(page, username, newPassword);
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  });
});
