/** An http(s) link in plain text; punctuation that ends a sentence is not part of it. */
export const LINK_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)']/g;

export function findLinks(text: string): string[] {
  return text.match(LINK_PATTERN) ?? [];
}
