import { QueryView } from "../../../components/ui/query-view.tsx";
import { useSecurity } from "../api/use-security.ts";
import { AuthenticatorCard } from "./authenticator-card.tsx";
import { PasskeysCard } from "./passkeys-card.tsx";

/** Account settings → Security: passkeys, the authenticator app and its recovery codes. */
export function SecurityTab() {
  const security = useSecurity();
  return (
    <QueryView
      query={security}
      errorTitle="Could not load your sign-in security"
      isEmpty={false}
      empty={null}
    >
      {security.data && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <PasskeysCard passkeys={security.data.passkeys} />
          <AuthenticatorCard security={security.data} />
        </div>
      )}
    </QueryView>
  );
}
