/**
 * `npm run bench`: every benchmark in turn; `npm run bench -- cluster media-kit` runs the named ones only.
 * Each module exports a run function (which seeds what it needs and cleans up after itself) and a report
 * function.
 */
import { reportAdminStats, runAdminStatsBenchmark } from "./admin-stats.ts";
import { reportBookOfBusiness, runBookOfBusinessBenchmark } from "./book-of-business.ts";
import { reportBrowserReads, runBrowserReadsBenchmark } from "./browser-reads.ts";
import { reportCluster, runClusterBenchmark } from "./cluster.ts";
import { reportClusterRestarts, runClusterRestartBenchmark } from "./cluster-restarts.ts";
import { reportContracts, runContractsBenchmark } from "./contracts.ts";
import { reportDataManagement, runDataManagementBenchmark } from "./data-management.ts";
import { reportUploads, runUploadBenchmark } from "./hostile-uploads.ts";
import { reportInsights, runInsightsBenchmark } from "./insights.ts";
import { reportInvoices, runInvoiceBenchmark } from "./invoices.ts";
import { reportMediaKit, runMediaKitBenchmark } from "./media-kit.ts";
import { reportPublicPages, runPublicPagesBenchmark } from "./public-pages.ts";

const modules: Record<string, () => Promise<void>> = {
  "book-of-business": async () => reportBookOfBusiness(await runBookOfBusinessBenchmark()),
  "browser-reads": async () => reportBrowserReads(await runBrowserReadsBenchmark()),
  "data-management": async () => reportDataManagement(await runDataManagementBenchmark()),
  "admin-stats": async () => reportAdminStats(await runAdminStatsBenchmark()),
  "hostile-uploads": async () => reportUploads(await runUploadBenchmark()),
  contracts: async () => reportContracts(await runContractsBenchmark()),
  "media-kit": async () => reportMediaKit(await runMediaKitBenchmark()),
  invoices: async () => reportInvoices(await runInvoiceBenchmark()),
  insights: async () => reportInsights(await runInsightsBenchmark()),
  "public-pages": async () => reportPublicPages(await runPublicPagesBenchmark()),
  cluster: async () => reportCluster(await runClusterBenchmark()),
  "cluster-restarts": async () => reportClusterRestarts(await runClusterRestartBenchmark()),
};

const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in modules));
if (unknown.length > 0) {
  throw new Error(
    `No benchmark named ${unknown.join(", ")}; the benchmarks: ${Object.keys(modules).join(", ")}`,
  );
}
for (const name of named.length > 0 ? named : Object.keys(modules)) await modules[name]!();
