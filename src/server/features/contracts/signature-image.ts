import { IMAGE_LIMITS_TEXT } from "../../../shared/image-limits.ts";
import { AppError } from "../../platform/http/errors.ts";
import { isWithinImageLimits, readImageDimensions } from "../../platform/images/image-dimensions.ts";

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** Pulls the PNG bytes out of a data URL; null for anything else. */
export function pngBytes(dataUrl: string | null | undefined): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? "");
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, "base64");
  // The PNG signature; pdf-lib's parser checks the rest.
  return bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? bytes : null;
}

/**
 * Refuses a drawn signature that would be too large to decode (IMAGE_LIMITS, read from its header) before
 * anything is written: the agreement's PDF draws it. `field` names it in the answer.
 */
export function assertSignatureImageFits(signatureImage: string | null | undefined, field: string) {
  const png = pngBytes(signatureImage);
  if (!png) return;
  const dimensions = readImageDimensions(png);
  if (dimensions && isWithinImageLimits(dimensions)) return;
  const message = dimensions
    ? `The drawn signature is ${dimensions.width} × ${dimensions.height} pixels; it may be ${IMAGE_LIMITS_TEXT}. Clear it and sign again.`
    : "The drawn signature cannot be read. Clear it and sign again.";
  throw new AppError("BAD_REQUEST", message, { fields: { [field]: message } });
}
