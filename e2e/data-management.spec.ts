import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  postWithCsrf,
  readMailedLink,
  test,
} from "./fixtures.ts";

/** The spec §3 header rows, word for word (not read from the code under test). */
const EVENT_HEADERS = [
  "Event Name*",
  "Date*",
  "Venue/Hotel Name*",
  "Street Address",
  "City*",
  "State*",
  "Zip Code",
  "Speaking Fee*",
  "Travel Fee",
  "Gross Fee",
  "Status*",
  "Description",
  "Notes",
  "Source",
  "Attendees",
  "Time",
  "Industry",
  "Bureau Partner",
  "Bureau Rep",
  "Contact Name",
  "Contact Email",
  "Client*",
];
const CLIENT_HEADERS = ["Client*", "Email", "Phone", "Website", "Notes"];
const BUREAU_HEADERS = ["Bureau Name*", "Contact Name", "Email", "Phone", "Website", "Notes"];

function toastWith(page: Page, title: string) {
  return page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: title });
}

function headerRow(sheet: ExcelJS.Worksheet): unknown[] {
  return (sheet.getRow(1).values as unknown[]).slice(1);
}

async function listEventTitles(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/api/events?sort=date");
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { title: string }[] };
  return items.map((event) => event.title);
}

/** An Events sheet with two gigs (the second one's fee as given) and a Clients sheet, as a speaker keeps it. */
async function buildSpeakerWorkbook(secondFee: string | number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const eventsSheet = workbook.addWorksheet("Events");
  eventsSheet.addRow(EVENT_HEADERS);
  const event = (title: string, date: Date, fee: string | number) =>
    EVENT_HEADERS.map(
      (header) =>
        ({
          "Event Name*": title,
          "Date*": date,
          "Venue/Hotel Name*": "Hilton Downtown",
          "City*": "Austin",
          "State*": "TX",
          "Speaking Fee*": fee,
          "Status*": "Confirmed",
          "Client*": "Acme Corp",
        })[header] ?? null,
    );
  eventsSheet.addRow(event("Leadership Summit Keynote", new Date(Date.UTC(2026, 2, 14)), 7500));
  eventsSheet.addRow(event("Sales Kickoff", new Date(Date.UTC(2026, 4, 2)), secondFee));
  const clientsSheet = workbook.addWorksheet("Clients");
  clientsSheet.addRow(CLIENT_HEADERS);
  clientsSheet.addRow(["Acme Corp", "events@acme.example", null, null, null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Full-page screenshots at 1280 and 375 px wide, from the top (the report takes the focus and scrolls),
 * after checking that no report table needs scrolling sideways at that width.
 */
async function takeScreenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const tableOverflows = await page
      .locator("main table")
      .evaluateAll((tables) => tables.map((table) => table.scrollWidth - table.parentElement!.clientWidth));
    expect(Math.max(...tableOverflows), `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function chooseWorkbook(page: Page, name: string, buffer: Buffer) {
  await page.locator("input[type='file']").setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
}

test("export downloads the backup workbook with the spec's four sheets and headers", async ({
  page,
  account,
}) => {
  await postWithCsrf(page.request, "/api/events", {
    title: "Annual Conference",
    date: "2026-06-01",
    fee: 5000,
    travelFee: 750,
    clientName: "Globex",
  });
  await page.goto("/account-settings?tab=data");
  await expect(page.getByRole("tab", { name: "Data Management" })).toHaveAttribute("aria-selected", "true");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to Excel" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^podium-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  );
  await expect(toastWith(page, "Complete backup exported")).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    "Events",
    "Clients",
    "Bureau Partners",
    "Profile",
  ]);
  // The spec's headers in their order, then Podium's own columns (issue 12).
  expect(headerRow(workbook.getWorksheet("Events")!)).toEqual([
    ...EVENT_HEADERS,
    "Commission",
    "Net Fee",
    "Contact Phone",
    "Arrival Time",
  ]);
  expect(headerRow(workbook.getWorksheet("Clients")!)).toEqual([...CLIENT_HEADERS, "Company"]);
  expect(headerRow(workbook.getWorksheet("Bureau Partners")!)).toEqual([...BUREAU_HEADERS, "Commission"]);
  expect(headerRow(workbook.getWorksheet("Profile")!)).toEqual(["Field", "Value"]);
  const gig = workbook.getWorksheet("Events")!.getRow(2);
  expect(gig.getCell(1).value).toBe("Annual Conference");
  expect(gig.getCell(10).value).toBe(5750);
  expect(gig.getCell(22).value).toBe("Globex");

  const jsonPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download JSON backup" }).click();
  const json = JSON.parse(await readFile(await (await jsonPromise).path(), "utf8"));
  expect(json.events.map((event: { title: string }) => event.title)).toEqual(["Annual Conference"]);

  const templatePromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download template" }).click();
  expect((await templatePromise).suggestedFilename()).toBe("podium-import-template.xlsx");
});

test("an import with a bad row shows the report and writes nothing; the fixed file imports", async ({
  page,
  account: _,
}) => {
  await page.goto("/account-settings?tab=data");
  await expect(page.locator("input[type='file']")).toHaveAttribute("accept", /\.xlsx/);

  await test.step("a file that is not a workbook is refused with a clear message", async () => {
    await chooseWorkbook(page, "notes.xlsx", Buffer.from("just some text"));
    await expect(page.getByRole("heading", { name: "notes.xlsx cannot be imported" })).toBeVisible();
    await expect(page.getByText("The file is not an Excel workbook (.xlsx).")).toBeVisible();
  });

  await test.step("the dry run lists the problem by sheet, row and column; nothing is written", async () => {
    await chooseWorkbook(page, "gigs.xlsx", await buildSpeakerWorkbook("TBD"));
    const report = page.getByRole("heading", { name: "1 problem in gigs.xlsx" });
    await expect(report).toBeVisible();
    await expect(report.locator("xpath=..")).toBeFocused();
    const problems = page.getByRole("table", { name: "Problems on the Events sheet" });
    await expect(problems.getByRole("row")).toHaveCount(2);
    await expect(problems.getByRole("row").nth(1)).toHaveText(
      /3\s*Speaking Fee\*\s*Speaking Fee\* is not a number: 'TBD'/,
    );
    await expect(page.getByRole("button", { name: "Confirm import" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await takeScreenshots(page, "account-settings-import-problems");
    expect(await listEventTitles(page.request)).toEqual([]);
    const clients = await (await page.request.get("/api/clients")).json();
    expect(clients.items).toEqual([]);
  });

  await test.step("the fixed file shows what will change, and imports on confirmation", async () => {
    await chooseWorkbook(page, "gigs.xlsx", await buildSpeakerWorkbook("$12,000.00"));
    await expect(page.getByRole("heading", { name: "gigs.xlsx is ready to import" })).toBeVisible();
    const plan = page.getByRole("table", { name: "What this import will do" });
    await expect(plan.getByRole("row", { name: /^Events/ })).toHaveText(/Events\s*2\s*0\s*0/);
    await expect(plan.getByRole("row", { name: /^Clients/ })).toHaveText(/Clients\s*1\s*0\s*0/);
    expect(await listEventTitles(page.request)).toEqual([]);
    await takeScreenshots(page, "account-settings-import-ready");

    await page.getByRole("button", { name: "Confirm import" }).click();
    await expect(page.getByRole("heading", { name: "Import complete" })).toBeVisible();
    await expect(toastWith(page, "Import complete")).toContainText(
      "2 events, 1 client and 0 bureau partners imported.",
    );
    await expect(
      page.getByRole("table", { name: "What was imported" }).getByRole("row", { name: /^Events/ }),
    ).toHaveText(/Events\s*2\s*0\s*0/);
    expect(await listEventTitles(page.request)).toEqual(["Leadership Summit Keynote", "Sales Kickoff"]);
    await takeScreenshots(page, "account-settings-import-done");
  });

  await test.step("the same file again changes nothing", async () => {
    await chooseWorkbook(page, "gigs.xlsx", await buildSpeakerWorkbook("$12,000.00"));
    await expect(page.getByText("Everything in this file is already in your account")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "gigs.xlsx is ready to import" })).toHaveCount(0);
  });
});

test("the Account tab shows the user and changes the e-mail and the password", async ({ page, account }) => {
  await page.goto("/account-settings");
  await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
  const main = page.getByRole("main");
  await expect(main.getByText(account.username, { exact: true })).toBeVisible();
  await expect(main.getByText(account.email, { exact: true })).toBeVisible();
  await expect(main.getByText("Not verified", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(toastWith(page, "Verification Email Sent")).toBeVisible();

  const emailForm = page.locator("form").filter({ has: page.getByLabel("New e-mail address") });
  await emailForm.getByLabel("New e-mail address").fill(account.email);
  await emailForm.getByRole("button", { name: "Change e-mail" }).click();
  await expect(emailForm.getByText("This is already your e-mail address")).toBeVisible();
  const newEmail = `new_${account.email}`;
  await emailForm.getByLabel("New e-mail address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill(account.password);
  await emailForm.getByRole("button", { name: "Change e-mail" }).click();
  await expect(toastWith(page, "Check your inbox")).toContainText(
    `We sent a verification link to ${newEmail}`,
  );
  // The account keeps its address until the link mailed to the new one is opened.
  await expect(main.getByText(account.email, { exact: true })).toBeVisible();
  await page.goto(await readMailedLink(page.request, newEmail, "Verify your email", "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await page.goto("/account-settings");
  await expect(main.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(main.getByText("Verified", { exact: true })).toBeVisible();

  const passwordForm = page.locator("form").filter({ has: page.getByLabel("Confirm new password") });
  await passwordForm.getByLabel("Current password").fill("Wrong!2026x");
  await passwordForm.getByLabel("New password", { exact: true }).fill("Keynote$2027x");
  await expect(passwordForm.getByRole("meter", { name: "Password strength" })).toHaveAttribute(
    "aria-valuetext",
    /^Strong/,
  );
  await passwordForm.getByLabel("Confirm new password").fill("Keynote$2027x");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("Current password is incorrect")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(account.password);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(toastWith(page, "Password Updated")).toContainText(
    "You can now log in with your new password.",
  );
  await expect(passwordForm.getByLabel("Current password")).toHaveValue("");
});

test("deleting the account signs out, and the old credentials no longer work", async ({ page, account }) => {
  await page.goto("/account-settings?tab=danger");
  await expect(page.getByRole("tab", { name: "Danger Zone" })).toHaveAttribute("aria-selected", "true");
  const deleteButton = page.getByRole("button", { name: "Delete account" });
  await expect(deleteButton).toBeDisabled();

  await page.getByLabel("Your password").fill("Wrong!2026x");
  await expect(deleteButton).toBeDisabled();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await deleteButton.click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account for good?" });
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Password is incorrect")).toBeVisible();

  await page.getByLabel("Your password").fill(account.password);
  await deleteButton.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get("/api/user")).status()).toBe(200);

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toastWith(page, "Account deleted")).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("podium:storage-notice-ack"))).toBeNull();
  expect((await page.request.get("/api/user")).status()).toBe(401);

  const { csrfToken } = await (await page.request.get("/api/csrf-token")).json();
  const login = await page.request.post("/api/login", {
    data: { username: account.username, password: account.password },
    headers: { "x-csrf-token": csrfToken },
  });
  expect(login.status()).toBe(401);
  await page.goto("/account-settings");
  await expect(page).toHaveURL(/\/auth$/);
});

for (const width of [1280, 375]) {
  test(`every tab passes axe and fits at ${width} px`, async ({ page, account: _ }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ["account", "data", "danger"]) {
      await page.goto(`/account-settings?tab=${tab}`);
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page, tab);
      await page.screenshot({ path: `e2e/screenshots/account-settings-${tab}-${width}.png`, fullPage: true });
    }
  });
}

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the tabs are reachable by keyboard, keep the URL, and fit", async ({ page, account: _ }) => {
    await page.goto("/account-settings");
    await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("tab", { name: "Account" }).focus();
    const tabsInOrder = [
      ["Security", "security"],
      ["Billing", "billing"],
      ["Team", "team"],
      ["Invoicing", "invoicing"],
      ["Contract templates", "contracts"],
      ["Follow-ups", "follow-ups"],
      ["Calendar", "calendar"],
      ["Data Management", "data"],
    ] as const;
    for (const [name, key] of tabsInOrder) {
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name })).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`\\?tab=${key}$`));
      await expectNoSidewaysScroll(page);
    }
    await expect(page.getByRole("heading", { name: "Import from Excel" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/\?tab=danger$/);
    await expect(page.getByRole("heading", { name: "Delete your account" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Tab leaves the tab list for the panel, then its first control.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Danger Zone" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Export All Data" })).toBeFocused();
  });
});
