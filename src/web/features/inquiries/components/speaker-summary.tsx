import type { InquiryForm } from "../../../../shared/schemas/inquiries.ts";
import { speakerDisplayName } from "../../../../shared/speaker-name.ts";

/** Who the planner is writing to: headshot, name, headline and topics. */
export function SpeakerSummary({ speaker }: { speaker: InquiryForm["speaker"] }) {
  const name = speakerDisplayName(speaker);
  return (
    <header className="grid gap-4">
      <div className="flex items-center gap-4">
        {speaker.headshotUrl && (
          <img
            src={speaker.headshotUrl}
            alt={`Headshot of ${name}`}
            width={96}
            height={96}
            className="size-20 shrink-0 rounded-full object-cover shadow-md sm:size-24"
          />
        )}
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">Book {name}</h1>
          {(speaker.headline ?? speaker.title) && (
            <p className="text-muted-foreground">{speaker.headline ?? speaker.title}</p>
          )}
        </div>
      </div>
      {speaker.topics.length > 0 && (
        <section aria-labelledby="topics-heading" className="grid gap-2">
          <h2
            id="topics-heading"
            className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Topics
          </h2>
          <ul className="grid gap-2">
            {speaker.topics.map((topic) => (
              <li key={topic.title} className="rounded-md border border-border bg-card p-3">
                <p className="font-medium">{topic.title}</p>
                {topic.description && <p className="text-sm text-muted-foreground">{topic.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </header>
  );
}
