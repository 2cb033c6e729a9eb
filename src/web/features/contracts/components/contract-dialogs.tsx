import { type FormEvent, useState } from "react";
import type { Contract } from "../../../../shared/schemas/contracts.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useCountersign, useSendContract, useVoid } from "../api/contracts.ts";
import { type SignatureDraft, SignatureInput } from "./signature-input.tsx";

type DialogProps = { contract: Contract; open: boolean; onOpenChange: (open: boolean) => void };

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });

/** Send for signature: the signer (the event's contact by default), a message, the expiry, and optionally sign now. */
export function SendDialog({ contract, open, onOpenChange }: DialogProps) {
  const send = useSendContract();
  const [signerName, setSignerName] = useState(contract.signer?.name ?? "");
  const [signerEmail, setSignerEmail] = useState(contract.signer?.email ?? "");
  const [message, setMessage] = useState("");
  const [days, setDays] = useState("30");
  const [signNow, setSignNow] = useState(false);
  const [signature, setSignature] = useState<SignatureDraft | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        id: contract.id,
        signerName,
        signerEmail,
        message: message || undefined,
        expiresInDays: Number(days) || 30,
        speakerSignature:
          signNow && signature
            ? { typedName: signature.typedName, signatureImage: signature.signatureImage }
            : undefined,
      },
      {
        onSuccess: () => {
          toast({ title: "Contract sent", description: `${signerName} has the signing link by e-mail.` });
          onOpenChange(false);
        },
        onError: failed("Could not send the contract"),
      },
    );
  };
  const cannotSign = signNow && (!signature || signature.isEmpty || !signature.typedName.trim());
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send for signature</DialogTitle>
          <DialogDescription>
            The text is frozen when you send it. The signer gets a link by e-mail and signs without an
            account.
          </DialogDescription>
        </DialogHeader>
        {contract.missingFields.length > 0 && (
          <p role="alert" className="rounded-md bg-warning-soft p-3 text-sm text-warning">
            Some details were missing when this draft was made and show as blank lines:{" "}
            {contract.missingFields.join(", ")}. Fill them in the draft or by hand before sending.
          </p>
        )}
        <form onSubmit={submit} className="grid gap-4">
          <FormField label="Signer's name">
            <Input value={signerName} onChange={(event) => setSignerName(event.target.value)} required />
          </FormField>
          <FormField label="Signer's e-mail">
            <Input
              type="email"
              value={signerEmail}
              onChange={(event) => setSignerEmail(event.target.value)}
              required
            />
          </FormField>
          <FormField label="Message (optional)">
            <Textarea value={message} onChange={(event) => setMessage(event.target.value)} rows={3} />
          </FormField>
          <FormField label="Link expires after (days)">
            <Input
              type="number"
              min={1}
              max={365}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={signNow}
              onChange={(event) => setSignNow(event.target.checked)}
              className="size-4"
            />
            Sign it myself now (otherwise countersign after the client)
          </label>
          {signNow && <SignatureInput idPrefix="send-signature" onChange={setSignature} />}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending || cannotSign}>
              {send.isPending ? "Sending…" : "Send"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The speaker's signature; completing the contract when the client has signed. */
export function CountersignDialog({ contract, open, onOpenChange }: DialogProps) {
  const countersign = useCountersign();
  const [signature, setSignature] = useState<SignatureDraft | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signature) return;
    countersign.mutate(
      { id: contract.id, typedName: signature.typedName, signatureImage: signature.signatureImage },
      {
        onSuccess: (result) => {
          toast({
            title: result?.status === "completed" ? "Contract completed" : "Signed",
            description:
              result?.status === "completed"
                ? "The sealed PDF is on its way to both of you."
                : "The contract completes when the client signs.",
          });
          onOpenChange(false);
        },
        onError: failed("Could not sign"),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign as the speaker</DialogTitle>
          <DialogDescription>
            Your signature and name are drawn into the PDF, with the time and your device.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <SignatureInput idPrefix="countersign" onChange={setSignature} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={
                countersign.isPending || !signature || signature.isEmpty || !signature.typedName.trim()
              }
            >
              {countersign.isPending ? "Signing…" : "Sign"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function VoidDialog({ contract, open, onOpenChange }: DialogProps) {
  const voidContract = useVoid();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    voidContract.mutate(
      { id: contract.id, reason },
      {
        onSuccess: () => {
          toast({
            title: "Contract voided",
            description: "The link no longer works and the signer was told.",
          });
          onOpenChange(false);
        },
        onError: failed("Could not void the contract"),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void this contract?</DialogTitle>
          <DialogDescription>
            The signing link stops working at once; the signer gets an e-mail with your reason.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <FormField label="Reason">
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} required />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={voidContract.isPending || !reason.trim()}>
              Void contract
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
