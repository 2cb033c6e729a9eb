import { Settings } from "lucide-react";
import { PageIntro } from "../../../components/page-intro.tsx";

export default function AccountSettingsPage() {
  return (
    <PageIntro
      title="Account Settings"
      icon={Settings}
      description={
        <p>
          Manage your sign-in e-mail and password, import or export your data as an Excel workbook in Data
          Management, and delete your account and everything in it.
        </p>
      }
    />
  );
}
