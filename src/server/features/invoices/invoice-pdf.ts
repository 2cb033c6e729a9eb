import type { InvoiceView } from "../../../shared/schemas/invoices.ts";
import { createPdfWriter } from "../../platform/pdf/create-pdf-writer.ts";
import type { PdfJob } from "../../platform/pdf/pdf-job.ts";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (dollars: number) => usd.format(dollars);
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    year: "numeric",
  });

/**
 * The invoice as a US Letter PDF with real text (issue 15): the speaker's business, logo and address,
 * "Invoice" and its number, dates, bill to, the event, lines, totals, payment instructions, notes, and a
 * PAID or VOID mark.
 */
export async function renderInvoicePdf(
  invoice: InvoiceView,
  logo: { bytes: Uint8Array; contentType: string } | null,
): Promise<Uint8Array> {
  const pdf = await createPdfWriter(`Invoice ${invoice.number}`);
  const width = pdf.contentWidth;
  const top = pdf.cursor;
  const image = logo ? await pdf.embedImage(logo.bytes, logo.contentType) : null;
  const logoHeight = image ? Math.min(pdf.imageAtRight(image, 110), 110) : 0;
  const beside = image ? 130 : 0;

  const sender = invoice.from.businessName ?? invoice.from.name ?? "";
  if (sender) pdf.text(sender, { size: 14, bold: true, reserveRight: beside, gapAfter: 1 });
  if (invoice.from.businessName && invoice.from.name)
    pdf.text(invoice.from.name, { reserveRight: beside, gapAfter: 1 });
  const contact = [
    invoice.from.address,
    [invoice.from.email, invoice.from.phone].filter(Boolean).join("  ·  "),
  ]
    .filter(Boolean)
    .join("\n");
  if (contact) pdf.text(contact, { size: 9.5, muted: true, reserveRight: beside });
  pdf.moveTo(top - logoHeight - 8);
  pdf.space(10);

  pdf.heading(`Invoice ${invoice.number}`, 1);
  pdf.row(
    [
      { text: `Issued ${longDate(invoice.issueDate)}`, x: 0, width: width / 2 },
      { text: `Due ${longDate(invoice.dueDate)}`, x: width / 2, width: width / 2, align: "right" },
    ],
    { size: 10.5, gapAfter: 8 },
  );

  const billTo = [invoice.billTo.name, invoice.billTo.company].filter(Boolean).join("\n");
  if (billTo) {
    pdf.text("Bill to", { size: 9, bold: true, muted: true, gapAfter: 1 });
    pdf.text(billTo, { gapAfter: 8 });
  }
  if (invoice.event) {
    const place = [
      invoice.event.venueName,
      [invoice.event.city, invoice.event.state].filter(Boolean).join(", "),
    ]
      .filter(Boolean)
      .join(", ");
    pdf.text("Event", { size: 9, bold: true, muted: true, gapAfter: 1 });
    pdf.text(
      [invoice.event.title, [longDate(invoice.event.date), place].filter(Boolean).join(" · ")].join("\n"),
      {
        gapAfter: 10,
      },
    );
  }

  const columns = { qty: width * 0.58, price: width * 0.7, amount: width * 0.84 };
  const cells = (description: string, qty: string, price: string, amount: string) => [
    { text: description, x: 0, width: columns.qty - 12 },
    { text: qty, x: columns.qty, width: columns.price - columns.qty - 8, align: "right" as const },
    { text: price, x: columns.price, width: columns.amount - columns.price - 8, align: "right" as const },
    { text: amount, x: columns.amount, width: width - columns.amount, align: "right" as const },
  ];
  pdf.row(cells("Description", "Qty", "Price", "Amount"), { size: 9, bold: true, muted: true });
  pdf.rule();
  for (const item of invoice.items) {
    pdf.row(cells(item.description, String(item.quantity), money(item.unitPrice), money(item.amount)), {
      gapAfter: 4,
    });
  }
  pdf.rule();
  const total = (label: string, value: string, bold = false) =>
    pdf.row(
      [
        { text: label, x: columns.price - 60, width: columns.amount - columns.price + 52, align: "right" },
        { text: value, x: columns.amount, width: width - columns.amount, align: "right" },
      ],
      { bold },
    );
  total("Subtotal", money(invoice.subtotal));
  if (invoice.tax > 0 || invoice.taxRate > 0) total(`Tax (${invoice.taxRate}%)`, money(invoice.tax));
  total("Total", money(invoice.total), true);
  if (invoice.amountPaid > 0) total("Paid", `−${money(invoice.amountPaid)}`);
  total("Balance due", money(invoice.balanceDue), true);
  pdf.space(12);

  if (invoice.paymentInstructions) {
    pdf.heading("How to pay");
    pdf.text(invoice.paymentInstructions, { size: 10 });
  }
  if (invoice.notes) {
    pdf.heading("Notes");
    pdf.text(invoice.notes, { size: 10 });
  }
  if (invoice.status === "paid") pdf.stamp("PAID", "green");
  if (invoice.status === "void") pdf.stamp("VOID", "red");
  return pdf.save();
}

export type InvoicePdfInput = {
  invoice: InvoiceView;
  logo: { bytes: Uint8Array; contentType: string } | null;
};

/** The invoice rendered on a PDF thread (invoice-document.ts asks for it). */
export const invoicePdfJob: PdfJob<InvoicePdfInput> = {
  name: "invoice",
  render: ({ invoice, logo }) => renderInvoicePdf(invoice, logo),
};
