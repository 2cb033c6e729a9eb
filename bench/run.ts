/**
 * `npm run bench`: every benchmark in turn. Each module exports a run function (which seeds what it needs
 * and cleans up after itself) and a report function.
 */
import { reportAdminStats, runAdminStatsBenchmark } from "./admin-stats.ts";
import { reportBookOfBusiness, runBookOfBusinessBenchmark } from "./book-of-business.ts";
import { reportContracts, runContractsBenchmark } from "./contracts.ts";
import { reportDataManagement, runDataManagementBenchmark } from "./data-management.ts";
import { reportUploads, runUploadBenchmark } from "./hostile-uploads.ts";
import { reportInsights, runInsightsBenchmark } from "./insights.ts";
import { reportInvoices, runInvoiceBenchmark } from "./invoices.ts";
import { reportMediaKit, runMediaKitBenchmark } from "./media-kit.ts";
import { reportPublicPages, runPublicPagesBenchmark } from "./public-pages.ts";

reportBookOfBusiness(await runBookOfBusinessBenchmark());
reportDataManagement(await runDataManagementBenchmark());
reportAdminStats(await runAdminStatsBenchmark());
reportUploads(await runUploadBenchmark());
reportContracts(await runContractsBenchmark());
reportMediaKit(await runMediaKitBenchmark());
reportInvoices(await runInvoiceBenchmark());
reportInsights(await runInsightsBenchmark());
reportPublicPages(await runPublicPagesBenchmark());
