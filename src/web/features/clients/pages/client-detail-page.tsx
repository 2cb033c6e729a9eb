import { Users } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function ClientDetailPage() {
  return (
    <PageIntro
      title="Client details"
      icon={Users}
      description={<p>One client's contact details and notes, with every event they have booked with you.</p>}
    />
  );
}
