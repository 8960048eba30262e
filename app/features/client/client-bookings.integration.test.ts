import fs from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answer, args, giveSlug, validBooking } from "~/features/bookings/booking-test-support";
import { BOOKED_JUST_NOW } from "~/features/calendar/calendar.schema";
import { confirmationOf } from "~/features/calendar/confirmations.server";
import { action as apiBookings } from "~/routes/api-bookings";
import { action as bookingPage } from "~/routes/booking";
import { action as requestAction, loader as requestLoader } from "~/routes/booking-request";
import { action as bookingsAction, loader as bookingsLoader } from "~/routes/client-bookings";
import { db } from "~/server/db.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { createMusician, createOrganiser, requestAs } from "../../../tests/support/accounts";
import type { ClientBooking } from "./client-bookings";

const request = {
  clientName: "Ngozi Okafor",
  eventType: "wedding",
  eventDuration: "4",
  phoneNumber: "0803 111 2222",
  dateNotFixed: "on",
};

async function myBookings(who: { cookie: string }): Promise<ClientBooking[]> {
  return (await answer(() => bookingsLoader(args(requestAs(who, "/bookings"))))).body.bookings;
}

describe("My Bookings and linking to organiser accounts", () => {
  it("a request sent while signed in belongs to the organiser, is pre-filled next time, and shows its state", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser();
    const sent = await answer(() =>
      requestAction(args(requestAs(organiser, `/musicians/${slug}/request`, { form: request }), { slug })),
    );
    expect(sent.body.ok).toBe(true);
    expect(await myBookings(organiser)).toMatchObject([
      { kind: "request", status: "pending", event: "Wedding" },
    ]);

    const form = await answer(() =>
      requestLoader(args(requestAs(organiser, `/musicians/${slug}/request`), { slug })),
    );
    expect(form.body.initialValues).toEqual({
      clientName: "Ngozi Okafor",
      email: organiser.email,
      // As typed, or in national form once the request form normalises numbers.
      phoneNumber: expect.stringMatching(/^0803 ?111 ?2222$/),
    });

    // The musician accepts by creating the booking: it joins the organiser's account; the request
    // stops being listed on its own.
    const [req] = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(eq(bookingRequests.clientUserId, organiser.userId));
    const made = await answer(() =>
      apiBookings(
        args(
          requestAs(musician, "/api/bookings", {
            form: { ...validBooking, eventDate: "2099-12-12", requestId: req.id },
          }),
        ),
      ),
    );
    expect(made.body.ok).toBe(true);
    const list = await myBookings(organiser);
    expect(list).toMatchObject([{ kind: "booking", status: "pending", slug: made.body.slug }]);

    // Accept confirms it; a third organiser cannot.
    const third = await createOrganiser();
    const stolen = await answer(() =>
      bookingsAction(
        args(requestAs(third, "/bookings", { form: { intent: "accept", bookingId: list[0].id } })),
      ),
    );
    expect(stolen.status).toBe(404);
    const accepted = await answer(() =>
      bookingsAction(
        args(requestAs(organiser, "/bookings", { form: { intent: "accept", bookingId: list[0].id } })),
      ),
    );
    expect(accepted.body.toast.message).toBe("Booking confirmed successfully!");
    expect(await myBookings(organiser)).toMatchObject([{ status: "confirmed" }]);
    const again = await answer(() =>
      bookingsAction(
        args(requestAs(organiser, "/bookings", { form: { intent: "accept", bookingId: list[0].id } })),
      ),
    );
    expect(again.status).toBe(409);
    expect(await myBookings(third)).toEqual([]);
  });

  it("a declined request shows as declined", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser();
    await answer(() =>
      requestAction(args(requestAs(organiser, `/musicians/${slug}/request`, { form: request }), { slug })),
    );
    await db
      .update(bookingRequests)
      .set({ status: "declined" })
      .where(eq(bookingRequests.clientUserId, organiser.userId));
    expect(await myBookings(organiser)).toMatchObject([{ kind: "request", status: "declined" }]);
  });

  it("saves a draft the musician never sees, then finishes and sends it", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser();
    const saved = await answer(() =>
      requestAction(
        args(requestAs(organiser, `/musicians/${slug}/request`, { form: { ...request, intent: "draft" } }), {
          slug,
        }),
      ),
    );
    expect(saved.body.toast.message).toBe("Draft saved. Finish it from My Bookings.");
    const [draft] = await myBookings(organiser);
    expect(draft).toMatchObject({ kind: "request", status: "draft" });
    const [row] = await db
      .select({ status: bookingRequests.status })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, draft.id));
    expect(row.status).toBe("draft");

    const form = await answer(() =>
      requestLoader(args(requestAs(organiser, `/musicians/${slug}/request?draft=${draft.id}`), { slug })),
    );
    expect(form.body.draftId).toBe(draft.id);
    expect(form.body.initialValues).toMatchObject({ eventType: "wedding", eventDuration: "4" });
    const finished = await answer(() =>
      requestAction(
        args(
          requestAs(organiser, `/musicians/${slug}/request`, {
            form: { ...request, location: "Ikoyi", draftId: draft.id },
          }),
          { slug },
        ),
      ),
    );
    expect(finished.body.toast.message).toBe("Booking request sent successfully!");
    expect(await myBookings(organiser)).toMatchObject([
      { id: draft.id, status: "pending", location: "Ikoyi" },
    ]);

    // Someone else's draft id sends nothing.
    const third = await createOrganiser();
    const foreign = await answer(() =>
      requestAction(
        args(requestAs(third, `/musicians/${slug}/request`, { form: { ...request, draftId: draft.id } }), {
          slug,
        }),
      ),
    );
    expect(foreign.status).toBe(404);
  });

  it("anonymous requests and link-only clients work as before; a signed-in organiser who confirms takes the booking", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const anon = await answer(() =>
      requestAction(args(requestAs(null, `/musicians/${slug}/request`, { form: request }), { slug })),
    );
    expect(anon.body.ok).toBe(true);
    const [r] = await db
      .select({ clientUserId: bookingRequests.clientUserId, status: bookingRequests.status })
      .from(bookingRequests)
      .where(eq(bookingRequests.musicianId, musician.profileId));
    expect(r).toEqual({ clientUserId: null, status: "pending" });
    // A visitor cannot save a draft: it is sent.
    const anonDraft = await answer(() =>
      requestAction(
        args(requestAs(null, `/musicians/${slug}/request`, { form: { ...request, intent: "draft" } }), {
          slug,
        }),
      ),
    );
    expect(anonDraft.body.toast.message).toBe("Booking request sent successfully!");

    const linkOnly = await answer(() =>
      apiBookings(
        args(requestAs(musician, "/api/bookings", { form: { ...validBooking, eventDate: "2099-12-12" } })),
      ),
    );
    const anonConfirm = await answer(() =>
      bookingPage(
        args(requestAs(null, `/booking/${linkOnly.body.slug}`, { form: { intent: "confirm" } }), {
          slug: linkOnly.body.slug,
        }),
      ),
    );
    expect(anonConfirm.body.ok).toBe(true);
    const [b1] = await db
      .select({ clientUserId: bookingsByMusician.clientUserId })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, linkOnly.body.slug));
    expect(b1.clientUserId).toBeNull();

    const forOrganiser = await answer(() =>
      apiBookings(
        args(requestAs(musician, "/api/bookings", { form: { ...validBooking, eventDate: "2099-12-13" } })),
      ),
    );
    const organiser = await createOrganiser();
    const confirmed = await answer(() =>
      bookingPage(
        args(requestAs(organiser, `/booking/${forOrganiser.body.slug}`, { form: { intent: "confirm" } }), {
          slug: forOrganiser.body.slug,
        }),
      ),
    );
    expect(confirmed.body.ok).toBe(true);
    expect(await myBookings(organiser)).toMatchObject([
      { slug: forOrganiser.body.slug, status: "confirmed" },
    ]);
    // A second organiser confirming again does not take it over.
    const second = await createOrganiser();
    await answer(() =>
      bookingPage(
        args(requestAs(second, `/booking/${forOrganiser.body.slug}`, { form: { intent: "confirm" } }), {
          slug: forOrganiser.body.slug,
        }),
      ),
    );
    expect(await myBookings(second)).toEqual([]);
  });
});

