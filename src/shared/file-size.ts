import { IMAGE_LIMITS_TEXT } from "./image-limits.ts";

const KB = 1024;
export const MB = 1024 * KB;
const GB = 1024 * MB;

/** A size in words people read: "512 KB", "4.2 MB", "31 MB", "1.0 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(1)} GB`;
  if (bytes >= MB) return bytes >= 10 * MB ? `${Math.round(bytes / MB)} MB` : `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
}

export const fileMessages = {
  /** An upload over FILE_MAX_MB: its size rounded up to whole megabytes. */
  tooLarge: (bytes: number, limitMb: number) =>
    `This file is ${Math.ceil(bytes / MB)} MB; the limit is ${limitMb} MB.`,
  /** An upload that would take the account past FILE_QUOTA_MB. */
  overQuota: (usedBytes: number, limitBytes: number) =>
    `Your files use ${formatBytes(usedBytes)} of ${formatBytes(limitBytes)}. Delete some to make room.`,
  notAllowed:
    "This type of file can't be uploaded. Allowed: JPEG, PNG, WebP and GIF images, PDF, Word (DOCX), PowerPoint (PPTX), Excel (XLSX) and plain text files.",
  notAnImage: "This file is not an image. Choose a JPEG, PNG, WebP or GIF image.",
  imageTooLarge: (width: number, height: number) =>
    `This image is ${width} × ${height} pixels; images may be ${IMAGE_LIMITS_TEXT}. Scale it down and upload it again.`,
  imageUnreadable: "This image's size cannot be read. Save it again as a JPEG or PNG and upload it again.",
  notMultipart: 'Send the file as multipart/form-data in the field "file".',
  noFile: "Choose a file to upload.",
  empty: "The file is empty.",
  cutOff: "The upload was cut off before it finished. Try again.",
};
