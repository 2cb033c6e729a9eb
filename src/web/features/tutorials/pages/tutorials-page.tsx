import { GraduationCap } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function TutorialsPage() {
  return (
    <PageIntro
      title="Tutorials"
      icon={GraduationCap}
      description={
        <p>
          Short step-by-step guides to get the most out of Podium, starting with the essential setup: your
          profile, your first events and importing your existing spreadsheet.
        </p>
      }
    />
  );
}
