import { CalendarPlus, FileSpreadsheet, Mic } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { useCan } from "../../auth/api/current-user.ts";

/** The dashboard of a speaker with no events yet: the two ways to fill it. */
export function FirstSteps() {
  const canChange = useCan("book");
  return (
    <EmptyState
      icon={Mic}
      title="Your speaking business, in one place"
      description="Start with one booking, or bring in the spreadsheet you already keep. Your action items, upcoming talks and progress toward your goal appear here as soon as you do."
      action={
        canChange && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/events?new=1">
                <CalendarPlus aria-hidden="true" />
                Add your first event
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/account-settings?tab=data">
                <FileSpreadsheet aria-hidden="true" />
                Import your spreadsheet
              </Link>
            </Button>
          </div>
        )
      }
    />
  );
}
