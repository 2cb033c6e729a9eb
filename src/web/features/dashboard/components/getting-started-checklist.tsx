import { ChevronRight, Circle, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";

export type ChecklistItem = {
  title: string;
  description: string;
  to: string;
  linkLabel: string;
  isDone: boolean;
};

/** The first steps of a new account, each linking to the page where it is done. */
export function GettingStartedChecklist({ items }: { items: ChecklistItem[] }) {
  const doneCount = items.filter((item) => item.isDone).length;
  const percent = Math.round((doneCount / items.length) * 100);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle>Getting started</CardTitle>
          <span className="text-sm font-medium text-muted-foreground">
            {doneCount} of {items.length} done
          </span>
        </div>
        <CardDescription>Four steps to have your speaking business in one place.</CardDescription>
        <div
          role="progressbar"
          aria-label="Getting started progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="divide-y divide-border rounded-md border border-border">
          {items.map((item) => (
            <li key={item.title} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
              <div className="flex flex-1 gap-3">
                {item.isDone ? (
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-input" />
                )}
                <div className="grid gap-0.5">
                  <p className={cn("font-medium", item.isDone && "text-muted-foreground line-through")}>
                    {item.title}
                    <span className="sr-only">{item.isDone ? " (done)" : " (to do)"}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{item.description}</p>
                </div>
              </div>
              <Link
                to={item.to}
                className="inline-flex items-center gap-1 self-start rounded-sm pl-8 text-sm font-medium text-primary hover:underline sm:self-center sm:pl-0"
              >
                {item.linkLabel}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
