import { z } from "zod";
import { idSchema, instantSchema } from "./fields.ts";

export const FILE_KINDS = ["headshot", "document", "receipt", "logo"] as const;
export const fileKindSchema = z.enum(FILE_KINDS, {
  error: "Kind must be headshot, document, receipt or logo",
});
export type FileKind = z.infer<typeof fileKindSchema>;

/** The types an upload may be, judged from its bytes (DESIGN §9). */
export const ALLOWED_FILE_TYPES = {
  "image/jpeg": "JPEG image",
  "image/png": "PNG image",
  "image/webp": "WebP image",
  "image/gif": "GIF image",
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint presentation",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel workbook",
  "text/plain": "Text file",
} as const;
export type AllowedFileType = keyof typeof ALLOWED_FILE_TYPES;

export const isImageType = (contentType: string) => contentType.startsWith("image/");

export const storedFileSchema = z.object({
  id: idSchema,
  kind: fileKindSchema,
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: instantSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileListQuerySchema = z.object({ kind: fileKindSchema.optional() });

export const fileListSchema = z.object({
  items: z.array(storedFileSchema),
  usage: z.object({ bytes: z.number().int(), limitBytes: z.number().int() }),
});
export type FileList = z.infer<typeof fileListSchema>;
