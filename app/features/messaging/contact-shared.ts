// When the two sides of a booking see each other's contact details (issue 22 §4). Apart from the
// masker so pages can show the words without shipping its rules to the browser.
import { isPaidPhase, phaseOfStatus } from "~/features/money/money-rules";

/** What stands in place of a phone number or e-mail address the other side may not see yet. */
export const CONTACT_SHARED_ONCE_PAID = "shared once the booking is paid";

/**
 * The two sides see each other's contact details once the booking is paid, the money module's
 * isPaidPhase (a refunded booking is not: its money went back, so no booking binds them).
 */
export function contactsShared(paymentStatus: string | null | undefined): boolean {
  return isPaidPhase(phaseOfStatus(paymentStatus));
}
