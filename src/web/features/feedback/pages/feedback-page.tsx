import { MessageSquareText } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function FeedbackPage() {
  return (
    <PageIntro
      title="Feedback"
      icon={MessageSquareText}
      description={
        <p>
          Tell us what works, what does not and what you would like next. Podium is built for speakers, by
          speakers, and your feedback decides what we build.
        </p>
      }
    />
  );
}
