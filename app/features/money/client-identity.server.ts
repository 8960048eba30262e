// Who a booking's client is, for every notice, text and list that reaches them (money review 3, M4 and
// Part 3 rule 3; issue 35 §1). One rule:
// - before payment, the contact the booking holds (the link is the client's key, spec §6): its e-mail and
//   phone, else its request's, else the account that holds it;
// - once paid, the payer alone: the e-mail given at Pay, the payer's account (the organiser signed in where
//   the checkout was completed, ADR 0025) and that account's phone, else the phone the organiser gave with
//   their own request. Never what the musician typed on the booking.
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { payments } from "~db/schema/payments";

export type BookingClient = {
  /** Paid: the contact is the payer's. */
  paid: boolean;
  email: string | null;
  phone: string | null;
  /** The client's account: the payer's once paid, else whoever holds the booking. */
  userId: string | null;
};

const b = bookingsByMusician;
const r = bookingRequests;
const p = payments;
const holder = alias(user, "holder");
const payer = alias(user, "payer");

/** The booking's client as its notices and texts reach them; null for an unknown booking. */
export async function clientOf(bookingId: string, ex: DbExecutor = db): Promise<BookingClient | null> {
  const [row] = await ex
    .select({
      bookingEmail: b.email,
      bookingPhone: b.phoneNumber,
      requestPhone: r.phoneNumber,
      holderId: b.clientUserId,
      holderEmail: holder.email,
      holderPhone: holder.phoneNumber,
      paymentEmail: p.email,
      payerId: p.payerUserId,
      payerPhone: payer.phoneNumber,
      paid: sql<boolean>`${p.id} IS NOT NULL`,
    })
    .from(b)
    .leftJoin(r, eq(r.id, b.requestId))
    .leftJoin(holder, eq(holder.id, b.clientUserId))
    .leftJoin(p, and(eq(p.bookingId, b.id), eq(p.status, "success")))
    .leftJoin(payer, eq(payer.id, p.payerUserId))
    .where(eq(b.id, bookingId))
    .limit(1);
  if (!row) return null;
  if (row.paid)
    return {
      paid: true,
      email: row.paymentEmail,
      phone: row.payerPhone ?? row.requestPhone,
      userId: row.payerId,
    };
  return {
    paid: false,
    email: row.bookingEmail ?? row.holderEmail,
    phone: row.bookingPhone ?? row.requestPhone ?? row.holderPhone,
    userId: row.holderId,
  };
}
