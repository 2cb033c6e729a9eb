import { Users } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function ClientsPage() {
  return (
    <PageIntro
      title="Clients"
      icon={Users}
      description={
        <p>
          The organisations and planners who book you, with their contact details, how many events each has
          booked and the fees they brought in.
        </p>
      }
    />
  );
}
