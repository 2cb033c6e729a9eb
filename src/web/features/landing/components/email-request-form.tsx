import { zodResolver } from "@hookform/resolvers/zod";
import type { UseMutationResult } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { type EmailOnlyInput, emailOnlySchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { showServerFieldErrors } from "../../../lib/form-errors.ts";

type EmailRequestFormProps = {
  request: UseMutationResult<unknown, Error, EmailOnlyInput>;
  submitLabel: string;
};

/** The one-field form of both recovery modes: an e-mail address, sent with `request`. */
export function EmailRequestForm({ request, submitLabel }: EmailRequestFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailOnlyInput>({
    resolver: zodResolver(emailOnlySchema),
    mode: "onBlur",
    defaultValues: { email: "" },
  });

  const submit = handleSubmit((values) =>
    request.mutate(values, { onError: (error) => showServerFieldErrors(error, setError, ["email"]) }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register("email")} />
      </FormField>
      <Button type="submit" size="lg" className="w-full" isLoading={request.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
