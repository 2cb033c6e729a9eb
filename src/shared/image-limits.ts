/**
 * The largest image the server takes, as an upload or a drawn signature. Decoding an image costs time and
 * memory in its pixels, not its bytes: a 10 KB PNG can hold 8000 × 8000 of them, which took the PDF writer
 * seconds. Photos from phones (12 megapixels) fit.
 */
export const IMAGE_LIMITS = { side: 4096, pixels: 16_000_000 } as const;

/** The limits in words, for error messages. */
export const IMAGE_LIMITS_TEXT = "at most 4,096 pixels on a side and 16 megapixels";
