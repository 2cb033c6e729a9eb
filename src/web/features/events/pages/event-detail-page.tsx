import { CalendarDays } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function EventDetailPage() {
  return (
    <PageIntro
      title="Event details"
      icon={CalendarDays}
      description={
        <p>
          All the details of one event on a single page: date and time, venue and address, fees and travel,
          the client and bureau behind it, contacts and notes.
        </p>
      }
    />
  );
}
