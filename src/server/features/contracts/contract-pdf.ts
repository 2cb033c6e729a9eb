import { agreementBlocks, plainTextOf } from "../../../shared/agreement-markdown.ts";
import type { ContractSignature } from "../../platform/db/schema.ts";
import { createPdfWriter } from "../../platform/pdf/create-pdf-writer.ts";
import type { PdfJob } from "../../platform/pdf/pdf-job.ts";
import type { PdfWriter } from "../../platform/pdf/pdf-writer.ts";
import type { SealingCertificate } from "./seal.ts";
import { pngBytes } from "./signature-image.ts";

/** The agreement's Markdown as the web page reads it: headings, bullets and paragraphs; emphasis marks dropped. */
function writeMarkdown(writer: PdfWriter, body: string) {
  for (const block of agreementBlocks(body)) {
    const text = plainTextOf(block);
    if (block.kind === "p") writer.text(text, { gapAfter: 8 });
    else if (block.kind === "li") writer.text(`•  ${text}`, { indent: 12, gapAfter: 3 });
    else writer.heading(text, block.kind === "h1" ? 1 : 2);
  }
}

export type SignatureBlock = { role: string; name: string; signature: ContractSignature | null };

const utc = (iso: string | Date) => {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
};

async function writeSignatures(writer: PdfWriter, blocks: SignatureBlock[]) {
  writer.ensureSpace(150);
  for (const block of blocks) {
    writer.text(block.role, { bold: true, gapAfter: 6 });
    const signature = block.signature;
    const png = pngBytes(signature?.signatureImage);
    // A signature image over the limits (one stored before they were checked) is drawn as the typed name.
    const image = png && (await writer.embedImage(png, "image/png"));
    if (image) {
      writer.imageBlock(image, 200, 60);
    } else if (signature) {
      writer.text(signature.typedName, { size: 20, gapAfter: 2 });
    } else {
      writer.space(40);
    }
    writer.rule(240);
    writer.text(`Name: ${signature?.typedName ?? block.name}`, { muted: true, gapAfter: 1 });
    writer.text(`Signed: ${signature ? utc(signature.at) : ""}`, { muted: true, gapAfter: 16 });
  }
}

export type Agreement = { title: string; body: string; signatures: SignatureBlock[] };

/** The agreement as sent (and, with signatures, as completed): US Letter, selectable Unicode text. */
export async function renderAgreement(input: Agreement): Promise<PdfWriter> {
  const writer = await createPdfWriter(input.title);
  writeMarkdown(writer, input.body);
  writer.space(12);
  await writeSignatures(writer, input.signatures);
  return writer;
}

export type CertificateSigner = {
  role: string;
  name: string;
  email: string;
  signature: ContractSignature;
  viewedAt: Date | null;
  consentedAt: Date | null;
};

export type Certificate = {
  contractId: string;
  title: string;
  documentSha256: string;
  /** The sent PDF's SHA-256; null for a contract sent before it was recorded. */
  pdfSha256: string | null;
  completedAt: Date;
  signers: CertificateSigner[];
  audit: { type: string; at: Date; actor: string; ip: string | null }[];
};

/** The signing certificate: who signed what, when and from where, and the audit events. */
export async function writeCertificate(writer: PdfWriter, input: Certificate) {
  writer.addPage();
  writer.heading("Certificate of completion", 1);
  writer.text("All times are in UTC (Coordinated Universal Time).", { muted: true, gapAfter: 10 });
  writer.text(`Contract ID: ${input.contractId}`);
  writer.text(`Title: ${input.title}`);
  writer.text(`SHA-256 of the text as sent: ${input.documentSha256}`);
  if (input.pdfSha256) writer.text(`SHA-256 of the PDF as sent: ${input.pdfSha256}`);
  writer.text(`Completed: ${utc(input.completedAt)}`, { gapAfter: 10 });
  for (const signer of input.signers) {
    writer.heading(signer.role);
    writer.text(`Name: ${signer.name}`);
    writer.text(`E-mail: ${signer.email}`);
    writer.text(`Typed name: ${signer.signature.typedName}`);
    writer.text(`IP address: ${signer.signature.ip ?? "unknown"}`);
    writer.text(`Device: ${signer.signature.userAgent ?? "unknown"}`);
    writer.text(
      `Consent to do business electronically: ${signer.consentedAt ? `given ${utc(signer.consentedAt)}` : "not applicable (the sender)"}`,
    );
    writer.text(`Viewed: ${signer.viewedAt ? utc(signer.viewedAt) : "not applicable (the sender)"}`);
    writer.text(`Signed: ${utc(signer.signature.at)}`, { gapAfter: 8 });
  }
  writer.heading("Audit trail");
  for (const event of input.audit) {
    writer.text(`${utc(event.at)}  ${event.type} by ${event.actor}${event.ip ? ` from ${event.ip}` : ""}`, {
      size: 9,
      gapAfter: 2,
    });
  }
}

export type ContractPdfInput = {
  agreement: Agreement;
  /** Once both have signed: the certificate page, and the seal over the whole file made at `signingTime`. */
  completion?: { certificate: Certificate; seal: SealingCertificate; signingTime: Date };
};

/** The agreement as sent, or completed and sealed, rendered on a PDF thread (manage-contracts.ts). */
export const contractPdfJob: PdfJob<ContractPdfInput> = {
  name: "contract",
  async render({ agreement, completion }) {
    const writer = await renderAgreement(agreement);
    if (!completion) return writer.save();
    await writeCertificate(writer, completion.certificate);
    const { sealPdf } = await import("./seal-pdf.ts");
    // The certificate's bytes arrive from the server's thread as a plain Uint8Array.
    const seal = { p12: Buffer.from(completion.seal.p12), passphrase: completion.seal.passphrase };
    return sealPdf(writer.document, seal, completion.signingTime);
  },
};
