import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { createBureauPartnerSchema } from "../../../../shared/schemas/bureau-partners.ts";
import { createClientSchema } from "../../../../shared/schemas/clients.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { type AnyRecord, RECORD_KINDS, type RecordKind, type RecordTypes } from "../api/record-kinds.ts";
import { useCreateRecord, useUpdateRecord } from "../api/save-record.ts";

/** The text fields of a client (company) and of a bureau partner (contactName) as the form holds them. */
type RecordFormValues = {
  name: string;
  company?: string;
  contactName?: string;
  email: string;
  phone: string;
  website: string;
  notes: string;
  /** A bureau partner's commission in percent, as typed (the input gives the schema a number or null). */
  commissionRate?: string;
};
type FieldName = Exclude<keyof RecordFormValues, "commissionRate">;

const FIELDS: Record<RecordKind, { name: FieldName; label: string; type?: string; autoComplete?: string }[]> =
  {
    client: [
      { name: "name", label: "Client name" },
      { name: "company", label: "Company", autoComplete: "organization" },
      { name: "email", label: "Email", type: "email" },
      { name: "phone", label: "Phone", type: "tel" },
      { name: "website", label: "Website", type: "url" },
    ],
    partner: [
      { name: "name", label: "Bureau name" },
      { name: "contactName", label: "Contact name" },
      { name: "email", label: "Email", type: "email" },
      { name: "phone", label: "Phone", type: "tel" },
      { name: "website", label: "Website", type: "url" },
    ],
  };

// Both shared schemas validate the fields this form shows for their kind; the form's values are their input.
const RESOLVERS = {
  client: zodResolver(createClientSchema),
  partner: zodResolver(createBureauPartnerSchema),
} as unknown as Record<RecordKind, Resolver<RecordFormValues, unknown, RecordTypes[RecordKind]["create"]>>;

function toFormValues(kind: RecordKind, record?: AnyRecord): RecordFormValues {
  const values: RecordFormValues = { name: "", email: "", phone: "", website: "", notes: "" };
  for (const { name } of FIELDS[kind])
    values[name] = (record?.[name as keyof AnyRecord] as string | null) ?? "";
  values.notes = record?.notes ?? "";
  if (kind === "partner") {
    const rate = record && "commissionRate" in record ? record.commissionRate : null;
    values.commissionRate = rate === null ? "" : String(rate);
  }
  return values;
}

type RecordFormDialogProps = {
  kind: RecordKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; without it the dialog adds a new one. */
  record?: AnyRecord;
};

/** Adds or edits a client or bureau partner, validated on blur with the shared schema. */
export function RecordFormDialog({ kind, open, onOpenChange, record }: RecordFormDialogProps) {
  const info = RECORD_KINDS[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{record ? `Edit ${info.noun}` : `New ${info.noun}`}</DialogTitle>
          <DialogDescription>
            {record ? "Change any detail and save." : "Only the name is required."}
          </DialogDescription>
        </DialogHeader>
        <RecordForm kind={kind} record={record} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RecordForm({ kind, record, onDone }: { kind: RecordKind; record?: AnyRecord; onDone: () => void }) {
  const info = RECORD_KINDS[kind];
  const create = useCreateRecord(kind);
  const update = useUpdateRecord(kind);
  const form = useForm<RecordFormValues, unknown, RecordTypes[RecordKind]["create"]>({
    resolver: RESOLVERS[kind],
    mode: "onBlur",
    defaultValues: toFormValues(kind, record),
  });
  const { errors } = form.formState;
  const fieldNames = [
    ...FIELDS[kind].map((field) => field.name),
    "notes" as const,
    ...(kind === "partner" ? (["commissionRate"] as const) : []),
  ];

  const submit = form.handleSubmit((values) => {
    const onSuccess = (saved: AnyRecord) => {
      toast({
        title: record ? `${info.title} updated` : `${info.title} added`,
        description: record
          ? `Your changes to ${saved.name} are saved.`
          : `${saved.name} is now in your ${info.nounPlural}.`,
      });
      onDone();
    };
    const onError = (error: Error) => {
      if (showServerFieldErrors(error, form.setError, fieldNames)) return;
      toast({
        title: `Could not save the ${info.noun}`,
        description: describeError(error, "Please try again."),
        variant: "destructive",
      });
    };
    if (record) update.mutate({ id: record.id, changes: values }, { onSuccess, onError });
    else create.mutate(values, { onSuccess, onError });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {FIELDS[kind].map(({ name, label, type, autoComplete }) => (
        <FormField key={name} label={label} error={errors[name]?.message}>
          <Input type={type} autoComplete={autoComplete ?? "off"} {...form.register(name)} />
        </FormField>
      ))}
      {kind === "partner" && (
        <FormField
          label="Commission rate (%)"
          description="The bureau's share of the speaking fee, e.g. 25. Events booked through it show the commission and your net fee."
          error={errors.commissionRate?.message}
        >
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...form.register("commissionRate", {
              setValueAs: (value: string) =>
                value.trim() === "" ? null : Number(value.trim().replace(/%$/, "").trim()),
            })}
          />
        </FormField>
      )}
      <FormField label="Notes" error={errors.notes?.message}>
        <Textarea rows={3} {...form.register("notes")} />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {record ? "Save changes" : `Add ${info.noun}`}
        </Button>
      </DialogFooter>
    </form>
  );
}
