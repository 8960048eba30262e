// Issue 35 §1: an organiser who signs up with the e-mail a request or booking was made with sees them in
// My Bookings at once, not only after confirming through the link. Stagebook does not verify an address
// at sign-up, so until it is verified they are shown read-only (no link, no actions); a verified address
// claims them. Another account sees none of them, and the musician's own address never claims anything.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answer, args, giveSlug } from "~/features/bookings/booking-test-support";
import { insertBooking } from "~/features/payments/payment-test-support";
import { action as requestAction } from "~/routes/booking-request";
import { loader as bookingsLoader } from "~/routes/client-bookings";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { createMusician, createOrganiser, requestAs } from "../../../tests/support/accounts";
import type { ClientBooking } from "./client-bookings";

async function myBookings(who: { cookie: string }): Promise<ClientBooking[]> {
  return (await answer(() => bookingsLoader(args(requestAs(who, "/bookings"))))).body.bookings;
}

/** Ife sends a request signed out, and the musician makes her a booking with her address, as typed. */
async function madeWithIfesAddress() {
  const hex = randomBytes(4).toString("hex");
  const email = `ife.bello.${hex}@gmail.com`;
  const musician = await createMusician();
  const slug = await giveSlug(musician);
  const sent = await answer(() =>
    requestAction(
      args(
        requestAs(null, `/musicians/${slug}/request`, {
          form: {
            clientName: "Ife Bello",
            email,
            eventType: "wedding",
            eventDuration: "4",
            phoneNumber: "0803 111 2222",
            dateNotFixed: "on",
          },
        }),
        { slug },
      ),
    ),
  );
  expect(sent.body.ok).toBe(true);
  // The musician typed it with capitals and the googlemail domain: still her mailbox.
  const booking = await insertBooking(musician.profileId, {
    clientName: "Ife Bello",
    email: `Ife.Bello.${hex}@googlemail.com`,
    eventDate: "2099-06-06",
    status: "pending",
  });
  return { musician, email, booking, signUpAs: `ifebello${hex}@gmail.com` };
}

describe("My Bookings by the address a request or booking was made with", () => {
  it("an organiser signing up with the request's e-mail sees the request and the booking at once, read-only", async () => {
    const made = await madeWithIfesAddress();
    const ife = await createOrganiser({ email: made.signUpAs });
    const list = await myBookings(ife);
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "booking", id: made.booking.id, status: "pending", readOnly: true }),
        expect.objectContaining({ kind: "request", status: "pending", readOnly: true }),
      ]),
    );
    // The address is not verified: the link (the key) and the request's private page stay with the link.
    for (const item of list) {
      expect(item.slug).toBeNull();
      expect(item.href).toBeNull();
      expect(JSON.stringify(item)).not.toContain(made.booking.slug);
    }
    const [row] = await db
      .select({ clientUserId: bookingsByMusician.clientUserId })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.id, made.booking.id));
    expect(row?.clientUserId).toBeNull();

    // Another account sees none of it.
    const other = await createOrganiser();
    expect(await myBookings(other)).toEqual([]);
  });

  it("a verified address claims them: they become the account's own, with their link", async () => {
    const made = await madeWithIfesAddress();
    const ife = await createOrganiser({ email: made.signUpAs });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, ife.userId));
    const list = await myBookings(ife);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "booking", slug: made.booking.slug, readOnly: false }),
        expect.objectContaining({
          kind: "request",
          readOnly: false,
          href: expect.stringMatching(/^\/request\//),
        }),
      ]),
    );
    const requests = await db
      .select({ clientUserId: bookingRequests.clientUserId })
      .from(bookingRequests)
      .where(eq(bookingRequests.musicianId, made.musician.profileId));
    expect(requests).toEqual([{ clientUserId: ife.userId }]);
    const other = await createOrganiser();
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, other.userId));
    expect(await myBookings(other)).toEqual([]);
  });

  it("a booking the musician made with their own address is never shown nor claimed by it", async () => {
    const hex = randomBytes(4).toString("hex");
    const musician = await createMusician({ email: `Tayo.Ade.${hex}@gmail.com` });
    await insertBooking(musician.profileId, { email: `tayoade${hex}+x@gmail.com`, eventDate: "2099-07-07" });
    const twin = await createOrganiser({ email: `tayoade${hex}@googlemail.com` });
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, twin.userId));
    expect(await myBookings(twin)).toEqual([]);
  });
});
