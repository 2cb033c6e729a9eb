import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import { mutationWithIdempotency } from "../../../lib/idempotent-mutation.ts";
import { refreshBookOfBusiness } from "../../events/api/book-of-business.ts";
import { RECORD_KINDS, type RecordKind, type RecordTypes } from "./record-kinds.ts";

export function createRecord<K extends RecordKind>(kind: K) {
  return mutationWithIdempotency((input: RecordTypes[K]["create"], options) =>
    api.post<RecordTypes[K]["item"]>(RECORD_KINDS[kind].path, input, options),
  );
}

export function updateRecord<K extends RecordKind>(kind: K) {
  return mutationWithIdempotency(
    ({ id, changes }: { id: string; changes: RecordTypes[K]["update"] }, options) =>
      api.patch<RecordTypes[K]["item"]>(
        `${RECORD_KINDS[kind].path}/${encodeURIComponent(id)}`,
        changes,
        options,
      ),
  );
}

export function useCreateRecord<K extends RecordKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRecord(kind), onSuccess: () => refreshBookOfBusiness(queryClient) });
}

export function useUpdateRecord<K extends RecordKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRecord(kind), onSuccess: () => refreshBookOfBusiness(queryClient) });
}
