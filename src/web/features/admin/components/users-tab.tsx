import { Search } from "lucide-react";
import { useId, useState } from "react";
import type { AdminUser } from "../../../../shared/schemas/admin.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatInstant } from "../../../lib/format.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useAdminUsers } from "../api/admin.ts";
import { LoadMore } from "./load-more.tsx";
import { UserActionsDialog } from "./user-actions-dialog.tsx";

/** Find an account by username or e-mail and act on it. */
export function UsersTab() {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const q = useDebouncedValue(query.trim(), 300);
  const users = useAdminUsers(q);
  // The account as it was clicked, refreshed from the list while the list still holds it: a search
  // answered after the click must neither close its dialog nor open it a second time.
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const selected = chosen && (items.find((user) => user.id === chosen.id) ?? chosen);
  return (
    <div className="grid gap-4">
      <div className="relative max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search users by username or e-mail
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by username or e-mail"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="pl-9"
        />
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" className="size-6 text-primary" />
      ) : users.isError ? (
        <p role="alert" className="text-destructive">
          The users could not be loaded: {users.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-muted-foreground">No account matches "{q}".</p>
      ) : (
        <Card>
          <CardContent className="p-0">
            <ul aria-label="Users" className="divide-y divide-border">
              {items.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => setChosen(user)}
                    className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-muted sm:flex-row sm:items-center sm:justify-between"
                  >
                    <span className="grid min-w-0 gap-0.5">
                      <span className="font-medium [overflow-wrap:anywhere]">{user.username}</span>
                      <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                        {user.email}
                      </span>
                    </span>
                    <span className="flex flex-wrap items-center gap-1.5">
                      {user.role === "admin" && <Badge variant="primary">Admin</Badge>}
                      {user.disabled && <Badge variant="destructive">Disabled</Badge>}
                      {!user.emailVerified && <Badge variant="warning">Unverified</Badge>}
                      {user.factors.totp && <Badge variant="success">Authenticator app</Badge>}
                      {user.factors.passkeys > 0 && (
                        <Badge variant="success">
                          {user.factors.passkeys} passkey{user.factors.passkeys === 1 ? "" : "s"}
                        </Badge>
                      )}
                      <span className="text-xs text-muted-foreground">
                        Joined {formatInstant(user.createdAt)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <LoadMore pages={users} />
      <UserActionsDialog user={selected} onOpenChange={(open) => !open && setChosen(null)} />
    </div>
  );
}
