import { CircleHelp } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function FaqPage() {
  return (
    <PageIntro
      title="FAQ"
      icon={CircleHelp}
      description={
        <p>
          Answers to the questions speakers ask most about Podium: your data, importing and exporting, billing
          and your account.
        </p>
      }
    />
  );
}
