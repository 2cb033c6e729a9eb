/** Receipts are read on screen: 1600 px on the long side keeps print legible at a fraction of the bytes. */
export const RECEIPT_MAX_PIXELS = 1600;

/**
 * A phone photo (often 4000 px and several MB) made display-sized as a JPEG before it is uploaded. PDFs,
 * GIFs, small images and anything the browser cannot decode are sent as they are.
 */
export async function downscaleImage(file: File, maxPixels = RECEIPT_MAX_PIXELS): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxPixels / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    if (!blob) return file;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
  } catch {
    return file;
  }
}
