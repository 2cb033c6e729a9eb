import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuditEntry,
  Contract,
  ContractTemplate,
  SendContractInput,
} from "../../../../shared/schemas/contracts.ts";
import { api } from "../../../lib/api.ts";

export type SignatureValue = { typedName: string; signatureImage: string | null };
type MergeField = { name: string; description: string; example: string };

const CONTRACTS = "/api/contracts";
const TEMPLATES = "/api/contract-templates";
const path = (id: string, suffix = "") => `${CONTRACTS}/${encodeURIComponent(id)}${suffix}`;

export function useContracts(filters: { status?: string; eventId?: string } = {}) {
  const query = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value) as [string, string][],
  );
  return useQuery({
    queryKey: [CONTRACTS, "list", filters],
    queryFn: ({ signal }) =>
      api.get<{ items: Contract[] }>(`${CONTRACTS}${query.size ? `?${query}` : ""}`, { signal }),
  });
}

export function useContract(id: string) {
  return useQuery({
    queryKey: [CONTRACTS, "detail", id],
    queryFn: ({ signal }) => api.get<Contract>(path(id), { signal }),
  });
}

export function useContractAudit(id: string) {
  return useQuery({
    queryKey: [CONTRACTS, "audit", id],
    queryFn: ({ signal }) => api.get<AuditEntry[]>(path(id, "/audit"), { signal }),
  });
}

/** Every change to a contract refreshes the lists, the contract and its timeline (and the event's status). */
function useContractMutation<Input>(call: (input: Input) => Promise<Contract | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (contract) => {
      if (contract) queryClient.setQueryData([CONTRACTS, "detail", contract.id], contract);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [CONTRACTS] }),
        queryClient.invalidateQueries({ queryKey: ["/api/events"] }),
      ]);
    },
  });
}

export const useCreateDraft = () =>
  useContractMutation(({ eventId, templateId }: { eventId: string; templateId?: string }) =>
    api.post<Contract>(
      `/api/events/${encodeURIComponent(eventId)}/contracts`,
      templateId ? { templateId } : {},
    ),
  );
export const useUpdateDraft = () =>
  useContractMutation(({ id, ...changes }: { id: string; title?: string; body?: string }) =>
    api.patch<Contract>(path(id), changes),
  );
export const useDeleteDraft = () =>
  useContractMutation(async (id: string) => {
    await api.delete(path(id));
    return undefined;
  });
export const useSendContract = () =>
  useContractMutation(({ id, ...input }: SendContractInput & { id: string }) =>
    api.post<Contract>(path(id, "/send"), input),
  );
export const useCountersign = () =>
  useContractMutation(({ id, ...signature }: SignatureValue & { id: string }) =>
    api.post<Contract>(path(id, "/countersign"), signature),
  );
export const useRemind = () => useContractMutation((id: string) => api.post<Contract>(path(id, "/remind")));
export const useVoid = () =>
  useContractMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Contract>(path(id, "/void"), { reason }),
  );

export function useTemplates() {
  return useQuery({
    queryKey: [TEMPLATES],
    queryFn: ({ signal }) => api.get<{ items: ContractTemplate[] }>(TEMPLATES, { signal }),
  });
}

export function useMergeFields() {
  return useQuery({
    queryKey: [TEMPLATES, "fields"],
    queryFn: ({ signal }) => api.get<MergeField[]>(`${TEMPLATES}/fields`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTemplatePreview(body: string, eventId: string) {
  return useQuery({
    queryKey: [TEMPLATES, "preview", body, eventId],
    queryFn: ({ signal }) =>
      api.post<{ text: string; missing: string[]; unknown: string[] }>(
        `${TEMPLATES}/preview`,
        { body, ...(eventId ? { eventId } : {}) },
        { signal },
      ),
    enabled: body.trim().length > 0,
    placeholderData: (previous) => previous,
  });
}

function useTemplateMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES] }),
  });
}

export const useSaveTemplate = () =>
  useTemplateMutation(({ id, name, body }: { id?: string; name: string; body: string }) =>
    id
      ? api.patch<ContractTemplate>(`${TEMPLATES}/${encodeURIComponent(id)}`, { name, body })
      : api.post<ContractTemplate>(TEMPLATES, { name, body }),
  );
export const useDeleteTemplate = () =>
  useTemplateMutation((id: string) => api.delete(`${TEMPLATES}/${encodeURIComponent(id)}`));
