/** Dollars as the app shows them: "$5,000" for whole amounts, "$5,000.50" otherwise. */
export function formatDollars(amount: number | null | undefined): string {
  const value = amount ?? 0;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** An amount for a money input, without the "$" that the input shows beside it: "5,000.50". */
export function formatDollarInput(amount: number | null | undefined): string {
  if (amount == null || Number.isNaN(amount)) return "";
  return amount.toLocaleString("en-US", {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/**
 * What a speaker typed into a money input, in dollars: "$5,000.50" → 5000.5, blank → null. Anything that is
 * not an amount gives NaN, which the shared schema answers with "… must be an amount in dollars"; extra
 * decimals are kept so the schema can say "at most 2 decimals" rather than silently rounding.
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, "");
  if (cleaned === "") return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
