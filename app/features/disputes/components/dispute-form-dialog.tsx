import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useIdempotencyKey } from "~/components/idempotency-key-field";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import { TextField } from "~/components/ui/text-field";
import type { BookingActionResult } from "~/features/bookings/action-results";
import { TextareaField } from "~/features/bookings/components/form-controls";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency";
import { formatNaira } from "~/lib/money";
import { toast } from "~/lib/toast";
import type { DisputeFormValues } from "../dispute.schema";
import { disputeFetcherKey } from "../dispute-keys";

// The schema (and zod with it) loads when the form is submitted, not with the public booking page.
const emptyDisputeForm: DisputeFormValues = { clientName: "", phoneNumber: "", disputeReason: "" };

/**
 * The Dispute Booking dialog itself, loaded the first time it opens and kept mounted after. After a
 * dispute the client stays on the booking page (issue 16), which then shows "Disputed".
 */
export default function DisputeFormDialog({
  slug,
  open,
  setOpen,
  heldKobo,
  contact,
}: {
  slug: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Paid: what the dispute holds in escrow, said before it is filed. */
  heldKobo?: number | null;
  /** Signed in as an organiser: the form starts from their own account (they may change it). */
  contact?: { name: string; phone: string } | null;
}) {
  const [values, setValues] = useState<DisputeFormValues>(() =>
    contact
      ? { ...emptyDisputeForm, clientName: contact.name, phoneNumber: contact.phone }
      : emptyDisputeForm,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  // Keyed, so the booking page announces the success after this dialog has gone with the buttons.
  const fetcher = useFetcher<BookingActionResult>({ key: disputeFetcherKey(slug) });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const idempotencyKey = useIdempotencyKey(result);

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      // The client stays on the booking, which now reads "Disputed" (the submission revalidates it).
      setOpen(false);
      return;
    }
    if (result.errors) setErrors(result.errors);
    toast.error(result.toast?.message ?? "Failed to submit dispute");
  }, [result, fetcher.state, setOpen]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { disputeSchema } = await import("../dispute.schema");
    const parsed = disputeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    fetcher.submit(
      { intent: "dispute", ...values, [IDEMPOTENCY_FIELD]: idempotencyKey },
      { method: "post", action: `/booking/${slug}` },
    );
  }

  const field = (name: keyof DisputeFormValues) => ({
    id: `dispute-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((x) => ({ ...x, [name]: undefined }));
    },
  });

  return (
    <NativeDialog
      open={open}
      onOpenChange={setOpen}
      label="Dispute Booking"
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg rounded-lg border"
    >
      {open && (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="flex flex-col gap-1.5 text-left">
            <h2 className="text-lg font-semibold">Dispute Booking</h2>
            <p className="text-sm text-muted-foreground">
              Tell us what is wrong with this booking and how to reach you.
            </p>
            {heldKobo ? (
              <p className="text-sm font-medium" data-testid="dispute-holds">
                Disputing holds your {formatNaira(heldKobo)} payment in escrow: the musician is not paid until
                our team resolves it.
              </p>
            ) : null}
          </div>
          <TextField label="Your Name" autoComplete="name" {...field("clientName")} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...field("phoneNumber")} />
          <TextareaField label="Reason for Dispute" rows={4} {...field("disputeReason")} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Submitting..." : "Submit Dispute"}
            </Button>
          </div>
        </form>
      )}
    </NativeDialog>
  );
}
