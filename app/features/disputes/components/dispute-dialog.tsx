import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { TextField } from "~/components/ui/text-field";
import { TextareaField } from "~/features/bookings/components/form-controls";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { BookingActionResult } from "~/routes/booking";
import { type DisputeFormValues, disputeSchema, emptyDisputeForm } from "../dispute.schema";

/** Dispute Booking (spec §2): a dialog for this booking; after success, home after 2 seconds. */
export function DisputeDialog({ slug, disabled }: { slug: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
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
  }, [result, fetcher.state, navigate]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
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
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        Dispute Booking
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Dispute Booking</DialogTitle>
            <DialogDescription>
              Tell us what is wrong with this booking and how to reach you.
            </DialogDescription>
          </DialogHeader>
          <TextField label="Your Name" autoComplete="name" {...field("clientName")} />
          <TextField label="Phone Number" type="tel" autoComplete="tel" {...field("phoneNumber")} />
          <TextareaField label="Reason for Dispute" rows={4} {...field("disputeReason")} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Submitting..." : "Submit Dispute"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
