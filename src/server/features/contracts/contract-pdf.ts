import type { ContractSignature } from "../../platform/db/schema.ts";
import { createPdfWriter } from "../../platform/pdf/create-pdf-writer.ts";
import type { PdfWriter } from "../../platform/pdf/pdf-writer.ts";

/** Plain text of the Markdown the templates use: headings, bullets and paragraphs; emphasis marks dropped. */
function writeMarkdown(writer: PdfWriter, body: string) {
  const plain = (line: string) => line.replace(/\*\*(.+?)\*\*/g, "$1").replace(/__(.+?)__/g, "$1");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) writer.text(paragraph.join(" "), { gapAfter: 8 });
    paragraph = [];
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = plain(raw.trimEnd());
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      writer.heading(heading[2]!, heading[1]!.length === 1 ? 1 : 2);
    } else if (bullet) {
      flush();
      writer.text(`•  ${bullet[1]}`, { indent: 12, gapAfter: 3 });
    } else if (line.trim() === "") {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
}

export type SignatureBlock = { role: string; name: string; signature: ContractSignature | null };

const utc = (iso: string | Date) => {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
};

/** Pulls the PNG bytes out of a data URL; null for anything else. */
export function pngBytes(dataUrl: string | null | undefined): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? "");
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, "base64");
  // The PNG signature; pdf-lib's parser checks the rest.
  return bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])) ? bytes : null;
}

async function writeSignatures(writer: PdfWriter, blocks: SignatureBlock[]) {
  writer.ensureSpace(150);
  for (const block of blocks) {
    writer.text(block.role, { bold: true, gapAfter: 6 });
    const signature = block.signature;
    const png = pngBytes(signature?.signatureImage);
    if (signature && png) {
      writer.imageBlock(await writer.document.embedPng(png), 200, 60);
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

/** The agreement as sent (and, with signatures, as completed): US Letter, selectable Unicode text. */
export async function renderAgreement(input: {
  title: string;
  body: string;
  signatures: SignatureBlock[];
}): Promise<PdfWriter> {
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

/** The signing certificate: who signed what, when and from where, and the audit events. */
export async function writeCertificate(
  writer: PdfWriter,
  input: {
    contractId: string;
    title: string;
    documentSha256: string;
    completedAt: Date;
    signers: CertificateSigner[];
    audit: { type: string; at: Date; actor: string; ip: string | null }[];
  },
) {
  writer.addPage();
  writer.heading("Certificate of completion", 1);
  writer.text("All times are in UTC (Coordinated Universal Time).", { muted: true, gapAfter: 10 });
  writer.text(`Contract ID: ${input.contractId}`);
  writer.text(`Title: ${input.title}`);
  writer.text(`SHA-256 of the document as sent: ${input.documentSha256}`);
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
