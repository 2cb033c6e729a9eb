import { ArrowLeft, Compass } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { CenteredPage } from "../layout/centered-page.tsx";

/** Spec §2: any unknown path, with Go Back and a link to the dashboard. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-8 text-center sm:pt-10">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Compass aria-hidden="true" className="size-7" />
          </span>
          <p className="text-sm font-semibold text-primary">404</p>
          <h1 className="text-2xl font-semibold">Page not found</h1>
          <p className="text-muted-foreground">
            The page you are looking for does not exist or has moved. Check the address, or head back.
          </p>
          <div className="flex w-full flex-col gap-2 pt-2 sm:w-auto sm:flex-row">
            <Button variant="outline" onClick={() => navigate(-1)}>
              <ArrowLeft aria-hidden="true" />
              Go Back
            </Button>
            <Button asChild>
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
