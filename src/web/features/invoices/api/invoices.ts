import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateEventInvoicesInput,
  CreateInvoiceInput,
  Invoice,
  InvoiceList,
  InvoiceSettings,
  InvoiceSettingsInput,
  PaymentInstructionsInput,
  PaymentsAccount,
  RecordPaymentInput,
  SendInvoiceInput,
  UpdateInvoiceInput,
} from "../../../../shared/schemas/invoices.ts";
import { api } from "../../../lib/api.ts";

const INVOICES = "/api/invoices";
export const invoiceKey = (id: string) => [INVOICES, "detail", id] as const;
const SETTINGS_KEY = ["/api/invoice-settings"] as const;

export type InvoiceFilters = { status?: string; overdue?: string; eventId?: string; clientId?: string };

export function invoiceListOptions(filters: InvoiceFilters) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  params.set("limit", "200");
  return queryOptions({
    queryKey: [INVOICES, "list", filters] as const,
    queryFn: ({ signal }) => api.get<InvoiceList>(`${INVOICES}?${params}`, { signal }),
  });
}

export const useInvoices = (filters: InvoiceFilters) => useQuery(invoiceListOptions(filters));

export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) => api.get<Invoice>(`${INVOICES}/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useInvoiceSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<InvoiceSettings>("/api/invoice-settings", { signal }),
  });
}

export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoiceSettingsInput) => api.put<InvoiceSettings>("/api/invoice-settings", input),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}

/** Owner only, after a fresh check: the API client asks for it in place and retries (lib/reauth.ts). */
export function useSavePaymentInstructions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentInstructionsInput) =>
      api.put<InvoiceSettings>("/api/invoice-settings/payment-instructions", input),
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}

/** Every invoice mutation refreshes the lists, the dashboard (overdue items) and the invoice itself. */
function useInvoiceMutation<Input, Output extends Invoice | undefined>(
  request: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (invoice) => {
      if (invoice) queryClient.setQueryData(invoiceKey(invoice.id), invoice);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [INVOICES] }),
        queryClient.invalidateQueries({ queryKey: ["/api/dashboard"] }),
      ]);
    },
  });
}

const path = (id: string, rest = "") => `${INVOICES}/${encodeURIComponent(id)}${rest}`;

export const useCreateInvoice = () =>
  useInvoiceMutation((input: CreateInvoiceInput) => api.post<Invoice>(INVOICES, input));
export const useUpdateInvoice = () =>
  useInvoiceMutation(({ id, changes }: { id: string; changes: UpdateInvoiceInput }) =>
    api.patch<Invoice>(path(id), changes),
  );
export const useSendInvoice = () =>
  useInvoiceMutation(({ id, input }: { id: string; input: SendInvoiceInput }) =>
    api.post<Invoice>(path(id, "/send"), input),
  );
export const useRemindInvoice = () =>
  useInvoiceMutation((id: string) => api.post<Invoice>(path(id, "/remind")));
export const useRecordPayment = () =>
  useInvoiceMutation(({ id, input }: { id: string; input: RecordPaymentInput }) =>
    api.post<Invoice>(path(id, "/payments"), input),
  );
export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Invoice>(path(id, "/void"), { reason }),
  );
export const useRemovePayment = () =>
  useInvoiceMutation(async ({ id, paymentId }: { id: string; paymentId: string }) => {
    await api.delete(path(id, `/payments/${encodeURIComponent(paymentId)}`));
    return api.get<Invoice>(path(id));
  });
/** A new public link (the previous one stops at once); the invoice is read again to show it. */
export const useReissueInvoiceLink = () =>
  useInvoiceMutation(async (id: string) => {
    await api.post(path(id, "/reissue-link"));
    return api.get<Invoice>(path(id));
  });
export const useDeleteInvoice = () =>
  useInvoiceMutation(async (id: string) => {
    await api.delete(path(id));
    return undefined;
  });

export function useCreateEventInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: CreateEventInvoicesInput }) =>
      api.post<{ invoices: Invoice[] }>(`/api/events/${encodeURIComponent(eventId)}/invoices`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INVOICES] }),
  });
}

/** The card-payment status; `refresh` asks Stripe first (on return from onboarding). */
export function usePaymentsAccount(refresh: boolean) {
  return useQuery({
    queryKey: ["/api/payments-account", refresh] as const,
    queryFn: ({ signal }) =>
      api.get<PaymentsAccount>(`/api/payments-account${refresh ? "?refresh=true" : ""}`, { signal }),
  });
}

/** Starts or resumes Stripe's onboarding: the answer is the Account Link to open. */
export const useConnectCardPayments = () =>
  useMutation({ mutationFn: () => api.post<{ url: string }>("/api/payments-account") });
