import type { UseFormReturn } from "react-hook-form";
import type { CreateEvent, CreateEventInput } from "../../../../shared/schemas/events.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { RecordCombobox, type RecordLink } from "../../clients/components/record-combobox.tsx";
import type { EventLinks } from "./event-form-values.ts";
import { FormSection } from "./form-section.tsx";

type EventPeopleFieldsProps = {
  form: UseFormReturn<CreateEventInput, unknown, CreateEvent>;
  /** The client and bureau partner the type-aheads start with. */
  links: EventLinks;
};

/** The client (type-ahead, or a new name), the contact person, and the bureau partner with its rep. */
export function EventPeopleFields({ form, links }: EventPeopleFieldsProps) {
  const { register } = form;
  const { errors } = form.formState;

  /** An existing record is linked by id, a new name is sent as a name for the server to create. */
  const setLink =
    (idField: "clientId" | "bureauPartnerId", nameField: "clientName" | "bureauPartnerName") =>
    ({ id, name }: RecordLink) => {
      form.setValue(idField, id, { shouldDirty: true });
      form.setValue(nameField, id ? null : name, {
        shouldDirty: true,
        shouldValidate: Boolean(errors[nameField]),
      });
    };

  return (
    <>
      <FormSection legend="Client and contact">
        <FormField
          label="Client"
          error={errors.clientName?.message ?? errors.clientId?.message}
          description="Pick one of your clients, or type a new name to add it."
          className="sm:col-span-2"
        >
          <RecordCombobox
            kind="client"
            initialName={links.client?.name ?? ""}
            onLinkChange={setLink("clientId", "clientName")}
          />
        </FormField>
        <FormField label="Contact name" error={errors.contactName?.message}>
          <Input autoComplete="off" {...register("contactName")} />
        </FormField>
        <FormField label="Contact email" error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="off" {...register("contactEmail")} />
        </FormField>
        <FormField label="Contact phone" error={errors.contactPhone?.message}>
          <Input type="tel" autoComplete="off" {...register("contactPhone")} />
        </FormField>
      </FormSection>

      {/* The hint sits under the legend, not under one field, so partner and rep line up (issue 12, item 9). */}
      <FormSection legend="Bureau" description="Leave empty when you booked the talk directly.">
        <FormField
          label="Bureau partner"
          error={errors.bureauPartnerName?.message ?? errors.bureauPartnerId?.message}
        >
          <RecordCombobox
            kind="partner"
            initialName={links.bureauPartner?.name ?? ""}
            onLinkChange={(link) => {
              setLink("bureauPartnerId", "bureauPartnerName")(link);
              // The partner's contact is the usual rep: filled in unless a rep is already there.
              if (link.id && link.detail && !form.getValues("bureauRepName")?.trim()) {
                form.setValue("bureauRepName", link.detail, { shouldDirty: true });
              }
            }}
          />
        </FormField>
        <FormField label="Bureau rep" error={errors.bureauRepName?.message}>
          <Input autoComplete="off" {...register("bureauRepName")} />
        </FormField>
      </FormSection>
    </>
  );
}
