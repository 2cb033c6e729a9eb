import { expect, postWithCsrf, readMailedLink, registerAccount, test } from "./fixtures.ts";

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
