import { LegalDocumentView } from "../components/legal-document-view.tsx";
import { termsConditions } from "../content/terms-conditions.ts";

export function TermsConditionsPage() {
  return <LegalDocumentView document={termsConditions} />;
}

export default TermsConditionsPage;
