import type { Page } from "@playwright/test";
import type { WorkspaceRole } from "../src/shared/schemas/team.ts";
import { type AccessKind, canChange } from "../src/shared/team-access.ts";
import { expect, postWithCsrf, readMailedLink, registerAccount, test, verifyAccount } from "./fixtures.ts";

test.use({ isVerified: true });

/** A change a page offers: the button that starts it, and what kind of data it changes (DESIGN §11). */
type Offer = { name: string | RegExp; kind: AccessKind };
/** A page of the speaker's book, the heading that says it has loaded, and the changes it offers. */
type Walk = { path: string; heading: string | RegExp; offers: Offer[] };

/**
 * Offered (visible and enabled) exactly when the role may make the change: hidden or disabled otherwise,
 * as the route table would refuse it (src/shared/team-access.ts).
 */
async function expectOffers(page: Page, role: WorkspaceRole, { path, heading, offers }: Walk) {
  await page.goto(path);
  // A loaded page first, so that a change not offered is not merely one not drawn yet.
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  for (const { name, kind } of offers) {
    const exact = typeof name === "string";
    const enabled = page.getByRole("button", { name, exact, disabled: false }).filter({ visible: true });
    if (canChange(kind, role)) await expect(enabled.first(), `${role} on ${path}: ${name}`).toBeVisible();
    else await expect(enabled, `${role} on ${path}: ${name}`).toHaveCount(0);
  }
}

for (const role of ["owner", "assistant", "bookkeeper", "viewer"] as const) {
  const article = role === "owner" || role === "assistant" ? "an" : "a";
  test(`${article} ${role} is offered on each main page exactly the changes the role may make, at 375 px`, async ({
    page,
    browser,
    account: _,
  }) => {
    // Nine pages in one walk, each first loaded in full.
    test.setTimeout(240_000);
    const event = await (
      await postWithCsrf(page.request, "/api/events", {
        title: "Owner keynote",
        date: "2030-05-01",
        contactEmail: `planner_${Date.now()}@example.com`,
      })
    ).json();
    const client = await (await postWithCsrf(page.request, "/api/clients", { name: "ACME Events" })).json();
    await postWithCsrf(page.request, "/api/events", {
      title: "ACME offsite",
      date: "2030-06-01",
      clientId: client.id,
    });
    const task = "Call the venue about the stage";
    await postWithCsrf(page.request, "/api/tasks", { title: task, dueDate: "2020-01-02" });

    let tab = page;
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    if (role === "owner") {
      await page.setViewportSize({ width: 375, height: 800 });
    } else {
      tab = await context.newPage();
      const member = await registerAccount(tab.request);
      await verifyAccount(tab.request, member);
      await tab.addInitScript(
        (key) => window.localStorage.setItem(key, "seen"),
        `podium:welcome-seen:${member.user.id}`,
      );
      await postWithCsrf(page.request, "/api/team/invitations", { email: member.email, role });
      const joinPath = await readMailedLink(page.request, member.email, "invited you", "/join/");
      await postWithCsrf(tab.request, `/api/${joinPath.replace(/^\//, "")}`);
    }

    const walks: Walk[] = [
      {
        path: "/",
        heading: /^Welcome/,
        offers: [
          { name: `Mark ${task} done`, kind: "book" },
          { name: `Snooze ${task}`, kind: "book" },
          { name: "Add task", kind: "book" },
        ],
      },
      { path: "/events", heading: "Events", offers: [{ name: "New event", kind: "book" }] },
      {
        path: `/events/${event.id}`,
        heading: "Owner keynote",
        offers: [
          { name: "Edit", kind: "book" },
          { name: "Delete", kind: "book" },
          { name: "Invoice", kind: "money" },
        ],
      },
      { path: "/calendar", heading: "Calendar", offers: [{ name: "New event", kind: "book" }] },
      { path: "/clients", heading: "Clients", offers: [{ name: /^New client/, kind: "book" }] },
      {
        path: `/clients/${client.id}`,
        heading: "ACME Events",
        offers: [
          { name: "Edit", kind: "book" },
          { name: "Add event", kind: "book" },
        ],
      },
      { path: "/invoices", heading: "Invoices", offers: [{ name: "New invoice", kind: "money" }] },
      { path: "/expenses", heading: "Expenses", offers: [{ name: "Add expense", kind: "money" }] },
      { path: "/profile", heading: "Profile", offers: [{ name: "Save profile", kind: "book" }] },
    ];
    for (const walk of walks) await expectOffers(tab, role, walk);

    // The team, billing and the account are the owner's alone: a member is not even shown their tabs.
    await tab.goto("/account-settings");
    await expect(tab.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
    await expect(tab.getByRole("tab", { name: "Team" })).toHaveCount(canChange("owner", role) ? 1 : 0);
    await expect(tab.getByRole("tab", { name: "Billing" })).toHaveCount(canChange("owner", role) ? 1 : 0);
    await context.close();
  });
}
