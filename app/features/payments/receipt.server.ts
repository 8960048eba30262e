// The payer's receipt: the "receipt" follow-up of a credit's money event (money-followups, ADR 0026).

import { contractAttachments } from "~/features/documents/documents.server";
import { lines, ourWords, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import { formatLagosMoment } from "~/features/money/event-time";
import type { MoneyEvent } from "~/features/money/money-events.server";
import { formatNaira } from "~/lib/money";
import { db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { sendMail } from "~/server/mail/mailer.server";
import { issueManageLink, RECEIPT_LINK_TTL_MS } from "./payer.server";

/**
 * The payer's receipt (the credit's event: the "receipt" follow-up, inside its consumption's transaction):
 * the figures paid and the payer's way in from another device (ADR 0013), made here and only ever sent
 * in the receipt. A mail server that fails throws, so the follow-up is retried, link and all.
 */
export async function sendPaymentReceipt(e: MoneyEvent): Promise<void> {
  if (!e.payer || !e.paymentReference) return;
  const booking = { id: e.bookingId, slug: e.bookingSlug };
  const manage = await issueManageLink(db, booking, e.payer.paymentId, RECEIPT_LINK_TTL_MS);
  await sendMail({
    to: e.payer.email,
    subject: sentence`Payment receipt — booking ${ourWords(e.bookingSlug)}`,
    text: lines(
      // Paid: the two sides of the booking see each other's words as typed (ADR 0016).
      sentence`Hello ${textShownTo(e.client.name, { paymentStatus: "paid" })},`,
      "",
      e.releaseDueAt
        ? sentence`We have received your payment. It is held in escrow and released to the musician on ${ourWords(formatLagosMoment(new Date(e.releaseDueAt)))}, after your event, unless you report a problem on the booking page before then.`
        : "We have received your payment. It is held in escrow until your event is completed.",
      "",
      sentence`Booking price: ${ourWords(formatNaira(e.figures.priceKobo))}`,
      sentence`Service fee: ${ourWords(formatNaira(e.figures.serviceFeeKobo))}`,
      sentence`Total paid: ${ourWords(formatNaira(e.figures.paidKobo))}`,
      sentence`Reference: ${ourWords(e.paymentReference)}`,
      "",
      sentence`Booking: ${ourWords(`${publicOrigin()}/booking/${e.bookingSlug}`)}`,
      "",
      "Only you, the payer, can confirm the event happened, cancel or dispute this paid booking. The browser you",
      "paid with already can; to do it on another device, open this link there (it works once, within 7 days;",
      "you can ask for a new one on the booking page):",
      ourWords(manage),
      "",
      "Your contract for this booking is attached.",
    ),
    attachments: await contractAttachments(e.bookingId),
  });
}
/**
 * The payer whose payment arrived after the booking was cancelled is told it is refunded in full: a
 * follow-up of the refund's money event (money-followups), from the event alone. Throws when the mail
 * server refuses, so the event's job tries again.
 */
export async function tellPayerRefundedAfterCancel(e: MoneyEvent): Promise<void> {
  if (!e.payer) return;
  await sendMail({
    to: e.payer.email,
    subject: sentence`Payment refunded — booking ${ourWords(e.bookingSlug)}`,
    text: lines(
      // The client's name as the musician typed it, read by the payer of a cancelled (unpaid) booking.
      sentence`Hello ${textShownTo(e.client.name, "public")},`,
      "",
      sentence`Your payment of ${ourWords(formatNaira(e.moved.refundKobo))} (reference ${ourWords(e.paymentReference ?? "")}) arrived after booking ${ourWords(e.bookingSlug)} was cancelled, so it is being refunded to you in full.`,
      "",
      sentence`Booking: ${ourWords(`${publicOrigin()}/booking/${e.bookingSlug}`)}`,
    ),
  });
}
