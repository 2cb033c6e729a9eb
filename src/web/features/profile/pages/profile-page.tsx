import { UserRound } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function ProfilePage() {
  return (
    <PageIntro
      title="Profile"
      icon={UserRound}
      description={
        <p>
          Your speaker profile: name, title, business details, contact information, bio and your income goal
          for the year. Your name and title appear in the sidebar and on the materials you share.
        </p>
      }
    />
  );
}
