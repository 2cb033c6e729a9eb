import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import type { PDFDocument } from "pdf-lib";
import type { SealingCertificate } from "./seal.ts";

// Loaded with the first contract a process completes (manage-contracts.ts): it brings pdf-lib, which the
// server does not load at start-up (decision 011).

/**
 * Seals a finished document: adds a signature placeholder, saves without object streams (as the
 * placeholder needs) and signs the byte ranges with adbe.pkcs7.detached.
 */
export async function sealPdf(document: PDFDocument, certificate: SealingCertificate, signingTime: Date) {
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: "Sealed by Podium on completion of the agreement",
    contactInfo: "",
    name: "Podium",
    location: "",
    signingTime,
    signatureLength: 8192,
  });
  const unsigned = Buffer.from(await document.save({ useObjectStreams: false }));
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  return new SignPdf().sign(unsigned, signer, signingTime);
}
