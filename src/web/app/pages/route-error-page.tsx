import { TriangleAlert } from "lucide-react";
import { useRouteError } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { CenteredPage } from "../layout/centered-page.tsx";

/** Shown when a page fails to load or render, e.g. an old tab asking for files a new release removed. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error("Page failed", error);
  return (
    <CenteredPage>
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-8 text-center sm:pt-10">
          <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold">This page could not be shown</h1>
          <p className="text-muted-foreground">
            Something went wrong while loading it. Reloading usually fixes this; your data is safe.
          </p>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
