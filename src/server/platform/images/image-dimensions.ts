import { imageSize } from "image-size";
import { imageSizeFromFile } from "image-size/fromFile";
import { IMAGE_LIMITS } from "../../../shared/image-limits.ts";

export type ImageDimensions = { width: number; height: number };

const dimensionsOf = (size: { width?: number; height?: number }): ImageDimensions | null =>
  size.width && size.height ? { width: size.width, height: size.height } : null;

/**
 * An image's width and height from its header (PNG, JPEG, GIF, WebP…), read by image-size without decoding
 * a pixel; null when the header cannot be read.
 */
export function readImageDimensions(bytes: Uint8Array): ImageDimensions | null {
  try {
    return dimensionsOf(imageSize(bytes));
  } catch {
    return null;
  }
}

/** The same for an image on disk (image-size reads at most its first 512 KB). */
export async function readImageFileDimensions(filePath: string): Promise<ImageDimensions | null> {
  try {
    return dimensionsOf(await imageSizeFromFile(filePath));
  } catch {
    return null;
  }
}

/** Whether decoding the image stays within IMAGE_LIMITS. */
export const isWithinImageLimits = ({ width, height }: ImageDimensions) =>
  width <= IMAGE_LIMITS.side && height <= IMAGE_LIMITS.side && width * height <= IMAGE_LIMITS.pixels;
