/**
 * The small Markdown of agreements (templates and contract bodies), read the same way by the web page and the
 * PDF: `#` headings, `-`/`*` bullets, paragraphs split by blank lines, `**bold**` inside a line, and the
 * CommonMark backslash escape (`\*` is a star). Merged values are escaped with `escapeMergedValue`, so what a
 * client or planner typed always reads as the text it is.
 */

export type AgreementRun = { text: string; isBold: boolean };
export type AgreementBlock = { kind: "h1" | "h2" | "p" | "li"; runs: AgreementRun[] };

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const LINE_BREAKS = /\s*[\r\n\u0085\u2028\u2029\v\f]+\s*/g;
/** Characters a Markdown reader (ours or any CommonMark one) may take as syntax anywhere in a line. */
const INLINE_SYNTAX = /[\\*_`[\]<>|~]/g;
/** What makes a line a heading, quote or list item when it starts it. */
const LINE_START_SYNTAX = /^(?:[#>+-]|(\d+)([.)]))/;

/**
 * A merged value as literal text: line breaks become one space (a value cannot start a paragraph or a
 * heading), Markdown punctuation is escaped, and so is a heading, quote or list mark at its start, since a
 * template may place the value at the start of a line.
 */
export function escapeMergedValue(value: string): string {
  const oneLine = value.replace(LINE_BREAKS, " ").trim();
  return oneLine
    .replace(INLINE_SYNTAX, "\\$&")
    .replace(LINE_START_SYNTAX, (mark, digits?: string, dot?: string) =>
      digits ? `${digits}\\${dot}` : `\\${mark}`,
    );
}

/** One line's text in runs of plain and bold; escapes give their character, unpaired `**` stays as typed. */
function runsOf(line: string): AgreementRun[] {
  const runs: AgreementRun[] = [];
  let text = "";
  let isBold = false;
  const push = () => {
    if (text) runs.push({ text, isBold });
    text = "";
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    const next = line[index + 1];
    if (char === "\\" && next !== undefined && ESCAPABLE.test(next)) {
      text += next;
      index++;
    } else if (char === "*" && next === "*" && (isBold || hasClosingStars(line, index + 2))) {
      push();
      isBold = !isBold;
      index++;
    } else {
      text += char;
    }
  }
  push();
  return runs;
}

/** Whether an unescaped `**` follows `from` with some text before it. */
function hasClosingStars(line: string, from: number) {
  for (let index = from; index < line.length - 1; index++) {
    if (line[index] === "\\") index++;
    else if (line[index] === "*" && line[index + 1] === "*") return index > from;
  }
  return false;
}

/** The body's blocks in order; lines of one paragraph are joined by a space. */
export function agreementBlocks(body: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", runs: runsOf(paragraph.join(" ")) });
    paragraph = [];
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1]!.length === 1 ? "h1" : "h2", runs: runsOf(heading[2]!) });
    } else if (bullet) {
      flush();
      blocks.push({ kind: "li", runs: runsOf(bullet[1]!) });
    } else if (!line) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** A block's text without its emphasis, as the PDF writes it. */
export const plainTextOf = (block: AgreementBlock) => block.runs.map((run) => run.text).join("");
