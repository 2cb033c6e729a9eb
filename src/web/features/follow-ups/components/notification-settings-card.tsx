import {
  type NotificationSettings,
  notificationSettingsSchema,
} from "../../../../shared/schemas/follow-ups.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useSettingsDraft } from "../../../lib/use-settings-draft.ts";
import { useNotificationSettings, useSaveNotificationSettings } from "../api/follow-ups.ts";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) =>
  new Date(Date.UTC(2000, 0, 1, hour)).toLocaleTimeString("en-US", { timeZone: "UTC", hour: "numeric" });

/** Until the speaker saves, suggest the browser's own zone rather than UTC. */
function suggestBrowserZone(loaded: NotificationSettings): NotificationSettings {
  const isUnsaved = loaded.digest === "off" && loaded.timeZone === "UTC";
  return isUnsaved ? { ...loaded, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } : loaded;
}

/** Account Settings → Follow-ups: the digest e-mail (off, daily or weekly), its hour and time zone. */
export function NotificationSettingsCard() {
  const query = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { draft, setDraft, errors, submit } = useSettingsDraft({
    query,
    save,
    schema: notificationSettingsSchema,
    saved: "Notifications saved",
    failed: "Could not save the notifications",
    startFrom: suggestBrowserZone,
  });
  if (!draft) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Digest e-mail</CardTitle>
        <CardDescription>
          Overdue and upcoming tasks and the week's events, in one e-mail. Nothing is sent on a day with
          nothing to say. The weekly digest comes on Mondays.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-start">
          <FormField label="Digest" error={errors.digest}>
            <Select
              value={draft.digest}
              onChange={(event) =>
                setDraft({ ...draft, digest: event.target.value as NotificationSettings["digest"] })
              }
            >
              <option value="off">Off</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </Select>
          </FormField>
          <FormField label="At" error={errors.digestHour}>
            <Select
              value={String(draft.digestHour)}
              onChange={(event) => setDraft({ ...draft, digestHour: Number(event.target.value) })}
            >
              {HOURS.map((hour) => (
                <option key={hour} value={hour}>
                  {hourLabel(hour)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Time zone" error={errors.timeZone}>
            <Input
              value={draft.timeZone}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
              placeholder="America/Chicago"
              autoComplete="off"
            />
          </FormField>
          <div className="sm:col-span-3">
            <Button type="submit" isLoading={save.isPending}>
              Save notifications
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
