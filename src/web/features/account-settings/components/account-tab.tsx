import type { User } from "../../../../shared/schemas/auth.ts";
import { AccountDetailsCard } from "./account-details-card.tsx";
import { ChangeEmailCard } from "./change-email-card.tsx";
import { ChangePasswordCard } from "./change-password-card.tsx";

/** Account: who is signed in, and changing the sign-in e-mail and password. */
export function AccountTab({ user }: { user: User }) {
  return (
    <div className="grid gap-6">
      <AccountDetailsCard user={user} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ChangeEmailCard user={user} />
        <ChangePasswordCard />
      </div>
    </div>
  );
}
