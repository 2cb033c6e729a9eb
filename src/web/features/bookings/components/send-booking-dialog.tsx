import { useEffect, useState } from "react";
import { formatBytes } from "../../../../shared/file-size.ts";
import {
  type BookingPreview,
  DEFAULT_BOOKING_DEPOSIT_PERCENT,
  MEDIA_KIT_SECTION_LABELS,
  MEDIA_KIT_SECTIONS,
  type MediaKitSection,
  NO_PLANNER_EMAIL,
} from "../../../../shared/schemas/bookings.ts";
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
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import {
  useCountersignSettings,
  useSaveCountersignSettings,
} from "../../contracts/api/countersign-settings.ts";
import { useBookingPreview, useSendBooking } from "../api/bookings.ts";

type SendBookingDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event: { id: string; title: string };
  /** Called with the link the send answered (shown once). */
  onSent: (url: string) => void;
};

const ACTION_WORDS: Record<BookingPreview["agreement"]["action"], string> = {
  create: "New",
  use: "Your draft",
  keep: "Already sent",
  revise: "Revised",
  amend: "Amendment",
};

const checkboxRow = "flex items-start gap-2 text-sm";

/**
 * "Send booking link": what the booking will make or use (the agreement from the default template, the
 * deposit and balance from the fees), the planner, the amounts and the documents for a last look, the files
 * and media-kit sections that travel with it, and one e-mail.
 */
