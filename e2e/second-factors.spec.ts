import type { Page, TestInfo } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import type { TotpSetup } from "../src/shared/schemas/security.ts";
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectToast,
  mailedResetLink,
  postWithCsrf,
  test,
  toastWith,
} from "./fixtures.ts";
import { E2E_ADMIN } from "./seed-admin.ts";

/**
 * Passkeys, the authenticator app and the fresh check, in the browser (issue 35). Passkeys are made by
 * Chromium's virtual authenticator, which answers at once as if the person touched the sensor; the tests
 * browse localhost because WebAuthn refuses an IP address as relying party (playwright.config.ts).
 */

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** A code of the authenticator app, `stepsAhead` periods of 30 s from now (the server accepts ±1). */
function totpCode(secret: string, stepsAhead = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * totp.period * 1000 });
}

/**
 * Screenshots at 1280 and 375 px wide, kept with the test's results for a person to look at: the whole page,
 * or the screen when a dialog is open (its overlay covers only the screen).
 */
async function screenshotBothWidths(page: Page, testInfo: TestInfo, name: string) {
  const fullPage = (await page.getByRole("dialog").count()) === 0;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Ends the session the way a new visitor would arrive: no cookies, on the sign-in page. */
async function openSignInForm(page: Page) {
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  return page.getByRole("dialog", { name: "Welcome back" });
}

async function expectSignedIn(page: Page) {
  await expect(toastWith(page, "Welcome back!")).toContainText("Successfully logged in");
  await expect(page).toHaveURL(/\/$/);
}

test("a speaker adds a passkey, signs in with it and no username, and confirms with it to remove it", async ({
  page,
  account: _signedIn,
}, testInfo) => {
  await addVirtualAuthenticator(page);
  await page.goto("/account-settings?tab=security");
  await page.getByLabel("New passkey's name").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expectToast(page, "Passkey added", 'You can now sign in with "Test laptop".');
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Test laptop");
  await expect(list).toContainText("never used");
  await expectNoAxeViolations(page);
  await screenshotBothWidths(page, testInfo, "security-section");

  const signIn = await openSignInForm(page);
  await signIn.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectSignedIn(page);
  await page.goto("/account-settings?tab=security");
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("last used");

  // Signing in opens no fresh-check window: removing the passkey asks first, and the passkey itself answers.
  await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
  await page
    .getByRole("alertdialog", { name: "Remove this passkey?" })
    .getByRole("button", { name: "Remove passkey" })
    .click();
  const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
  await reauth.getByRole("button", { name: "Use a passkey" }).click();
  await expect(reauth).toBeHidden();
  await expectToast(page, "Passkey removed", "Test laptop");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
});

test("a speaker turns on the authenticator app, keeps the recovery codes, and signs in with a code", async ({
  page,
  account,
}, testInfo) => {
  await page.goto("/account-settings?tab=security");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code to scan with your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");

  const codeField = page.getByLabel("2. Enter the 6-digit code the app shows");
  await codeField.fill("12345");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await codeField.fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download .txt" }).click();
  expect((await download).suggestedFilename()).toBe("podium-recovery-codes.txt");
  await expectNoAxeViolations(page);
  await screenshotBothWidths(page, testInfo, "recovery-codes");
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10")).toBeVisible();

  const signIn = await openSignInForm(page);
  await signIn.getByLabel("Username").fill(account.username);
  await signIn.getByLabel("Password", { exact: true }).fill(account.password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(signIn.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoAxeViolations(page);
  await screenshotBothWidths(page, testInfo, "second-step-sign-in");
  // The code that turned the app on may not be used again: the next period's code is accepted (±1 step).
  await signIn.getByLabel("6-digit code from your authenticator app").fill(totpCode(secret, 1));
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectSignedIn(page);
});

test.describe("without a fresh check", () => {
  test.use({ isFreshlyConfirmed: false });

  test("adding the first passkey asks to confirm it's you with the password, then the device makes it", async ({
    page,
    account,
  }) => {
    await addVirtualAuthenticator(page);
    await page.goto("/account-settings?tab=security");
    await page.getByLabel("New passkey's name").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog.getByRole("button", { name: "Use a passkey" })).toHaveCount(0);
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Passkey added", 'You can now sign in with "Test laptop".');
    // The device made it: the account lists it.
    const list = page.getByRole("list", { name: "Your passkeys" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("Test laptop");
  });

  test("changing the password asks to confirm it's you first, then goes ahead", async ({
    page,
    account,
  }, testInfo) => {
    await page.goto("/account-settings?tab=account");
    const form = page.locator("form", { has: page.getByRole("button", { name: "Change password" }) });
    await form.getByLabel("Current password").fill(account.password);
    await form.getByLabel("New password", { exact: true }).fill("Keynote$2027x");
    await form.getByLabel("Confirm new password").fill("Keynote$2027x");
    await form.getByRole("button", { name: "Change password" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotBothWidths(page, testInfo, "reauth-dialog");
    await dialog.getByLabel("Password", { exact: true }).fill("Wrong!2026x");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Password Updated", "You can now log in with your new password.");
  });
});

test("the admin sees a speaker's second factors and resets them", async ({
  page,
  account,
  browser,
}, testInfo) => {
  const setup = (await (await postWithCsrf(page.request, "/api/totp/setup")).json()) as TotpSetup;
  await postWithCsrf(page.request, "/api/totp/enable", { code: totpCode(setup.secret) });

  const adminContext = await browser.newContext();
  const signedIn = await postWithCsrf(adminContext.request, "/api/login", {
    username: E2E_ADMIN.username,
    password: E2E_ADMIN.password,
  });
  const { id } = (await signedIn.json()) as { id: string };
  await adminContext.addInitScript(
    (key) => window.localStorage.setItem(key, "seen"),
    `podium:welcome-seen:${id}`,
  );
  const admin = await adminContext.newPage();
  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Users" }).click();
  await admin.getByRole("searchbox", { name: "Search users by username or e-mail" }).fill(account.username);
  // The list says who has which factor before any account is opened.
  await expect(admin.getByRole("button", { name: new RegExp(account.username) })).toContainText(
    "Authenticator app",
  );
  await admin.getByRole("button", { name: new RegExp(account.username) }).click();
  const details = admin.getByRole("dialog", { name: account.username });
  await expect(details).toContainText("Authenticator app (10 recovery codes left)");
  await details.getByRole("button", { name: "Reset second factors" }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Reset ${account.username}'s second factors?` });
  await expectNoAxeViolations(admin);
  await screenshotBothWidths(admin, testInfo, "admin-reset-factors");
  await confirm.getByRole("button", { name: "Reset second factors" }).click();
  // Signing in opened no fresh check: the admin confirms it is them first, in the same dialog as anywhere.
  const reauth = admin.getByRole("dialog", { name: "Confirm it's you" });
  await reauth.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await reauth.getByRole("button", { name: "Confirm" }).click();
  await expect(reauth).toBeHidden();
  await expectToast(admin, "Second factors reset", account.username);
  await expect(details).toContainText("Second factorsNone");
  await expect(details.getByRole("button", { name: "Reset second factors" })).toHaveCount(0);
  await adminContext.close();
});

test("the password reset page offers to sign out everywhere and remove the passkeys, and ticked it does both", async ({
  page,
  browser,
}, testInfo) => {
  // The speaker's other browser: signed in, with a passkey made on its device.
  const context = await browser.newContext();
  const { account, resetPath } = await mailedResetLink(context.request);
  await postWithCsrf(context.request, "/api/reauth", { password: account.password });
  const device = await context.newPage();
  await device.addInitScript(
    (key) => window.localStorage.setItem(key, "seen"),
    `podium:welcome-seen:${account.user.id}`,
  );
  await addVirtualAuthenticator(device);
  await device.goto("/account-settings?tab=security");
  await device.getByLabel("New passkey's name").fill("Old phone");
  await device.getByRole("button", { name: "Add a passkey" }).click();
  await expectToast(device, "Passkey added", 'You can now sign in with "Old phone".');

  await page.goto(resetPath);
  await page.getByLabel("New password", { exact: true }).fill("Keynote$2027x");
  await page.getByLabel("Confirm new password").fill("Keynote$2027x");
  const option = page.getByRole("checkbox", { name: "Sign out everywhere and remove my passkeys" });
  await expect(option).not.toBeChecked();
  await option.check();
  await expectNoAxeViolations(page);
  await screenshotBothWidths(page, testInfo, "reset-password-remove-passkeys");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expectToast(page, "Password Reset Successful", "You can now log in with your new password.");

  // Signed out everywhere: the other browser's session is over.
  await device.goto("/account-settings?tab=security");
  await expect(device).toHaveURL(/\/auth$/);
  // The passkeys are gone: signed in again with the new password, the account lists none.
  await postWithCsrf(context.request, "/api/login", {
    username: account.username,
    password: "Keynote$2027x",
  });
  await device.goto("/account-settings?tab=security");
  await expect(device.getByText("You have no passkeys yet.")).toBeVisible();
  await context.close();
});
