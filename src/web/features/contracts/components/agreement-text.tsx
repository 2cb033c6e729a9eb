import { type AgreementRun, agreementBlocks } from "../../../../shared/agreement-markdown.ts";

function inline(runs: AgreementRun[]) {
  return runs.map((run, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed line
    run.isBold ? <strong key={index}>{run.text}</strong> : run.text,
  );
}

/** The agreement's text (the small Markdown the templates use), as it reads in the PDF. */
export function AgreementText({ body }: { body: string }) {
  return (
    <div className="grid gap-3 text-sm leading-relaxed break-words">
      {agreementBlocks(body).map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === "h1")
          return (
            <h2 key={key} className="text-xl font-semibold">
              {inline(block.runs)}
            </h2>
          );
        if (block.kind === "h2")
          return (
            <h3 key={key} className="pt-2 text-base font-semibold">
              {inline(block.runs)}
            </h3>
          );
        if (block.kind === "li")
          return (
            <p key={key} className="pl-4">
              • {inline(block.runs)}
            </p>
          );
        return <p key={key}>{inline(block.runs)}</p>;
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
