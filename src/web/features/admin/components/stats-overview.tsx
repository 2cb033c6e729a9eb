import { RotateCcw } from "lucide-react";
import type { AdminStats } from "../../../../shared/schemas/admin.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { useRetryFailedMail } from "../api/admin.ts";
import { formatBytes } from "./format.ts";

const USER_FIGURES: { key: keyof AdminStats["users"]; label: string }[] = [
  { key: "total", label: "Accounts" },
  { key: "verified", label: "Verified e-mail" },
  { key: "trialing", label: "In their trial" },
  { key: "active", label: "Subscribed" },
  { key: "lapsed", label: "Lapsed" },
  { key: "admins", label: "Administrators" },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    // One <div> between <dl> and its <dt>/<dd> is all HTML allows, so the card is that div.
    <Card className="grid gap-1 p-5 sm:p-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums sm:text-3xl">{value}</dd>
    </Card>
  );
}

/** Signups per week as bars, with the numbers in a table for screen readers. */
function SignupsChart({ weeks }: { weeks: AdminStats["signupsByWeek"] }) {
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const label = (weekStart: string) =>
    new Date(`${weekStart}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signups per week</CardTitle>
        <CardDescription>The last 12 weeks, weeks starting on Monday.</CardDescription>
      </CardHeader>
      <CardContent>
        <div aria-hidden="true" className="flex h-40 items-end gap-1 sm:gap-2">
          {weeks.map((week) => (
            <div
              key={week.weekStart}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
            >
              <span className="text-xs tabular-nums text-muted-foreground">{week.count}</span>
              <div
                className="w-full rounded-t bg-primary"
                style={{ height: `${(week.count / max) * 100}%`, minHeight: week.count ? 4 : 1 }}
              />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
          {weeks.map((week, index) => (
            <span
              key={week.weekStart}
              className="min-w-0 flex-1 truncate text-center text-[10px] text-muted-foreground"
            >
              {index % 3 === 0 ? label(week.weekStart) : ""}
            </span>
          ))}
        </div>
        <table className="sr-only">
          <caption>Signups per week</caption>
          <thead>
            <tr>
              <th>Week of</th>
              <th>Signups</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{label(week.weekStart)}</td>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

/** The dashboard's figures: accounts, signups, revenue, events, the e-mail outbox and storage. */
export function StatsOverview({ stats }: { stats: AdminStats }) {
  const retry = useRetryFailedMail();
  const number = (value: number) => value.toLocaleString("en-US");
  return (
    <div className="grid gap-6">
      <dl aria-label="Accounts" className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6">
        {USER_FIGURES.map(({ key, label }) => (
          <Figure key={key} label={label} value={number(stats.users[key])} />
        ))}
      </dl>
      <div className="grid gap-2">
        <dl
          aria-label="Speakers and their teams"
          className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-6"
        >
          <Figure label="Speakers" value={number(Math.max(0, stats.users.total - stats.users.members))} />
          <Figure label="Team members" value={number(stats.users.members)} />
        </dl>
        <p className="text-sm text-muted-foreground">
          A team member is a login on another speaker's team (an assistant, a bookkeeper or a viewer); the
          other accounts are speakers. Members are free and are counted in the accounts above.
        </p>
      </div>
      <SignupsChart weeks={stats.signupsByWeek} />
      <dl aria-label="Service" className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-5">
        <Figure label="Monthly recurring revenue" value={formatDollars(stats.mrr)} />
        <Figure label="Events stored" value={number(stats.events)} />
        <Figure label="Database size" value={formatBytes(stats.storage.databaseBytes)} />
        <Figure label="Uploaded files" value={formatBytes(stats.storage.fileBytes)} />
        <Figure label="Disabled accounts" value={number(stats.users.disabled)} />
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>E-mail outbox</CardTitle>
          <CardDescription>
            {number(stats.mail.queued)} queued · {number(stats.mail.failed)} failed after every retry
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            disabled={stats.mail.failed === 0}
            isLoading={retry.isPending}
            onClick={() =>
              retry.mutate(undefined, {
                onSuccess: ({ requeued }) =>
                  toast({
                    title: "E-mails queued again",
                    description: `${requeued} failed e-mails will be sent again.`,
                  }),
                onError: (error) =>
                  toast({
                    title: "Error",
                    description: describeError(error, "Could not retry"),
                    variant: "destructive",
                  }),
              })
            }
          >
            <RotateCcw aria-hidden="true" />
            Retry failed
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
