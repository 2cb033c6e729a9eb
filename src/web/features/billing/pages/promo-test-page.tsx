import { zodResolver } from "@hookform/resolvers/zod";
import { Gift } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { promoCodeSchema } from "../../../../shared/schemas/billing.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { describeError } from "../../../lib/api.ts";
import { usePromotionLookup } from "../api/use-promotion-lookup.ts";

const formSchema = z.object({ code: promoCodeSchema });

/** /promo-test (public): what a promotional code gives, before signing up with it. */
export default function PromoTestPage() {
  const lookup = usePromotionLookup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { code: "" } });
  const promotion = lookup.data;

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Gift aria-hidden="true" className="size-6" />
        </span>
        <CardTitle>
          <h1>Check a promotional code</h1>
        </CardTitle>
        <CardDescription>See what your code gives before you create your Podium account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate className="grid gap-3" onSubmit={handleSubmit(({ code }) => lookup.mutate(code))}>
          <FormField label="Promotional code" error={errors.code?.message}>
            <Input autoCapitalize="characters" spellCheck={false} {...register("code")} />
          </FormField>
          <Button type="submit" isLoading={lookup.isPending}>
            Check code
          </Button>
        </form>
        <div aria-live="polite">
          {lookup.isError && (
            <p className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
              {describeError(lookup.error, "This promotional code is not valid.").replace(/^\d+:\s*/, "")}
            </p>
          )}
          {promotion && (
            <div className="grid gap-3 rounded-md bg-success-soft p-3 text-sm">
              <p>
                <strong>{promotion.code}</strong>: {promotion.description}
              </p>
              <Button asChild>
                <Link to={`/auth?promo=${encodeURIComponent(promotion.code)}#signup-form`}>
                  Sign up with this code
                </Link>
              </Button>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
