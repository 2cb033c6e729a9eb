import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useContracts, useCreateDraft, useTemplates } from "../api/contracts.ts";
import { ContractList } from "./contract-list.tsx";

/** The event page's Contracts section: its contracts, and a draft from a template filled with the event. */
export function EventContracts({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const contracts = useContracts({ eventId });
  const templates = useTemplates();
  const create = useCreateDraft();
  const [templateId, setTemplateId] = useState("");
  const draft = () =>
    create.mutate(
      { eventId, templateId: templateId || undefined },
      {
        onSuccess: (contract) => contract && navigate(`/contracts/${contract.id}`),
        onError: (error) =>
          toast({
            title: "Could not draft the contract",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Contracts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {contracts.data && contracts.data.items.length > 0 ? (
          <ContractList contracts={contracts.data.items} showEvent={false} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {contracts.isError ? "Could not load this event's contracts." : "No contract for this event yet."}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="contract-template" className="sr-only">
            Template
          </label>
          <Select
            id="contract-template"
            value={templateId}
            onChange={(event) => setTemplateId(event.target.value)}
            className="sm:w-72"
          >
            {(templates.data?.items ?? []).map((template) => (
              <option key={template.id} value={template.isDefault ? "" : template.id}>
                {template.name}
              </option>
            ))}
          </Select>
          <Button onClick={draft} disabled={create.isPending}>
            {create.isPending ? "Drafting…" : "Draft contract"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
