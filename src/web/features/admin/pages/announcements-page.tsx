import { Megaphone } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function AnnouncementsPage() {
  return (
    <PageIntro
      title="Announcements"
      icon={Megaphone}
      description={
        <p>
          Write the notices every signed-in speaker sees — new features, planned maintenance, changes to the
          service — and choose when each one starts and ends.
        </p>
      }
    />
  );
}
