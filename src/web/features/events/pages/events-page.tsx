import { CalendarDays } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function EventsPage() {
  return (
    <PageIntro
      title="Events"
      icon={CalendarDays}
      description={
        <p>
          Every speaking engagement in one list — inquiries, holds, confirmed and completed events — with
          dates, venues, fees and status, so you always know what is booked and what needs a follow-up.
        </p>
      }
    />
  );
}
