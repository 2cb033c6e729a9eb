/**
 * Invoices benchmark (issue 15), on PGlite: a one-page invoice's PDF (p95, target ≤ 150 ms, and invoices per
 * second on one core), the invoice list of a speaker with 2,000 invoices through its route (p95, target
 * ≤ 15 ms; as the speaker meets it, and right after a change to their book, when it is built afresh), and the
 * public invoice JSON under 50 connections against the bare health route of the same run (target ≥ 40 %).
 */

import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { invoiceToken, invoiceTokenHash } from "../src/server/features/invoices/invoice-link.ts";
import { renderInvoicePdf } from "../src/server/features/invoices/invoice-pdf.ts";
import { cookieNames } from "../src/server/platform/auth/plugin.ts";
import { createSession } from "../src/server/platform/auth/sessions.ts";
import { deriveTokenKeys } from "../src/server/platform/auth/token-keys.ts";
import { createOutboxMailer } from "../src/server/platform/mail/mailer.ts";
import { mailLimitsOf } from "../src/server/platform/mail/third-party-mail.ts";
import type { InvoiceView } from "../src/shared/schemas/invoices.ts";
import { openBenchPglite } from "./databases.ts";
import { formatMs, type Latency, measureLatency } from "./measure.ts";

export const invoiceTargets = { pdfP95Ms: 150, listP95Ms: 15, publicShare: 0.4 };
const INVOICES = 2_000;
const SECRET = "bench-invoice-secret-".padEnd(48, "x");

const sample: InvoiceView = {
  number: "INV-2026-0042",
  status: "partial",
  isOverdue: false,
  issueDate: "2026-03-01",
  dueDate: "2026-03-15",
  from: {
    name: "Jordan Rivera",
    businessName: "Rivera Talks LLC",
    email: "jordan@example.com",
    phone: "+1 512 555 0100",
    address: "100 Congress Ave\nAustin, TX 78701",
  },
  billTo: { name: "ACME Corp", company: "ACME Corporation" },
  event: { title: "Sales Kickoff", date: "2026-05-01", venueName: "Grand Hall", city: "Austin", state: "TX" },
  items: [
    {
      description: "Speaking fee: Sales Kickoff — deposit (50%)",
      quantity: 1,
      unitPrice: 5000,
      amount: 5000,
    },
    { description: "Travel fee — deposit (50%)", quantity: 1, unitPrice: 750, amount: 750 },
  ],
  subtotal: 5750,
  taxRate: 0,
  tax: 0,
  total: 5750,
  amountPaid: 1000,
  balanceDue: 4750,
  paymentInstructions: "First Bank, routing 000000000, account 0000000\nChecks to Rivera Talks LLC",
  notes: "Thank you!",
  canPayByCard: false,
  hasLogo: false,
};

async function measurePdf() {
  const latency = await measureLatency(
    async () => {
      await renderInvoicePdf(sample, null);
    },
    { samples: 200, warmup: 20 },
  );
  const started = performance.now();
  let rendered = 0;
  while (performance.now() - started < 3000) {
    await renderInvoicePdf(sample, null);
    rendered += 1;
  }
  return { latency, perSecond: rendered / ((performance.now() - started) / 1000) };
}

type LoadFigures = { requestsPerSecond: number; non2xx: number };
async function hammer(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: 50, duration: 8 });
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx };
}

