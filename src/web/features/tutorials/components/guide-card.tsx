import * as Accordion from "@radix-ui/react-accordion";
import { ChevronDown, ChevronRight, Circle, CircleCheck, Clock } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn.ts";
import type { Guide, SetupFact } from "../content/guides.ts";

type GuideCardProps = { guide: Guide; facts?: Record<SetupFact, boolean> };

/** One tutorial: a heading that opens its numbered steps, each with its picture and the page to go to. */
export function GuideCard({ guide, facts }: GuideCardProps) {
  const checkable = guide.steps.filter((step) => step.doneWhen);
  const doneCount = facts ? checkable.filter((step) => facts[step.doneWhen!]).length : 0;
  return (
    <Accordion.Item
      value={guide.id}
      id={guide.id}
      className="scroll-mt-20 overflow-hidden rounded-lg border border-border bg-card shadow-card"
    >
      <Accordion.Header asChild>
        <h2>
          <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 p-5 text-left hover:bg-muted sm:p-6">
            <span className="grid gap-1">
              <span className="text-lg font-semibold">{guide.title}</span>
              <span className="text-sm text-muted-foreground">{guide.summary}</span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" />
                  {guide.minutes} min
                </span>
                <span>{guide.steps.length} steps</span>
                {checkable.length > 0 && facts && (
                  <span className="font-medium text-primary">
                    {doneCount} of {checkable.length} done
                  </span>
                )}
              </span>
            </span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
            />
          </Accordion.Trigger>
        </h2>
      </Accordion.Header>
      <Accordion.Content className="border-t border-border">
        <ol className="divide-y divide-border">
          {guide.steps.map((step, index) => {
            const isDone = step.doneWhen && facts ? facts[step.doneWhen] : undefined;
            const Icon = step.icon;
            return (
              <li key={step.title} className="flex gap-4 p-5 sm:p-6">
                <div
                  aria-hidden="true"
                  className="relative flex size-14 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:size-16"
                >
                  <Icon className="size-7" />
                  <span className="absolute -top-2 -left-2 flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                    {index + 1}
                  </span>
                </div>
                <div className="grid min-w-0 flex-1 gap-1.5">
                  <h3 className="flex items-start gap-2 font-medium">
                    {isDone !== undefined &&
                      (isDone ? (
                        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                      ) : (
                        <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-input" />
                      ))}
                    <span className={cn(isDone && "text-muted-foreground line-through")}>{step.title}</span>
                    {isDone !== undefined && (
                      <span className="sr-only">{isDone ? " (done)" : " (to do)"}</span>
                    )}
                  </h3>
                  <p className="text-sm text-pretty text-muted-foreground">{step.body}</p>
                  {step.link && (
                    <Link
                      to={step.link.to}
                      className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm font-medium text-primary hover:underline"
                    >
                      {step.link.label}
                      <ChevronRight aria-hidden="true" className="size-4" />
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </Accordion.Content>
    </Accordion.Item>
  );
}
