import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import { TextField } from "~/components/ui/text-field";
import { TextareaField } from "~/features/bookings/components/form-controls";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { BookingActionResult } from "~/routes/booking";
import type { DisputeFormValues } from "../dispute.schema";

// The schema (and zod with it) loads when the form is submitted, not with the public booking page.
const emptyDisputeForm: DisputeFormValues = { clientName: "", phoneNumber: "", disputeReason: "" };

/**
 * The Dispute Booking dialog itself, loaded the first time it opens and kept mounted after, so the
 * 2-second trip home after a dispute survives the dialog closing.
 */
export default function DisputeFormDialog({
  slug,
  open,
  setOpen,
}: {
  slug: string;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const [values, setValues] = useState<DisputeFormValues>(emptyDisputeForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fetcher = useFetcher<BookingActionResult>();
  const navigate = useNavigate();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;

  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast.success(result.toast?.message ?? "Dispute submitted successfully");
      setOpen(false);
      const t = setTimeout(() => navigate("/"), 2000);
      return () => clearTimeout(t);
    }
    if (result.errors) setErrors(result.errors);
    toast.error(result.toast?.message ?? "Failed to submit dispute");
  }, [result, fetcher.state, navigate, setOpen]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const { disputeSchema } = await import("../dispute.schema");
    const parsed = disputeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    fetcher.submit({ intent: "dispute", ...values }, { method: "post", action: `/booking/${slug}` });
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
