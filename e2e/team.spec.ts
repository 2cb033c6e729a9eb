import { Secret, TOTP } from "otpauth";
import {
  expect,
  expectNoAxeViolations,
  postWithCsrf,
  readMailedLink,
  registerAccount,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

test.use({ isVerified: true });

test("an owner invites an assistant, who joins, sees the owner's book and switches back to their own", async ({
  page,
  browser,
  account,
}) => {
  await postWithCsrf(page.request, "/api/events", { title: "Owner keynote", date: "2030-05-01" });
  const memberEmail = `member_${Date.now()}@example.com`;

  await page.goto("/account-settings?tab=team");
  await page.getByLabel("E-mail").fill(memberEmail);
  await page.getByLabel("Role").selectOption("assistant");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(memberEmail).last()).toBeVisible();
  await page.screenshot({ path: "test-results/team-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "test-results/team-375.png", fullPage: true });
  const joinPath = await readMailedLink(page.request, memberEmail, "invited you", "/join/");

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const memberAccount = await registerAccount(member.request);
  await member.addInitScript(
    (key) => window.localStorage.setItem(key, "seen"),
    `podium:welcome-seen:${memberAccount.user.id}`,
  );
  await member.goto(joinPath);
  await member.getByRole("button", { name: `Join as ${memberAccount.username}` }).click();
  await expect(member.getByText(/Welcome to .*'s team/)).toBeVisible();
  await expect(member.getByText(/as their assistant/)).toBeVisible();
  await member.setViewportSize({ width: 375, height: 800 });
  await member.screenshot({ path: "test-results/join-375.png", fullPage: true });

  await member.goto("/events");
  await member.screenshot({ path: "test-results/switcher-375.png" });
  await member.setViewportSize({ width: 1280, height: 800 });
  await expect(member.getByText("Owner keynote").first()).toBeVisible();
  await member.getByLabel("Working for").selectOption(memberAccount.user.id);
  await expect(member.getByText("Working for", { exact: false }).first()).toBeVisible();
  await member.waitForURL("/");
  await member.goto("/events");
  await expect(member.getByRole("heading", { name: "Events" }).first()).toBeVisible();
  await expect(member.getByText("Owner keynote")).toHaveCount(0);
  await member.getByLabel("Working for").selectOption({ label: `${account.username} · assistant` });
  await member.waitForURL("/");
  await member.goto("/events");
  await expect(member.getByText("Owner keynote").first()).toBeVisible();
  await memberContext.close();
});

test("an owner requires a second factor: a member without one is shown how to set one up, then gets in", async ({
  page,
  browser,
  account,
}) => {
  await postWithCsrf(page.request, "/api/events", { title: "Owner keynote", date: "2030-05-01" });
  await page.goto("/account-settings?tab=team");
  await page.getByRole("checkbox", { name: /Require a second factor/ }).check();
  await page.getByRole("button", { name: "Save team settings" }).click();
  await expect(page.getByText("Team settings saved").first()).toBeVisible();
  const memberEmail = `member_${Date.now()}@example.com`;
  await postWithCsrf(page.request, "/api/team/invitations", { email: memberEmail, role: "assistant" });
  const joinPath = await readMailedLink(page.request, memberEmail, "invited you", "/join/");

  const memberContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const member = await memberContext.newPage();
  const memberAccount = await registerAccount(member.request);
  await member.addInitScript(
    (key) => window.localStorage.setItem(key, "seen"),
    `podium:welcome-seen:${memberAccount.user.id}`,
  );
  await member.goto(joinPath);
  await member.getByRole("button", { name: `Join as ${memberAccount.username}` }).click();
  await member.goto("/events");
  const required = `${account.username} requires a second factor. Set one up in Settings → Security.`;
  await expect(member.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
  await expect(member.getByText(required)).toBeVisible();
  await expect(member.getByText("Owner keynote")).toHaveCount(0);
  await expectNoAxeViolations(member);
  await shootAtBothWidths(member, "second-factor-required");
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await member.getByRole("link", { name: "Set up a second factor" }).click();
  await expect(member.getByRole("status").filter({ hasText: required })).toBeVisible();
  await member.getByRole("button", { name: "Set up authenticator app" }).click();
  const secret = (await member.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await member
    .getByLabel("2. Enter the 6-digit code the app shows")
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await member.getByRole("button", { name: "Turn on" }).click();
  await expect(member.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expect(member.getByRole("status").filter({ hasText: required })).toHaveCount(0);
  await member.getByRole("button", { name: "I have saved them" }).click();
  await member.goto("/events");
  // At 375 px the list shows cards; the table's copy of the row is hidden.
  await expect(member.getByText("Owner keynote").filter({ visible: true }).first()).toBeVisible();
  await memberContext.close();
});

test.describe("without a fresh check", () => {
  test.use({ isFreshlyConfirmed: false });

  test("inviting someone asks to confirm it's you first, then sends the invitation", async ({
    page,
    account,
  }) => {
    const email = `member_${Date.now()}@example.com`;
    await page.goto("/account-settings?tab=team");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send invitation" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill(account.password);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(email).last()).toBeVisible();
  });
});
