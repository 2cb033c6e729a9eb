import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useCountersignSettings, useSaveCountersignSettings } from "../api/countersign-settings.ts";
import { type SignatureDraft, SignatureInput } from "./signature-input.tsx";

/**
 * "Countersign automatically": the speaker's saved signature (drawn or typed) and the switch that lets it sign
 * each agreement the moment the planner signs, so the planner gets the sealed PDF at once.
 */
export function CountersignSettingsCard() {
  const settings = useCountersignSettings();
  const save = useSaveCountersignSettings();
  const [draft, setDraft] = useState<SignatureDraft | null>(null);
  const [isAuto, setIsAuto] = useState<boolean | null>(null);
  const saved = settings.data;
  const auto = isAuto ?? saved?.autoCountersign ?? false;
  // A name typed here replaces the saved signature (drawn, or the name drawn for you); else the saved one stays.
  const signature = draft?.typedName.trim()
    ? { typedName: draft.typedName.trim(), signatureImage: draft.signatureImage }
    : (saved?.signature ?? null);

  const submit = (submitted: React.FormEvent) => {
    submitted.preventDefault();
    save.mutate(
      { autoCountersign: auto, signature },
      {
        onSuccess: () => {
          setIsAuto(null);
          toast({ title: "Countersigning saved" });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Countersign automatically</CardTitle>
        <CardDescription>
          {saved?.signature
            ? `Your saved signature: ${saved.signature.typedName}${saved.signature.signatureImage ? " (drawn)" : ""}.`
            : "Save your signature once; it can then countersign each agreement as soon as the planner signs."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <SignatureInput idPrefix="saved-signature" onChange={setDraft} />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={auto}
              onChange={(e) => setIsAuto(e.target.checked)}
            />
            <span>
              Countersign automatically with my saved signature when the planner signs; the planner gets the
              countersigned PDF at once.
            </span>
          </label>
          {save.isError && (
            <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
              {describeError(save.error, "Could not save. Please try again.")}
            </p>
          )}
          <Button type="submit" className="justify-self-start" isLoading={save.isPending}>
            Save countersigning
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
