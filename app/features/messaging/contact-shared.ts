// When the two sides of a booking see each other's contact details (issue 22 §4). Apart from the
// masker so pages can show the words without shipping its rules to the browser.

/** What stands in place of a phone number or e-mail address the other side may not see yet. */
export const CONTACT_SHARED_ONCE_PAID = "shared once the booking is paid";

/**
 * Payment statuses after which the two sides see each other's contact details (a refunded booking
 * is not one: its money went back, so no booking binds them).
 */
export const CONTACT_SHARED_STATUSES = ["paid", "released", "partially_refunded"] as const;

export function contactsShared(paymentStatus: string | null | undefined): boolean {
  return (CONTACT_SHARED_STATUSES as readonly string[]).includes(paymentStatus ?? "");
}
