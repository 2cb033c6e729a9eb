import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import type { User } from "../src/shared/schemas/auth.ts";

export const PASSWORD = "Speaker!2026";

export type Account = { user: User; username: string; email: string; password: string };

/** A non-GET API call the way the web app makes it: with the CSRF token of the csrf-token cookie. */
export async function postWithCsrf(request: APIRequestContext, url: string, data?: unknown) {
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await request.post(url, { data, headers: { "x-csrf-token": csrfToken } });
  expect(response.ok(), `${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

/** Registers a new account through the API; the request context keeps its session cookie. */
export async function registerAccount(request: APIRequestContext): Promise<Account> {
  const username = `speaker_${randomBytes(4).toString("hex")}`;
  const email = `${username}@example.com`;
  const response = await postWithCsrf(request, "/api/register", { username, email, password: PASSWORD });
  return { user: (await response.json()) as User, username, email, password: PASSWORD };
}

/** Fails with axe's own report when the page has any accessibility violation. */
export async function expectNoAxeViolations(page: Page) {
  // A dialog fading in is measured half-transparent, so axe would report its text as low contrast:
  // wait for every finite animation (entrances, not spinners) to end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/**
 * The open toast whose title is `title`. Found by its markup rather than by role: while a modal dialog
 * is open (e.g. the auth modal or the contact dialog), everything outside it, the notification region
 * included, is aria-hidden, so role queries would not see toasts raised from inside the dialog.
 */
export function toastWith(page: Page, title: string) {
  return page.locator("li[data-state='open']").filter({ has: page.getByText(title, { exact: true }) });
}

/** Expects the toast on screen to read `title` (and `description`). */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastWith(page, title);
  await expect(toast).toBeVisible();
  if (description) await expect(toast.getByText(description, { exact: true })).toBeVisible();
}

type MailboxMessage = { to: string; subject: string; text: string; createdAt: string };

/**
 * The path of the newest link under `pathPrefix` in the newest e-mail to `to` about `subject`, read from
 * the development mailbox. Only the path is kept, so the test opens it on its own base URL.
 */
export async function readMailedLink(
  request: APIRequestContext,
  to: string,
  subject: string,
  pathPrefix: string,
) {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get("/dev/mailbox.json")).json()) as {
          messages: MailboxMessage[];
        };
        const newest = messages
          .filter((message) => message.to.includes(to) && message.subject.includes(subject))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        const url = newest?.text
          .match(/https?:\/\/\S+/g)
          ?.find((link) => new URL(link).pathname.startsWith(pathPrefix));
        path = url && new URL(url).pathname + new URL(url).search;
        return path;
      },
      { message: `an e-mail to ${to} about "${subject}" with a ${pathPrefix} link` },
    )
    .toBeTruthy();
  return path!;
}

/** Draws a few strokes on the signature canvas (touch-sized screen or mouse alike). */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId("signature-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 20 + step * 18, box.y + box.height / 2 + (step % 2 ? -25 : 25), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** Verifies a registered account with the link mailed to it, as the speaker would. */
export async function verifyAccount(request: APIRequestContext, account: Account) {
  const verifyPath = await readMailedLink(request, account.email, "Verify your email", "/verify-email");
  await postWithCsrf(request, "/api/auth/verify-email", {
    token: new URL(verifyPath, "http://podium.test").searchParams.get("token"),
  });
}

/**
 * A verified account (registered in `request`'s own session) and the path of a password reset link mailed to
 * it, as the speaker would open it.
 */
export async function mailedResetLink(request: APIRequestContext) {
  const account = await registerAccount(request);
  await verifyAccount(request, account);
  await postWithCsrf(request, "/api/auth/forgot-password", { email: account.email });
  const resetPath = await readMailedLink(
    request,
    account.email,
    "Reset your Podium password",
    "/reset-password/",
  );
  return { account, resetPath, token: resetPath.split("/").at(-1)! };
}

type Fixtures = {
  /** A signed-in speaker (session created through the API, not the sign-in form; STYLE.md). */
  account: Account;
  /** Whether the account has already seen the welcome dialog; true unless a test says otherwise. */
  hasSeenWelcome: boolean;
  /** Whether the account's address is verified, as e-mail to clients and signers needs (decision 036). */
  isVerified: boolean;
  /**
   * Whether the session has passed the fresh check (POST /api/reauth, 10 minutes: DESIGN §11), so that tests
   * of exports, payouts or the password are not stopped by "Confirm it's you"; its own tests turn it off.
   */
  isFreshlyConfirmed: boolean;
};

export const test = base.extend<Fixtures>({
  hasSeenWelcome: [true, { option: true }],
  isVerified: [false, { option: true }],
  isFreshlyConfirmed: [true, { option: true }],
  account: async ({ page, hasSeenWelcome, isVerified, isFreshlyConfirmed }, use) => {
    const account = await registerAccount(page.request);
    if (isVerified) await verifyAccount(page.request, account);
    if (isFreshlyConfirmed) await postWithCsrf(page.request, "/api/reauth", { password: account.password });
    if (hasSeenWelcome) {
      await page.addInitScript(
        (key) => window.localStorage.setItem(key, "seen"),
        `podium:welcome-seen:${account.user.id}`,
      );
    }
    await use(account);
  },
});

export { expect };

/** Nothing on the page is wider than its window: it never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, label = page.url()) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, label).toBeLessThanOrEqual(0);
}

/** Where the browser tests leave the screenshots of the pages they cover, for a person to look at. */
export const SCREENSHOTS = "test-results/screens";

/** Full-page screenshots of the page at 1280 and at 375 px (`<name>-<width>.png`); the page is left at 375 px. */
export async function shootAtBothWidths(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
}
