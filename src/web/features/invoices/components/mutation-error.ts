import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";

/** A refused invoice action as a toast with the server's sentence (e.g. "This invoice is void…"). */
export function toastFailure(title: string) {
  return (error: unknown) =>
    toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });
}
