import { createPdfWriter } from "../../platform/pdf/create-pdf-writer.ts";
import type { PdfJob } from "../../platform/pdf/pdf-job.ts";

const HEADSHOT_WIDTH = 130;

/** What the one-sheet shows, chosen from the profile and the media kit (one-sheet.ts). */
export type OneSheet = {
  name: string;
  title: string | null;
  headline: string | null;
  bio: string | null;
  topics: { title: string; details: string; description: string | null }[];
  testimonials: { quote: string; who: string }[];
  contact: string[];
};

export type OneSheetInput = {
  sheet: OneSheet;
  headshot: { bytes: Uint8Array; contentType: string } | null;
};

/**
 * The one-sheet (issue 13): name, title, headline, primary headshot, short bio, topics with descriptions,
 * testimonials and contact details, as real text on US Letter. Rendered on a PDF thread.
 */
export const oneSheetPdfJob: PdfJob<OneSheetInput> = {
  name: "one-sheet",
  async render({ sheet, headshot }) {
    const pdf = await createPdfWriter(`${sheet.name} — one-sheet`);
    const image = headshot ? await pdf.embedImage(headshot.bytes, headshot.contentType) : null;
    const top = pdf.cursor;
    const imageHeight = image ? pdf.imageAtRight(image, HEADSHOT_WIDTH) : 0;
    const beside = image ? HEADSHOT_WIDTH + 18 : 0;

    pdf.heading(sheet.name, 1);
    if (sheet.title) pdf.text(sheet.title, { size: 12, muted: true, reserveRight: beside });
    if (sheet.headline) pdf.text(sheet.headline, { size: 13, bold: true, reserveRight: beside, gapAfter: 8 });
    if (sheet.bio) pdf.text(sheet.bio, { reserveRight: beside, gapAfter: 8 });
    pdf.moveTo(top - imageHeight - 12);

    if (sheet.topics.length > 0) {
      pdf.heading("Topics");
      for (const topic of sheet.topics) {
        pdf.text(topic.title, { bold: true, size: 11, gapAfter: 1 });
        if (topic.details) pdf.text(topic.details, { size: 9, muted: true, gapAfter: 1 });
        if (topic.description) pdf.text(topic.description, { size: 10, gapAfter: 6 });
      }
    }

    if (sheet.testimonials.length > 0) {
      pdf.heading("What organizers say");
      for (const testimonial of sheet.testimonials) {
        pdf.text(`“${testimonial.quote}”`, { size: 10, gapAfter: 1 });
        pdf.text(`— ${testimonial.who}`, { size: 9, muted: true, gapAfter: 6 });
      }
    }

    if (sheet.contact.length > 0) {
      pdf.heading("Booking and contact");
      pdf.text(sheet.contact.join("  ·  "), { size: 10 });
    }
    return pdf.save();
  },
};
