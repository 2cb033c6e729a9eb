import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImportSummary } from "../../../../shared/schemas/data-management.ts";
import { ApiError, clearCsrfToken } from "../../../lib/api.ts";
import { importWorkbook } from "./use-import-workbook.ts";

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const counts = { events: 0, clients: 0, bureauPartners: 0 };
const summary: ImportSummary = {
  dryRun: true,
  created: { ...counts, events: 2 },
  updated: counts,
  unchanged: counts,
  profile: "absent",
  records: {
    events: { created: ["Keynote (2026-03-14)", "Workshop (2026-04-01)"], updated: [] },
    clients: { created: [], updated: [] },
    bureauPartners: { created: [], updated: [] },
  },
  profileChanges: [],
  errors: [],
  conflicts: [],
};
const file = new File(["xlsx bytes"], "gigs.xlsx");

describe("importWorkbook", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    clearCsrfToken();
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("document", { cookie: "csrf-token=cookie-token" });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("posts the file as the multipart field `file`, saying whether it is a dry run", async () => {
    fetchMock.mockResolvedValueOnce(json(summary, 200));
    expect(await importWorkbook({ file, dryRun: true })).toEqual(summary);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/import?dryRun=true");
    expect((init!.body as FormData).get("file")).toBeInstanceOf(File);
    expect(new Headers(init!.headers).get("x-csrf-token")).toBe("cookie-token");

    fetchMock.mockResolvedValueOnce(json({ ...summary, dryRun: false }, 200));
    await importWorkbook({ file, dryRun: false });
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/import?dryRun=false");
  });

  it("answers a workbook with problems (422) with its report instead of failing", async () => {
    const problem = {
      sheet: "Events",
      row: 3,
      column: "Speaking Fee*",
      message: "Speaking Fee* is not a number: 'TBD'",
    };
    const report = { ...summary, errors: [problem] };
    fetchMock.mockResolvedValueOnce(
      json({ error: "The workbook has 1 problem. Nothing was imported.", ...report }, 422),
    );
    expect(await importWorkbook({ file, dryRun: true })).toEqual(report);
  });

  it("fails with the server's words for an unusable file, and for a 422 that is not a report", async () => {
    const notXlsx = "The file is not an Excel workbook (.xlsx). Save it as an Excel Workbook and try again.";
    fetchMock.mockResolvedValueOnce(json({ error: notXlsx }, 415));
    const refusal = await importWorkbook({ file, dryRun: true }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 415, serverMessage: notXlsx });

    fetchMock.mockResolvedValueOnce(json({ error: "Unprocessable" }, 422));
    await expect(importWorkbook({ file, dryRun: true })).rejects.toMatchObject({ status: 422 });
  });
});
