// Shared by the documents' routes and components (no server imports).
export const documentKinds = ["contract", "invoice", "receipt"] as const;
export type DocumentKind = (typeof documentKinds)[number];

export function isDocumentKind(value: string | undefined): value is DocumentKind {
  return (documentKinds as readonly string[]).includes(value ?? "");
}

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  contract: "Contract (PDF)",
  invoice: "Invoice (PDF)",
  receipt: "Receipt (PDF)",
};

/** Payment statuses after which a receipt exists (the organiser's money was received). */
export const PAID_STATUSES = ["paid", "released", "partially_refunded", "refunded"] as const;

export function isPaid(paymentStatus: string | null | undefined): boolean {
  return (PAID_STATUSES as readonly string[]).includes(paymentStatus ?? "");
}

export const RECEIPT_NOT_YET = "A receipt is available once the booking is paid.";
