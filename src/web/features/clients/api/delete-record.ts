import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { refreshBookOfBusiness } from "../../events/api/book-of-business.ts";
import { recordQueryKey } from "./get-record.ts";
import { RECORD_KINDS, type RecordKind } from "./record-kinds.ts";

export function deleteRecord(kind: RecordKind) {
  return mutationWithIdempotency((id: string, options) =>
    api.delete<void>(`${RECORD_KINDS[kind].path}/${encodeURIComponent(id)}`, undefined, options),
  );
}

/** Deletes a client or bureau partner; its events stay, unlinked, so they are refreshed too. */
export function useDeleteRecord(kind: RecordKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord(kind),
    onSuccess: (_, id) => refreshBookOfBusiness(queryClient, recordQueryKey(kind, id)),
  });
}
