import { LegalDocumentView } from "../components/legal-document-view.tsx";
import { privacyPolicy } from "../content/privacy-policy.ts";

export function PrivacyPolicyPage() {
  return <LegalDocumentView document={privacyPolicy} />;
}

export default PrivacyPolicyPage;
