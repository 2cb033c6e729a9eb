import { useEffect, useId, useState } from "react";
import type { TeamSettings } from "../../../../shared/schemas/team.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useSaveTeamSettings, useTeamSettings } from "../api/team.ts";

const selectClasses = "h-9 rounded-md border border-input bg-background px-2 text-sm";

/** The owner's team settings (PUT /api/team/settings, which needs a fresh check like every team change). */
export function TeamSettingsCard() {
  const settings = useTeamSettings();
  const save = useSaveTeamSettings();
  const [draft, setDraft] = useState<TeamSettings | null>(null);
  const replyId = useId();
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);
  if (!draft) return null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => toast({ title: "Team settings saved" }),
      onError: (error) =>
        toast({
          title: "Could not save the team settings",
          description: describeError(error, "Try again"),
          variant: "destructive",
        }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team settings</CardTitle>
        <CardDescription>How your team signs in, and where replies to their e-mails go.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={draft.requireSecondFactor}
              onChange={(e) => setDraft({ ...draft, requireSecondFactor: e.target.checked })}
            />
            <span>
              <span className="font-medium">Require a second factor</span>
              <span className="block text-muted-foreground">
                Members without a passkey or an authenticator app are asked to set one up before they can open
                anything of yours.
              </span>
            </span>
          </label>
          <div className="grid gap-1.5 text-sm">
            <label htmlFor={replyId} className="font-medium">
              Replies to e-mails a member sends go to
            </label>
            <select
              id={replyId}
              className={`${selectClasses} justify-self-start`}
              value={draft.replyTo}
              onChange={(e) => setDraft({ ...draft, replyTo: e.target.value as TeamSettings["replyTo"] })}
            >
              <option value="speaker">you</option>
              <option value="member">the member</option>
            </select>
          </div>
          <Button type="submit" className="justify-self-start" isLoading={save.isPending}>
            Save team settings
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
