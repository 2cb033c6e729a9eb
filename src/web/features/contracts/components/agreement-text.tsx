import type { ReactNode } from "react";

/** `**bold**` inside a line, as the templates write it. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith("**") && part.endsWith("**") && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed line
      <strong key={index}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

type Block = { kind: "h1" | "h2" | "p" | "li"; text: string };

function blocksOf(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1]!.length === 1 ? "h1" : "h2", text: heading[2]! });
    } else if (bullet) {
      flush();
      blocks.push({ kind: "li", text: bullet[1]! });
    } else if (!line) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The agreement's text (the small Markdown the templates use), as it reads in the PDF. */
export function AgreementText({ body }: { body: string }) {
  return (
    <div className="grid gap-3 text-sm leading-relaxed break-words">
      {blocksOf(body).map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === "h1")
          return (
            <h2 key={key} className="text-xl font-semibold">
              {inline(block.text)}
            </h2>
          );
        if (block.kind === "h2")
          return (
            <h3 key={key} className="pt-2 text-base font-semibold">
              {inline(block.text)}
            </h3>
          );
        if (block.kind === "li")
          return (
            <p key={key} className="pl-4">
              • {inline(block.text)}
            </p>
          );
        return <p key={key}>{inline(block.text)}</p>;
      })}
    </div>
  );
}

/** The agreement a planner reads before signing, in a box that scrolls on its own (by keyboard too). */
export function ScrollingAgreement({ body }: { body: string }) {
  return (
    <section
      aria-label="The agreement"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      className="max-h-[60dvh] overflow-y-auto rounded-lg border border-border bg-card p-4 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <AgreementText body={body} />
    </section>
  );
}
