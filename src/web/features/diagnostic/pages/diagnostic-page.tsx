import { Stethoscope } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function DiagnosticPage() {
  return (
    <PageIntro
      title="Diagnostics"
      icon={Stethoscope}
      description={
        <p>
          Technical details about your session and this Podium installation, for when you contact support
          about a problem.
        </p>
      }
    />
  );
}
