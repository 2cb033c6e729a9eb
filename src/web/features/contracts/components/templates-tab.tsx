import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useEventList } from "../../events/api/list-events.ts";
import {
  useDeleteTemplate,
  useMergeFields,
  useSaveTemplate,
  useTemplatePreview,
  useTemplates,
} from "../api/contracts.ts";
import { AgreementText } from "./agreement-text.tsx";
import { CountersignSettingsCard } from "./countersign-settings-card.tsx";

/** The body after `delay` ms without a change, so the preview is not asked on every key. */
function useSettled(value: string, delay = 400) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Account Settings → Contract templates: the editor, a field picker and a live preview with an event's data. */
export function TemplatesTab() {
  const templates = useTemplates();
  const fields = useMergeFields();
  const events = useEventList({ sort: "-date" });
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [selectedId, setSelectedId] = useState<string | "new" | null>(null);
  const [name, setName] = useState("");
  const [body, setBody] = useState("");
  const [eventId, setEventId] = useState("");
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const items = templates.data?.items ?? [];
  const current =
    items.find((template) => template.id === selectedId) ?? (selectedId === "new" ? null : items[0]);

  useEffect(() => {
    if (selectedId === "new") return;
    if (current) {
      setName(current.name);
      setBody(current.body);
    }
  }, [current, selectedId]);

  const preview = useTemplatePreview(useSettled(body), eventId);
  const eventOptions = (events.data?.pages ?? []).flatMap((page) => page.items);

  const insertField = (field: string) => {
    const area = bodyRef.current;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + field + body.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + field.length, start + field.length);
    });
  };
  const submit = () =>
    save.mutate(
      { id: current?.id, name, body },
      {
        onSuccess: (saved) => {
          setSelectedId(saved.id);
          toast({ title: "Template saved" });
        },
        onError: (error) =>
          toast({
            title: "Could not save the template",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  const deleteCurrent = () =>
    current &&
    remove.mutate(current.id, {
      onSuccess: () => {
        setSelectedId(null);
        toast({ title: "Template deleted" });
      },
      onError: (error) =>
        toast({
          title: "Could not delete the template",
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Contract templates</CardTitle>
          <CardDescription>
            Agreements written with merge fields such as {"{{event.title}}"}; a draft from an event fills them
            in.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField label="Template" className="sm:w-80">
            <Select
              value={selectedId === "new" ? "new" : (current?.id ?? "")}
              onChange={(event) => setSelectedId(event.target.value)}
            >
              {items.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
              <option value="new">New template…</option>
            </Select>
          </FormField>
          <Button
            variant="outline"
            onClick={() => {
              setSelectedId("new");
              setName("");
              setBody(current?.body ?? "");
            }}
          >
            New from this one
          </Button>
        </CardContent>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{selectedId === "new" ? "New template" : "Edit"}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Name">
              <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={200} />
            </FormField>
            <FormField
              label="Insert a merge field"
              description="Puts the field where the cursor is in the text below."
            >
              <Select value="" onChange={(event) => event.target.value && insertField(event.target.value)}>
                <option value="">Choose a field…</option>
                {(fields.data ?? []).map((field) => (
                  <option key={field.name} value={field.name}>
                    {field.name} — {field.description}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Agreement (Markdown)">
              <Textarea
                ref={bodyRef}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                rows={22}
                className="font-mono text-xs"
              />
            </FormField>
            {preview.data && preview.data.unknown.length > 0 && (
              <p role="alert" className="text-sm text-destructive">
                Unknown merge field: {preview.data.unknown.map((field) => `{{${field}}}`).join(", ")}
              </p>
            )}
            <div className="flex justify-between gap-2">
              {current && !current.isDefault && selectedId !== "new" ? (
                <Button variant="outline" onClick={deleteCurrent} disabled={remove.isPending}>
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <Button onClick={submit} disabled={save.isPending || !name.trim() || !body.trim()}>
                {save.isPending ? "Saving…" : "Save template"}
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Live preview</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="With the details of">
              <Select value={eventId} onChange={(event) => setEventId(event.target.value)}>
                <option value="">No event (your details only)</option>
                {eventOptions.map((event) => (
                  <option key={event.id} value={event.id}>
                    {event.title} ({event.date})
                  </option>
                ))}
              </Select>
            </FormField>
            {preview.data && preview.data.missing.length > 0 && (
              <p className="rounded-md bg-warning-soft p-3 text-sm text-warning">
                No value yet for: {preview.data.missing.join(", ")} — shown as a blank line.
              </p>
            )}
            {preview.data && <AgreementText body={preview.data.text} />}
          </CardContent>
        </Card>
      </div>
      <CountersignSettingsCard />
    </div>
  );
}
