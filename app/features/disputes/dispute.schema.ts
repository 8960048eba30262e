import { z } from "zod";
import { formText } from "~/lib/form-fields";

export type DisputeFormValues = { clientName: string; phoneNumber: string; disputeReason: string };

/** Spec §5 "Dispute". */
export const disputeSchema = z.object({
  clientName: formText({ error: "Name is required" })
    .trim()
    .min(2, "Name is required")
    .max(200, "Name is too long"),
  phoneNumber: formText({ error: "Valid phone number is required" })
    .trim()
    .min(10, "Valid phone number is required")
    .max(40, "Valid phone number is required"),
  disputeReason: formText({ error: "Please provide details about your dispute" })
    .trim()
    .min(10, "Please provide details about your dispute")
    .max(4000, "Dispute details are too long"),
});

export type DisputeInput = z.output<typeof disputeSchema>;

/** Spec §4: a dispute is resolved once its booking is confirmed (or completed, which follows it). */
export function disputeStatus(bookingStatus: string): "resolved" | "pending" {
  return bookingStatus === "confirmed" || bookingStatus === "completed" ? "resolved" : "pending";
}
