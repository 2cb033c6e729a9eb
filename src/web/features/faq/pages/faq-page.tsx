import { Link2, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { FAQ_TOPICS, searchFaq } from "../content/faq.ts";

/** /faq: every question and answer, grouped by topic, searchable, each with its own anchor link. */
export default function FaqPage() {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const { hash } = useLocation();
  const matches = searchFaq(query);

  // Opening /faq#<id> (a shared link) scrolls to that answer once the page has rendered.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: "start" });
    target?.focus({ preventScroll: true });
  }, [hash]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="FAQ"
        description="Answers to the questions speakers ask most: the trial and pricing, your data, your account and using Podium."
      />
      <div className="relative max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Search the FAQ
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search the FAQ"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {query.trim() ? `${matches.length} answers found` : ""}
      </p>
      {matches.length === 0 ? (
        <EmptyState
          icon={Search}
          title={`No answers found for "${query.trim()}"`}
          description="Try other words, or ask us through the Feedback page or Contact Us at the bottom of the page."
        />
      ) : (
        FAQ_TOPICS.map((topic) => {
          const entries = matches.filter((entry) => entry.topic === topic.id);
          if (entries.length === 0) return null;
          return (
            <section key={topic.id} aria-labelledby={`faq-topic-${topic.id}`} className="grid gap-3">
              <h2 id={`faq-topic-${topic.id}`} className="text-lg font-semibold">
                {topic.title}
              </h2>
              <Card>
                <CardContent className="divide-y divide-border p-0">
                  {entries.map((entry) => (
                    <article
                      key={entry.id}
                      id={entry.id}
                      tabIndex={-1}
                      aria-labelledby={`${entry.id}-question`}
                      className="grid scroll-mt-20 gap-2 p-5 outline-none target:bg-primary-soft focus-visible:bg-primary-soft sm:p-6"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <h3 id={`${entry.id}-question`} className="font-medium">
                          {entry.question}
                        </h3>
                        <a
                          href={`#${entry.id}`}
                          className="shrink-0 rounded-sm p-1 text-muted-foreground hover:text-primary"
                          aria-label={`Link to "${entry.question}"`}
                        >
                          <Link2 aria-hidden="true" className="size-4" />
                        </a>
                      </div>
                      <p className="text-pretty text-muted-foreground">{entry.answer}</p>
                    </article>
                  ))}
                </CardContent>
              </Card>
            </section>
          );
        })
      )}
    </div>
  );
}
