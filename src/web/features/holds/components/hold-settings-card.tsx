import { holdSettingsSchema } from "../../../../shared/schemas/holds.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useSettingsDraft } from "../../../lib/use-settings-draft.ts";
import { useHoldSettings, useSaveHoldSettings } from "../api/holds.ts";

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        onChange={(change) => onChange(change.target.checked)}
      />
      {label}
    </label>
  );
}

/** Account Settings → Calendar: how long a new hold lasts, telling a new first hold, and the inquiry form. */
export function HoldSettingsCard() {
  const query = useHoldSettings();
  const save = useSaveHoldSettings();
  const { draft, setDraft, errors, submit } = useSettingsDraft({
    query,
    save,
    schema: holdSettingsSchema,
    saved: "Hold settings saved",
    failed: "Could not save the hold settings",
  });
  if (!draft) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Holds</CardTitle>
        <CardDescription>
          A new hold takes the next rank on its date. When a hold expires, the daily sweep releases it and the
          holds after it move up.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            label="A new hold expires after (days)"
            error={errors.defaultExpiryDays}
            description="Leave empty for holds that never expire by themselves."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              className="max-w-40"
              value={draft.defaultExpiryDays ?? ""}
              onChange={(change) =>
                setDraft({
                  ...draft,
                  defaultExpiryDays: change.target.value === "" ? null : Number(change.target.value),
                })
              }
            />
          </FormField>
          <Checkbox
            label="E-mail the contact of a hold that becomes first"
            checked={draft.notifyNewFirstHold}
            onChange={(notifyNewFirstHold) => setDraft({ ...draft, notifyNewFirstHold })}
          />
          {draft.notifyNewFirstHold && (
            <FormField
              label="The e-mail"
              error={errors.newFirstHoldTemplate}
              description="{contact}, {event} and {date} are filled in."
            >
              <Textarea
                rows={6}
                value={draft.newFirstHoldTemplate}
                onChange={(change) => setDraft({ ...draft, newFirstHoldTemplate: change.target.value })}
              />
            </FormField>
          )}
          <Checkbox
            label="Show planners on my inquiry form whether a date is free, held or booked (never whose holds)"
            checked={draft.showAvailabilityOnInquiryForm}
            onChange={(showAvailabilityOnInquiryForm) =>
              setDraft({ ...draft, showAvailabilityOnInquiryForm })
            }
          />
          <div>
            <Button type="submit" isLoading={save.isPending}>
              Save hold settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
