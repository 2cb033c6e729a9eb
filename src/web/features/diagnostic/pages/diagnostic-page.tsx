import { ClipboardCopy, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { clearErrorLog, readErrorLog } from "../../../lib/error-log.ts";
import { toast } from "../../../lib/toast.ts";
import { useDiagnostic } from "../api/use-diagnostic.ts";
import { areCookiesWorking, describeBrowser, isLocalStorageWorking } from "../components/browser-facts.ts";
import { buildReportRows, type ClientFacts, formatReport } from "../components/build-report.ts";

function readClientFacts(): ClientFacts {
  return {
    ...describeBrowser(navigator.userAgent),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    cookies: areCookiesWorking(),
    localStorage: isLocalStorageWorking(),
  };
}

/** /diagnostic: everything support asks for in one place, and one button to copy it into a message. */
export default function DiagnosticPage() {
  const diagnostic = useDiagnostic();
  const [errors, setErrors] = useState(readErrorLog);
  const [client] = useState(readClientFacts);

  if (diagnostic.isPending) return <LoadingScreen className="min-h-64" />;
  if (diagnostic.isError) {
    return (
      <ErrorState
        title="Could not reach the server"
        error={diagnostic.error}
        onRetry={() => diagnostic.refetch()}
      />
    );
  }
  const rows = buildReportRows(client, diagnostic.data);

  async function copyReport() {
    try {
      await navigator.clipboard.writeText(formatReport(rows, errors, new Date()));
      toast({ title: "Report copied", description: "Paste it into your message to support." });
    } catch {
      toast({
        title: "Could not copy",
        description:
          "Your browser refused the clipboard. Select the facts on this page and copy them instead.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Diagnostic"
        description="What support asks for when something does not work, in one place. Copy the report and paste it into your message."
        actions={
          <>
            <Button variant="outline" onClick={() => diagnostic.refetch()} isLoading={diagnostic.isFetching}>
              <RefreshCw aria-hidden="true" />
              Run again
            </Button>
            <Button onClick={copyReport}>
              <ClipboardCopy aria-hidden="true" />
              Copy report
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>This device and your session</CardTitle>
        </CardHeader>
        <CardContent>
          <dl
            aria-label="Diagnostic facts"
            className="divide-y divide-border rounded-md border border-border"
          >
            {rows.map((row) => (
              <div key={row.label} className="grid gap-1 px-4 py-2.5 sm:grid-cols-[14rem_1fr] sm:gap-4">
                <dt className="text-sm text-muted-foreground">{row.label}</dt>
                <dd className="font-mono text-sm [overflow-wrap:anywhere]">{row.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>Recent errors</CardTitle>
            <Button
              variant="outline"
              size="sm"
              disabled={errors.length === 0}
              onClick={() => {
                clearErrorLog();
                setErrors([]);
              }}
            >
              <Trash2 aria-hidden="true" />
              Clear
            </Button>
          </div>
          <CardDescription>
            The last 50 errors this browser met while running Podium, newest last. They stay on this device
            until you clear them.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {errors.length === 0 ? (
            <p className="text-sm text-muted-foreground">No errors recorded.</p>
          ) : (
            <ol aria-label="Recent errors" className="grid gap-2">
              {errors.map((error) => (
                <li
                  key={`${error.at} ${error.message}`}
                  className="grid gap-0.5 rounded-md border border-border px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]"
                >
                  <span className="text-muted-foreground">{error.at}</span>
                  <span>{error.message}</span>
                  {error.source && <span className="text-muted-foreground">{error.source}</span>}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
