/**
 * One-line text (names, phones, titles, cities): a line break there would start a new paragraph or heading
 * wherever the value is merged or printed, such as a contract (issue 40). Without zod, so the public forms can
 * check it too; `singleLine` in schemas/fields.ts is the zod face.
 */

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

export const hasLineBreak = (value: string) => LINE_BREAK.test(value);

/** What a one-line field says of a value with a line break, named by its label. */
export const singleLineMessage = (label: string) => `${label} must be on one line: remove the line breaks`;