// The outbox is shared by every test file: only the mails to this test's own addresses count.
function mailsTo(address: string): string[] {
  const safe = address.replace(/[^a-z0-9@._-]/gi, "_");
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(`-${safe}.eml`))
    .map((f) => fs.readFileSync(`${dir}/${f}`, "utf8").replace(/=\r?\n/g, ""));
}

async function bookingFor(
  musician: Awaited<ReturnType<typeof createMusician>>,
  organiserUserId: string,
  over: Record<string, string>,
) {
  const made = await answer(() =>
    apiBookings(
      args(requestAs(musician, "/api/bookings", { form: { ...validBooking, allowOverlap: "1", ...over } })),
    ),
  );
  expect(made.status).toBe(200);
  const [row] = await db
    .update(bookingsByMusician)
    .set({ clientUserId: organiserUserId })
    .where(eq(bookingsByMusician.slug, made.body.slug))
    .returning({ id: bookingsByMusician.id, slug: bookingsByMusician.slug });
  return row;
}

const accept = (who: { cookie: string }, bookingId: string) =>
  answer(() => bookingsAction(args(requestAs(who, "/bookings", { form: { intent: "accept", bookingId } }))));

describe("the organiser's account phone", () => {
  it("is saved at sign-up and pre-fills the request form until they use another", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser({ phoneNumber: "0803 555 1234" });
    const form = await answer(() =>
      requestLoader(args(requestAs(organiser, `/musicians/${slug}/request`), { slug })),
    );
    expect(form.body.initialValues).toMatchObject({ email: organiser.email, phoneNumber: "08035551234" });
    const [row] = await db
      .select({ phoneNumber: user.phoneNumber })
      .from(user)
      .where(eq(user.id, organiser.userId));
    expect(row.phoneNumber).toBe("08035551234");
    // An organiser who gave none gets an empty field.
    const none = await createOrganiser();
    const empty = await answer(() =>
      requestLoader(args(requestAs(none, `/musicians/${slug}/request`), { slug })),
    );
    expect(empty.body.initialValues.phoneNumber).toBe("");
  });
});

