// Shared by the payments integration and property tests (never imported by the app).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { payPanelFor } from "~/features/payments/checkout.server";
import { findBookingBySlug } from "~/features/payments/queries.server";
import { clientCancelPreviewFor } from "~/features/refunds/client-cancel.server";
import { findBookingForCancel } from "~/features/refunds/queries.server";
import { cancellationPolicyOf } from "~/features/wallet/wallet.server";
import { addDaysToDate } from "~/lib/lagos-date";
import { db } from "~/server/db.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { bookingsByMusician, clientDisputes } from "~db/schema/bookings";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export function randomSlug(): string {
  return Array.from(randomBytes(8), (b) => ALPHABET[b % 32]).join("");
}

let day = 0;
/** A past date no other test booking of this file uses (musicians cannot be booked twice at once). */
export function pastDate(): string {
  day += 1;
  return addDaysToDate("2024-01-01", day);
}

export async function insertBooking(
  musicianId: string,
  over: Partial<typeof bookingsByMusician.$inferInsert> = {},
): Promise<{ id: string; slug: string }> {
  const [row] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId,
      slug: randomSlug(),
      clientName: "Ada Eze",
      email: "ada@example.com",
      serviceType: "live_band",
      priceKobo: 25_000_000,
      eventType: "wedding",
      eventDate: pastDate(),
      eventStartTime: "14:00",
      eventEndTime: "18:00",
      status: "confirmed",
      ...over,
    })
    .returning({ id: bookingsByMusician.id, slug: bookingsByMusician.slug });
  return row!;
}

export async function bookingRow(id: string) {
  const [row] = await db
    .select({ status: bookingsByMusician.status, paymentStatus: bookingsByMusician.paymentStatus })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.id, id));
  return row;
}

export async function fileDispute(bookingId: string): Promise<void> {
  await db.insert(clientDisputes).values({
    bookingId,
    clientName: "Ada Eze",
    phoneNumber: "08030000000",
    disputeReason: "The band never came",
  });
}

/** Mails in the outbox whose text mentions `needle` (quoted-printable soft line breaks joined). */
export function outboxMails(needle: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(`${dir}/${f}`, "utf8").replace(/=\r?\n/g, ""))
    .filter((m) => m.includes(needle));
}

/** The booking page's money panel for a slug, read as the page's loader reads it. */
export async function payPanelForSlug(slug: string) {
  const booking = await findBookingBySlug(slug);
  return booking ? payPanelFor(booking, await cancellationPolicyOf(booking.musicianId)) : null;
}

/** The booking page's cancel panel for a slug, at a given moment. */
export async function clientCancelPreview(slug: string, now = new Date()) {
  const booking = await findBookingForCancel(slug);
  if (!booking) return null;
  return clientCancelPreviewFor(booking, await cancellationPolicyOf(booking.musicianId), now);
}
