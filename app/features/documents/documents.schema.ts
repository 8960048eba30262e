// Shared by the documents' routes and components (no server imports).
import { phaseOfStatus } from "~/features/money/money-rules";

export const documentKinds = ["contract", "invoice", "receipt", "credit-note"] as const;
export type DocumentKind = (typeof documentKinds)[number];

export function isDocumentKind(value: string | undefined): value is DocumentKind {
  return (documentKinds as readonly string[]).includes(value ?? "");
}

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  contract: "Contract (PDF)",
  invoice: "Invoice (PDF)",
  receipt: "Receipt (PDF)",
  "credit-note": "Credit note (PDF)",
};

export const RECEIPT_NOT_YET = "A receipt is available once the booking is paid.";
export const CREDIT_NOTE_NOT_YET = "A credit note is made when a paid booking is cancelled or refunded.";

/**
 * A paid booking that was cancelled or refunded has a credit note (what was paid, refunded and kept),
 * beside its contract, invoice and receipt, which it keeps (phone walk 2).
 */
export function hasCreditNote(status: string | null | undefined, paymentStatus: string | null | undefined) {
  const phase = phaseOfStatus(paymentStatus);
  return phase !== "unpaid" && (status === "cancelled" || phase === "refunded" || phase === "partly_settled");
}