export async function runInvoiceBenchmark() {
  const pdf = await measurePdf();
  const database = await openBenchPglite();
  try {
    const { db } = database.handle;
    const created = await db.execute(
      sql`insert into users (username, email, password_hash) values ('bench_invoices', 'bench_invoices@example.com', 'x') returning id`,
    );
    const user = (created as unknown as { rows: { id: string }[] }).rows[0];
    const userId = (user as { id: string }).id;
    await db.execute(sql`
      insert into invoices (user_id, number, status, issue_date, due_date, subtotal, total, amount_paid, recipient_email)
      select ${userId}, 'INV-2026-' || lpad(n::text, 4, '0'),
             (case when n % 4 = 0 then 'paid' when n % 4 = 1 then 'sent' when n % 4 = 2 then 'partial' else 'draft' end)::invoice_status,
             date '2024-01-01' + (n % 900), date '2024-01-15' + (n % 900), 500000, 500000,
             case when n % 4 = 0 then 500000 when n % 4 = 2 then 100000 else 0 end, 'client@example.com'
      from generate_series(1, ${INVOICES}) as n`);
    await db.execute(sql`
      insert into invoice_items (invoice_id, user_id, position, description, quantity_hundredths, unit_price, amount)
      select id, user_id, 0, 'Keynote', 100, 500000, 500000 from invoices`);
    await db.execute(sql`analyze`);

    const sent = await db.execute(sql`select id from invoices where status = 'sent' limit 1`);
    const first = (sent as unknown as { rows: { id: string }[] }).rows[0];
    const token = invoiceToken(deriveTokenKeys(SECRET)["invoice-link"], { id: first!.id, linkVersion: 1 });
    await db.execute(
      sql`update invoices set token_hash = ${invoiceTokenHash(token)} where id = ${first!.id}`,
    );
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      SESSION_SECRET: SECRET,
      RATE_LIMIT_FACTOR: "1000000",
    });
    const app = await buildApp({
      config,
      database: database.handle,
      mailer: createOutboxMailer(mailLimitsOf(config), async () => {}),
      secret: SECRET,
    });
    const signIn = async () =>
      `${cookieNames(config.isHttps).session}=${(await createSession(db, { userId })).token}`;
    let cookie = await signIn();
    const readList = async () => {
      const answer = await app.inject({ method: "GET", url: "/api/invoices?limit=50", headers: { cookie } });
      if (answer.statusCode !== 200) throw new Error(`list: ${answer.statusCode} ${answer.body}`);
    };
    // What any change to an invoice, or an event or client it names, does (drizzle/0004, 0012); and as after
    // a write, the next read looks its session (and so the new version) up rather than reusing it.
    const changeBook = async () => {
      await db.execute(sql`update book_versions set version = version + 1 where user_id = ${userId}`);
      cookie = await signIn();
    };
    const list = {
      cached: await measureLatency(readList, { samples: 500, warmup: 50 }),
      uncached: await measureLatency(readList, { samples: 200, warmup: 20, before: changeBook }),
    };
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      await hammer(`${address}/api/health`);
      const bare = await hammer(`${address}/api/health`);
      const publicJson = await hammer(`${address}/api/public/invoices/${token}`);
      return { pdf, list, bare, publicJson };
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

export function reportInvoices(result: Awaited<ReturnType<typeof runInvoiceBenchmark>>) {
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
  const line = (label: string, latency: Latency, target: number) =>
    `  ${label.padEnd(34)} p50 ${formatMs(latency.p50)}  p95 ${formatMs(latency.p95)}  ${verdict(latency.p95 <= target)}`;
  console.log(
    `\nInvoices (targets: PDF p95 ≤ ${invoiceTargets.pdfP95Ms} ms, list p95 ≤ ${invoiceTargets.listP95Ms} ms)`,
  );
  console.log(line("one-page PDF", result.pdf.latency, invoiceTargets.pdfP95Ms));
  console.log(`  PDFs per second on one core        ${result.pdf.perSecond.toFixed(1)}`);
  const invoices = INVOICES.toLocaleString("en-US");
  console.log(line(`list, ${invoices} invoices (PGlite)`, result.list.cached, invoiceTargets.listP95Ms));
  console.log(line("  the same, after a change", result.list.uncached, invoiceTargets.listP95Ms));
  const share = result.publicJson.requestsPerSecond / result.bare.requestsPerSecond;
  console.log(
    `  public JSON, 50 connections         ${result.publicJson.requestsPerSecond.toFixed(0)} req/s vs bare ${result.bare.requestsPerSecond.toFixed(0)} req/s = ${(share * 100).toFixed(0)} % (target ≥ ${invoiceTargets.publicShare * 100} %) ${verdict(share >= invoiceTargets.publicShare)}; non-2xx ${result.publicJson.non2xx}`,
  );
}

// `npx tsx bench/invoices.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) reportInvoices(await runInvoiceBenchmark());
