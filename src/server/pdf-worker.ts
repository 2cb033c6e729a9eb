/**
 * A PDF thread: renders the documents the server asks for (platform/pdf/render-in-worker.ts), so a large
 * image never holds up the event loop. Run from the sources through tsx, and bundled beside the server as
 * build/server/pdf-worker.mjs (scripts/build-server.mjs). Every kind of document is listed here.
 */
import { contractPdfJob } from "./features/contracts/contract-pdf.ts";
import { invoicePdfJob } from "./features/invoices/invoice-pdf.ts";
import { oneSheetPdfJob } from "./features/media-kit/one-sheet-pdf.ts";
import { servePdfJobs } from "./platform/pdf/serve-pdf-jobs.ts";

servePdfJobs([oneSheetPdfJob, invoicePdfJob, contractPdfJob]);
