import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { DownloadCancelled, type EventSheetRow, writeWorkbook } from "./export-workbook.ts";
import type { ExportProfile } from "./read-account.ts";

const profile = { name: null, annualGoal: null } as ExportProfile;

function eventRow(index: number): EventSheetRow {
  return {
    title: `Talk ${index} ${"with a long description ".repeat(10)}`,
    date: new Date("2026-03-14T00:00:00Z"),
    venueName: null,
    streetAddress: null,
    city: null,
    state: null,
    zipCode: null,
    fee: index,
    travelFee: 0,
    grossFee: index,
    status: "Inquiry",
    description: null,
    notes: null,
    source: null,
    attendees: null,
    time: null,
    industry: null,
    bureauPartnerName: null,
    bureauRepName: null,
    contactName: null,
    contactEmail: null,
    clientName: null,
    commission: null,
    netFee: index,
    contactPhone: null,
    arrivalTime: null,
  };
}

describe("writeWorkbook", () => {
  it("waits for a slow reader and stops reading pages once the download is cancelled", async () => {
    let pagesRead = 0;
    async function* pages() {
      for (let page = 0; page < 1000; page++) {
        pagesRead++;
        yield Array.from({ length: 100 }, (_, index) => eventRow(page * 100 + index));
      }
    }
    // Nobody reads this stream: the writer must wait rather than buffer 100,000 rows.
    const output = new PassThrough({ highWaterMark: 1024 });
    const writing = writeWorkbook(output, { events: pages(), clients: [], bureauPartners: [], profile });
    // Let the writer run until it stops asking for pages.
    let seen = -1;
    while (seen !== pagesRead) {
      seen = pagesRead;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const pagesBeforeCancel = pagesRead;
    expect(pagesBeforeCancel).toBeLessThan(100);
    output.destroy();
    await expect(writing).rejects.toBeInstanceOf(DownloadCancelled);
    expect(pagesRead).toBeLessThanOrEqual(pagesBeforeCancel + 1);
  });
});
