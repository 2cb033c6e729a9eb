import { expect, postWithCsrf, test } from "./fixtures.ts";

test("the header search finds events and clients, by mouse or keyboard", async ({ page, account: _ }) => {
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Keynote at Leadership Summit",
      date: "2026-03-14",
      venueName: "Hilton Anatole",
      city: "Dallas",
      state: "TX",
      clientName: "Summit Partners",
    })
  ).json();

  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search events and clients" });
  await search.focus();
  await expect(page.getByText("Type at least 2 characters to search your events and clients.")).toBeVisible();

  await search.fill("summit");
  const results = page.getByRole("listbox", { name: "Search results" });
  await expect(results.getByRole("group", { name: "Events (1)" })).toBeVisible();
  await expect(results.getByRole("group", { name: "Clients (1)" })).toBeVisible();
  await expect(results.getByRole("option", { name: /Keynote at Leadership Summit/ })).toContainText(
    "Mar 14, 2026 · Hilton Anatole, Dallas, TX",
  );

  await search.press("ArrowDown");
  await expect(results.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(search).toHaveValue("");

  await search.fill("summit");
  await results.getByRole("option", { name: /Summit Partners/ }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);

  await search.fill("no such booking");
  await expect(page.getByText('No results found for "no such booking"')).toBeVisible();
  await search.press("Escape");
  await expect(search).toHaveValue("");
  await expect(search).toHaveAttribute("aria-expanded", "false");

  await search.fill("summit");
  await expect(results).toBeVisible();
  await page.getByText("For Speakers, by Speakers").click();
  await expect(results).toBeHidden();
});

test("while the next search loads, the last one's results are not offered as its answer", async ({
  page,
  account: _,
}) => {
  await postWithCsrf(page.request, "/api/events", { title: "Summit keynote", date: "2030-05-01" });
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search events and clients" });
  const results = page.getByRole("listbox", { name: "Search results" });
  await search.fill("summit");
  await expect(results.getByRole("option", { name: /Summit keynote/ })).toBeVisible();

  let answerNextSearch = () => {};
  const held = new Promise<void>((resolve) => {
    answerNextSearch = resolve;
  });
  await page.route(/\/api\/search\?q=zqxwv$/, async (route) => {
    await held;
    await route.continue();
  });
  // A query nothing resembles (search forgives typos, so "summitx" would still find the keynote).
  await search.fill("zqxwv");
  await expect(page.getByText("Searching…")).toBeVisible();
  await expect(page.getByText('No results found for "zqxwv"')).toBeHidden();
  await search.press("ArrowDown");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/$/);

  answerNextSearch();
  await expect(page.getByText('No results found for "zqxwv"')).toBeVisible();
  await expect(results).toBeHidden();
});

test("the arrow keys keep the highlighted result in view in a long list", async ({ page, account: _ }) => {
  for (let day = 1; day <= 10; day++) {
    const date = `2030-06-${String(day).padStart(2, "0")}`;
    await postWithCsrf(page.request, "/api/events", { title: `Roadshow stop ${day}`, date });
  }
  await page.goto("/");
  const search = page.getByRole("combobox", { name: "Search events and clients" });
  await search.fill("roadshow");
  const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
  await expect(options).toHaveCount(10);
  await expect(options.last()).not.toBeInViewport();
  await search.press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await expect(options.last()).toBeInViewport();
  await search.press("ArrowDown");
  await expect(options.first()).toBeInViewport();
});