describe("Accept from My Bookings", () => {
  it("confirms through the double-booking rule: an overlapping second booking is refused clearly, never a 500", async () => {
    const musician = await createMusician();
    const organiser = await createOrganiser();
    const evening = await bookingFor(musician, organiser.userId, {
      eventDate: "2099-05-02",
      eventStartTime: "18:00",
      eventEndTime: "22:00",
    });
    const late = await bookingFor(musician, organiser.userId, {
      eventDate: "2099-05-02",
      eventStartTime: "21:00",
      eventEndTime: "23:30",
    });
    const first = await accept(organiser, evening.id);
    expect(first.status).toBe(200);
    expect(first.body.toast.message).toBe("Booking confirmed successfully!");
    // The same confirmation record as the public confirm.
    expect((await confirmationOf(evening.id))?.confirmedBy).toBe(
      "Ngozi Okafor (organiser, from My Bookings)",
    );

    const second = await accept(organiser, late.id);
    expect(second.status).toBe(409);
    expect(second.body.toast).toEqual({ type: "error", message: BOOKED_JUST_NOW });
    expect(await myBookings(organiser)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: evening.slug, status: "confirmed" }),
        expect.objectContaining({ slug: late.slug, status: "pending" }),
      ]),
    );
    expect(await confirmationOf(late.id)).toBeNull();
  });

  it("e-mails the musician when the organiser accepts, and the organiser when a musician accepts their request (contract attached)", async () => {
    const musician = await createMusician();
    const slug = await giveSlug(musician);
    const organiser = await createOrganiser();
    const b = await bookingFor(musician, organiser.userId, { eventDate: "2099-06-06" });
    expect((await accept(organiser, b.id)).status).toBe(200);
    const toMusician = mailsTo(musician.email);
    expect(toMusician).toHaveLength(1);
    expect(toMusician[0]).toContain("Ngozi Okafor accepted your booking");
    expect(toMusician[0]).toContain(`/booking/${b.slug}`);

    const sent = await answer(() =>
      requestAction(args(requestAs(organiser, `/musicians/${slug}/request`, { form: request }), { slug })),
    );
    expect(sent.body.ok).toBe(true);
    const [req] = await db
      .select({ id: bookingRequests.id })
      .from(bookingRequests)
      .where(eq(bookingRequests.clientUserId, organiser.userId));
    const before = mailsTo(organiser.email).length;
    const made = await answer(() =>
      apiBookings(
        args(
          requestAs(musician, "/api/bookings", {
            form: { ...validBooking, eventDate: "2099-07-07", requestId: req.id },
          }),
        ),
      ),
    );
    expect(made.status).toBe(200);
    const mails = mailsTo(organiser.email);
    expect(mails).toHaveLength(before + 1);
    const accepted = mails.find((m) => m.includes("accepted your booking request"))!;
    expect(accepted).toContain("/bookings");
    expect(accepted).toContain("Content-Type: application/pdf");
    expect(accepted).toMatch(/filename="?[^"\n]*\.pdf/);
  });
});
