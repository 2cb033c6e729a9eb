import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { describeError } from "./api.ts";
import { fieldErrorsOf } from "./form-errors.ts";
import { toast } from "./toast.ts";

type SettingsDraftOptions<T, Input> = {
  query: UseQueryResult<T>;
  save: UseMutationResult<unknown, Error, Input>;
  schema: z.ZodType<Input>;
  /** The toast titles: "Notifications saved", "Could not save the notifications". */
  saved: string;
  failed: string;
  /** The draft first shown, from what the server holds (defaults to it as it is). */
  startFrom?: (loaded: T) => T;
};

/**
 * A settings card's editable copy: taken once from the server, checked by the card's schema on submit
 * (each field's first message in `errors`), then saved with a toast either way.
 */
export function useSettingsDraft<T, Input>({
  query,
  save,
  schema,
  saved,
  failed,
  startFrom,
}: SettingsDraftOptions<T, Input>) {
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data && !draft) setDraft(startFrom ? startFrom(query.data) : query.data);
  }, [query.data, draft, startFrom]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: saved }),
      onError: (error) =>
        toast({
          title: failed,
          description: describeError(error, "Please try again."),
          variant: "destructive",
        }),
    });
  };
  return { draft, setDraft, errors, submit };
}