export function SendBookingDialog({ open, onOpenChange, event, onSent }: SendBookingDialogProps) {
  const [percentText, setPercentText] = useState(String(DEFAULT_BOOKING_DEPOSIT_PERCENT));
  const percent = Number(percentText);
  const isPercentValid = Number.isFinite(percent) && percent >= 1 && percent <= 100;
  const preview = useBookingPreview(event.id, isPercentValid ? percent : null, open);
  const countersign = useCountersignSettings();
  const saveCountersign = useSaveCountersignSettings();
  const send = useSendBooking();
  const [to, setTo] = useState("");
  const [message, setMessage] = useState("");
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [sections, setSections] = useState<MediaKitSection[]>([...MEDIA_KIT_SECTIONS]);
  const [isAuto, setIsAuto] = useState(false);
  const [signatureName, setSignatureName] = useState("");
  const data = preview.data;

  // The choices start from the booking's own (a second send) once the preview has come.
  const [isSeeded, setIsSeeded] = useState(false);
  useEffect(() => {
    if (!open) setIsSeeded(false);
  }, [open]);
  useEffect(() => {
    if (!open || isSeeded || !data || !countersign.data) return;
    setTo(data.to ?? "");
    setFileIds(data.booking?.fileIds ?? []);
    setSections(data.booking?.includeMediaKit === false ? [] : data.mediaKitSections);
    setIsAuto(countersign.data.autoCountersign);
    setSignatureName(countersign.data.signature?.typedName ?? "");
    setMessage("");
    setIsSeeded(true);
  }, [open, isSeeded, data, countersign.data]);

  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((other) => other !== item) : [...list, item];
  const problems = (data?.problems ?? []).filter(
    // A typed address answers the missing contact e-mail.
    (problem) => !(to.trim() && problem === NO_PLANNER_EMAIL),
  );
  const needsName = isAuto && !signatureName.trim();

  const submit = async (submitted: React.FormEvent) => {
    submitted.preventDefault();
    if (!isPercentValid || needsName) return;
    try {
      const saved = countersign.data;
      if (
        saved &&
        (saved.autoCountersign !== isAuto || (isAuto && saved.signature?.typedName !== signatureName.trim()))
      ) {
        await saveCountersign.mutateAsync({
          autoCountersign: isAuto,
          signature: signatureName.trim()
            ? {
                typedName: signatureName.trim(),
                signatureImage:
                  saved.signature?.typedName === signatureName.trim() ? saved.signature.signatureImage : null,
              }
            : null,
        });
      }
      const booking = await send.mutateAsync({
        eventId: event.id,
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
        fileIds,
        includeMediaKit: sections.length > 0,
        mediaKitSections: sections,
        depositPercent: percent,
      });
      onOpenChange(false);
      toast({ title: "Booking link sent", description: `One e-mail went to ${booking.recipientEmail}.` });
      if (booking.url) onSent(booking.url);
    } catch {
      // The error shows in the dialog.
    }
  };
  const error = send.error ?? saveCountersign.error;

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          send.reset();
          saveCountersign.reset();
        }
        onOpenChange(isOpen);
      }}
    >
      <DialogContent className="max-h-[90dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Send booking link</DialogTitle>
          <DialogDescription>
            One link for "{event.title}": the planner reviews and signs the agreement, pays the deposit and
            finds your materials. Nothing is e-mailed separately.
          </DialogDescription>
        </DialogHeader>
        {preview.isError ? (
          <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
            {describeError(preview.error, "Could not prepare the booking. Please try again.")}
          </p>
        ) : !data || !isSeeded ? (
          <p className="text-sm text-muted-foreground">Preparing the booking…</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-5">
            <FormField label="Planner's e-mail (to)">
              <Input
                type="email"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                placeholder="planner@example.com"
              />
            </FormField>

            <section aria-labelledby="booking-documents" className="grid gap-2">
              <h3 id="booking-documents" className="text-sm font-medium">
                What the booking carries
              </h3>
              <ul className="divide-y divide-border rounded-lg border border-border text-sm">
                <DocumentRow
                  label="Agreement"
                  badge={ACTION_WORDS[data.agreement.action]}
                  detail={
                    data.agreement.action === "create"
                      ? `From your default template "${data.agreement.templateName}"`
                      : data.agreement.title
                  }
                  note={
                    data.agreement.missingFields.length > 0
                      ? `Left blank: ${data.agreement.missingFields.join(", ")}`
                      : null
                  }
                />
                <DocumentRow
                  label="Deposit invoice"
                  badge={ACTION_WORDS[data.deposit.action]}
                  detail={data.deposit.title}
                  amount={data.deposit.total}
                />
                {data.balance && (
                  <DocumentRow
                    label="Balance invoice"
                    badge={ACTION_WORDS[data.balance.action]}
                    detail={`${data.balance.title}, shown to the planner once the talk is booked`}
                    amount={data.balance.total}
                  />
                )}
              </ul>
              <p className="text-sm text-muted-foreground">
                Fee {formatDollars(data.fee)}
                {data.travelFee > 0 ? ` + travel ${formatDollars(data.travelFee)}` : ""} ={" "}
                <span className="font-medium text-foreground">{formatDollars(data.grossFee)}</span>
              </p>
            </section>

            {data.deposit.action === "create" && (
              <FormField
                label="Deposit percent"
                error={isPercentValid ? undefined : "Enter a percent from 1 to 100"}
              >
                <Input
                  inputMode="decimal"
                  value={percentText}
                  onChange={(e) => setPercentText(e.target.value)}
                  className="w-28"
                />
              </FormField>
            )}

            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Files</legend>
              {data.files.length === 0 ? (
                <p className="text-sm text-muted-foreground">Your file library is empty.</p>
              ) : (
                <div className="grid max-h-40 gap-2 overflow-y-auto">
                  {data.files.map((file) => (
                    <label key={file.id} className={checkboxRow}>
                      <input
                        type="checkbox"
                        className="mt-0.5"
                        checked={fileIds.includes(file.id)}
                        onChange={() => setFileIds(toggle(fileIds, file.id))}
                      />
                      <span className="min-w-0 break-words">
                        {file.filename}{" "}
                        <span className="text-muted-foreground">({formatBytes(file.size)})</span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>

            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Media kit sections</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {MEDIA_KIT_SECTIONS.map((section) => (
                  <label key={section} className={checkboxRow}>
                    <input
                      type="checkbox"
                      className="mt-0.5"
                      checked={sections.includes(section)}
                      onChange={() => setSections(toggle(sections, section))}
                    />
                    {MEDIA_KIT_SECTION_LABELS[section]}
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Countersigning</legend>
              <label className={checkboxRow}>
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={isAuto}
                  onChange={(e) => setIsAuto(e.target.checked)}
                />
                <span>
                  Countersign automatically with my saved signature when the planner signs; the planner gets
                  the countersigned PDF at once.
                </span>
              </label>
              {isAuto && (
                <FormField
                  label="Your signature (full name)"
                  error={needsName ? "Type your full name to sign with" : undefined}
                >
                  <Input value={signatureName} onChange={(e) => setSignatureName(e.target.value)} />
                </FormField>
              )}
            </fieldset>

            <FormField label="Message (optional)">
              <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} />
            </FormField>

            {problems.length > 0 && (
              <ul role="alert" className="grid gap-1 rounded-md bg-warning-soft p-3 text-sm text-warning">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
            {error && (
              <p role="alert" className="rounded-md bg-destructive-soft p-3 text-sm text-destructive">
                {describeError(error, "Could not send. Please try again.")}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                isLoading={send.isPending || saveCountersign.isPending}
                disabled={problems.length > 0 || !isPercentValid}
              >
                {data.booking ? "Send again" : "Send booking link"}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DocumentRow({
  label,
  badge,
  detail,
  amount,
  note,
}: {
  label: string;
  badge: string;
  detail: string;
  amount?: number;
  note?: string | null;
}) {
  return (
    <li className="grid gap-0.5 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">
          {label} <span className="text-xs font-normal text-muted-foreground">· {badge}</span>
        </span>
        {amount !== undefined && <span className="font-medium">{formatDollars(amount)}</span>}
      </div>
      <span className="break-words text-muted-foreground">{detail}</span>
      {note && <span className="text-warning">{note}</span>}
    </li>
  );
}
