import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./ui/button.tsx";
import { Card, CardContent } from "./ui/card.tsx";
import { PageHeader } from "./ui/page-header.tsx";

type PageIntroProps = { title: string; icon: LucideIcon; description: ReactNode; children?: ReactNode };

/** A signed-in page's title and what the page is for, with the way back to the dashboard. */
export function PageIntro({ title, icon: Icon, description, children }: PageIntroProps) {
  return (
    <div className="grid gap-6">
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-start sm:pt-6">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-4">
            <div className="grid gap-2 text-muted-foreground">{description}</div>
            {children}
            <div>
              <Button asChild variant="outline" size="sm">
                <Link to="/">
                  <ArrowLeft aria-hidden="true" />
                  Back to Dashboard
                </Link>
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
