import { useId } from "react";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useUser } from "../../auth/api/current-user.ts";
import { useSwitchWorkspace, useWorkspaces } from "../api/team.ts";

/** The header's choice of whose book to work in; shown only to a login that works for more than one speaker. */
export function WorkspaceSwitcher() {
  const { data: user } = useUser();
  const { data: workspaces } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const id = useId();
  if (!user || !("workspace" in user) || !workspaces || workspaces.length < 2) return null;

  const choose = (speakerId: string) =>
    switchTo.mutate(speakerId, {
      onError: (error) =>
        toast({
          title: "Could not switch",
          description: describeError(error, "Try again"),
          variant: "destructive",
        }),
    });

  return (
    <div className="flex shrink-0 items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Working for
      </label>
      <select
        id={id}
        value={user.workspace.speakerId}
        disabled={switchTo.isPending}
        onChange={(event) => choose(event.target.value)}
        className="h-9 w-28 truncate rounded-md border border-input bg-background px-2 text-sm sm:w-auto sm:max-w-[14rem]"
      >
        {workspaces.map((workspace) => (
          <option key={workspace.speakerId} value={workspace.speakerId}>
            {workspace.role === "owner"
              ? `${workspace.name} (my own)`
              : `${workspace.name} · ${workspace.role}`}
          </option>
        ))}
      </select>
    </div>
  );
}
