import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { musicianDisplayName } from "~/lib/display-name";
import { addDaysToDate, formatCalendarDate } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as bookingsAction, loader as bookingsLoader } from "~/routes/musician-bookings";
import { loader as redirectLoader } from "~/routes/musician-bookings-redirect";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";
import { bookingFormSchema, PAST_TIME_QUESTION } from "./booking.schema";
import { newBookingSlug, withUniqueSlug } from "./booking-slug.server";
import { answer, args, get, post, validBooking } from "./booking-test-support";
import {
  bookingRemovedMessage,
  completeOwnBooking,
  createBooking,
  getPublicBooking,
  MARK_COMPLETED_WAITS,
} from "./bookings.server";

async function create(m: TestMusician, over: Record<string, string> = {}) {
  const res = await answer(() => createAction(args(post(m, "/api/bookings", { ...validBooking, ...over }))));
  expect(res.status).toBe(200);
  const [row] = await db.select().from(bookingsByMusician).where(eq(bookingsByMusician.slug, res.body.slug));
  return row!;
}

async function setStatus(id: string, status: string, eventDate?: string) {
  await db
    .update(bookingsByMusician)
    .set({ status, ...(eventDate ? { eventDate } : {}) })
    .where(eq(bookingsByMusician.id, id));
}

const act = (who: TestMusician | null, slug: string, form: Record<string, string>) =>
  answer(() => bookingsAction(args(post(who, `/musician_bookings/${slug}`, form), { slug })));

describe("creating a booking (api/bookings)", () => {
  it("stores a pending booking with an 8-character random slug, kobo price and nulls for empty values", async () => {
    const m = await createMusician();
    const res = await answer(() =>
      createAction(
        args(post(m, "/api/bookings", { ...validBooking, email: "", phoneNumber: "", location: "" })),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, musicianName: "Tunde Adeyemi" });
    expect(res.body.toast.message).toBe("Booking created successfully!");
    expect(res.body.slug).toMatch(/^[a-z2-7]{8}$/);
    const [row] = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, res.body.slug));
    expect(row).toMatchObject({
      musicianId: m.profileId,
      status: "pending",
      priceKobo: 25_000_000,
      email: null,
      phoneNumber: null,
      location: null,
      additionalDetails: null,
      eventDate: validBooking.eventDate,
      eventStartTime: "14:00:00",
      eventEndTime: "18:00:00",
    });
  });

  it("keeps the 'other' texts only when Others is chosen", async () => {
    const m = await createMusician();
    const kept = await create(m, {
      serviceType: "Others",
      serviceTypeOther: "Saxophone duet",
      eventType: "Others",
      eventTypeOther: "Naming ceremony",
    });
    expect(kept).toMatchObject({ serviceTypeOther: "Saxophone duet", eventTypeOther: "Naming ceremony" });
    const dropped = await create(m, { serviceTypeOther: "ignored", eventTypeOther: "ignored too" });
    expect(dropped).toMatchObject({ serviceTypeOther: null, eventTypeOther: null });
  });

  it("answers the spec's messages for bad input, with no row written", async () => {
    const m = await createMusician();
    const res = await answer(() =>
      createAction(
        args(
          post(m, "/api/bookings", {
            clientName: " ",
            email: "not-an-email",
            serviceType: "",
            eventType: "Funeral",
            price: "abc",
            eventStartTime: "18:00",
            eventEndTime: "17:30",
          }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      clientName: "Client name is required",
      email: "Invalid email address",
      serviceType: "Service type is required",
      eventType: "Event type is required",
      price: "Enter an amount in naira, e.g. 150,000",
    });
    const times = await answer(() =>
      createAction(
        args(post(m, "/api/bookings", { ...validBooking, eventStartTime: "18:00", eventEndTime: "18:00" })),
      ),
    );
    expect(times.body.errors).toEqual({ eventEndTime: "End time must be different from the start time" });
    const rows = await db
      .select()
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.musicianId, m.profileId));
    expect(rows).toHaveLength(0);
  });

  it("takes an overnight event (22:00 to 02:00) as ending the next day: Mark completed opens at 02:00 (N11)", async () => {
    const m = await createMusician();
    const day = lagosDay(15);
    const next = addDaysToDate(day, 1);
    const row = await create(m, { eventDate: day, eventStartTime: "22:00", eventEndTime: "02:00" });
    expect(row).toMatchObject({
      eventDate: day,
      eventStartTime: "22:00:00",
      eventEndTime: "02:00:00",
    });
    await setStatus(row.id, "confirmed");
    const musician = { id: m.profileId };
    // 01:59 the next morning, Lagos: the gig is still on.
    expect(await completeOwnBooking(musician, row.id, new Date(`${next}T00:59:00Z`))).toEqual({
      ok: false,
      status: 409,
      message: `${MARK_COMPLETED_WAITS} That is from ${formatCalendarDate(next)} at 2:00 AM.`,
    });
    expect(await completeOwnBooking(musician, row.id, new Date(`${next}T01:00:00Z`))).toMatchObject({
      ok: true,
    });
  });

  it("refuses a signed-out visitor with the spec's message", async () => {
    const res = await answer(() => createAction(args(post(null, "/api/bookings", validBooking))));
    expect(res.status).toBe(401);
    expect(res.body.toast.message).toBe("You must be logged in to create a booking.");
  });

  it("retries with a new slug when the random one is taken", async () => {
    const m = await createMusician();
    const taken = await create(m);
    const fresh = newBookingSlug();
    const slugs = [taken.slug, fresh];
    const input = bookingFormSchema.parse(validBooking);
    const result = await createBooking(
      { id: m.profileId, stageName: null, firstName: "Tunde", lastName: "Adeyemi" },
      input,
      null,
      { generateSlug: () => slugs.shift()! },
    );
    expect(result).toMatchObject({ ok: true, slug: fresh });
    await expect(
      withUniqueSlug(
        async () =>
          db.insert(bookingsByMusician).values({ ...input, musicianId: m.profileId, slug: taken.slug }),
        () => taken.slug,
        3,
      ),
    ).rejects.toThrow();
  });

  it("makes slugs from the CSPRNG alphabet without repeats", () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newBookingSlug()));
    expect(seen.size).toBe(2000);
    for (const s of seen) expect(s).toMatch(/^[a-z2-7]{8}$/);
  });
});

describe("a booking for a time already over (money review 2, N2; phone walk 2)", () => {
  const lagosToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(new Date());

  it("Create Booking asks first, and takes it once the musician says it is for a past event", async () => {
    const m = await createMusician();
    for (const past of [
      { eventDate: "2026-11-20", eventStartTime: "16:00", eventEndTime: "17:00" },
      // Today, 12:00 AM to 12:30 AM: over by the time anyone is awake to book it.
      { eventDate: lagosToday(), eventStartTime: "00:00", eventEndTime: "00:30" },
      { eventDate: "2025-01-01", eventStartTime: "", eventEndTime: "" },
    ]) {
      const refused = await answer(() =>
        createAction(args(post(m, "/api/bookings", { ...validBooking, ...past }))),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({
        eventDate: PAST_TIME_QUESTION,
        pastEvent: PAST_TIME_QUESTION,
      });
      expect(refused.body.toast.message).toBe(PAST_TIME_QUESTION);
      const rows = await db
        .select()
        .from(bookingsByMusician)
        .where(eq(bookingsByMusician.musicianId, m.profileId));
      expect(rows).toHaveLength(0);
    }
    const taken = await create(m, { eventDate: "2026-11-20", eventStartTime: "16:00", pastEvent: "on" });
    expect(taken.eventDate).toBe("2026-11-20");
    // A future time is never asked about.
    expect((await create(m, { eventDate: "2099-01-01" })).status).toBe("pending");
  });

  it("editing a booking to a time already over asks the same question", async () => {
    const m = await createMusician();
    const row = await create(m);
    const edit = (over: Record<string, string>) =>
      act(m, m.profileId, { intent: "update", bookingId: row.id, ...validBooking, ...over });
    const refused = await edit({ eventDate: "2026-11-01" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.pastEvent).toBe(PAST_TIME_QUESTION);
    expect((await edit({ eventDate: "2026-11-01", pastEvent: "on" })).body.ok).toBe(true);
  });
});

describe("All Bookings (/musician_bookings/{slug})", () => {
  it("lists only the musician's own bookings, event date descending", async () => {
    const a = await createMusician();
    const b = await createMusician();
    await create(a, { clientName: "Early", eventDate: "2026-01-10", pastEvent: "on" });
    await create(a, { clientName: "Late", eventDate: "2026-11-10", pastEvent: "on" });
    await create(a, { clientName: "Middle", eventDate: "2026-06-10", pastEvent: "on" });
    await create(b, { clientName: "Someone else's" });
    const res = await answer(() =>
      bookingsLoader(args(get(a, `/musician_bookings/${a.profileId}`), { slug: a.profileId })),
    );
    expect(res.status).toBe(200);
    expect(res.body.bookings.map((x: { clientName: string }) => x.clientName)).toEqual([
      "Late",
      "Middle",
      "Early",
    ]);
    expect(res.body.websiteActive).toBe(false);
  });

  it("gives another musician 404 and a signed-out visitor a login redirect, for the loader and the action", async () => {
    const a = await createMusician();
    const b = await createMusician();
    const booking = await create(a);
    const other = await answer(() =>
      bookingsLoader(args(get(b, `/musician_bookings/${a.profileId}`), { slug: a.profileId })),
    );
    expect(other.status).toBe(404);
    const anon = await answer(() =>
      bookingsLoader(args(get(null, `/musician_bookings/${a.profileId}`), { slug: a.profileId })),
    );
    expect(anon.status).toBe(302);
    expect(anon.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/musician_bookings/${a.profileId}`)}`,
    );
    expect((await act(b, a.profileId, { intent: "delete", bookingId: booking.id })).status).toBe(404);
    expect((await act(null, a.profileId, { intent: "delete", bookingId: booking.id })).status).toBe(302);
    // B posting A's booking id to B's own page: not B's booking, so not found.
    for (const intent of ["delete", "cancel", "complete"]) {
      const res = await act(b, b.profileId, { intent, bookingId: booking.id });
      expect(res.status).toBe(404);
      expect(res.body.toast.message).toBe("Booking not found");
    }
    const edit = await act(b, b.profileId, {
      intent: "update",
      bookingId: booking.id,
      ...validBooking,
      clientName: "Hijack",
    });
    expect(edit.status).toBe(404);
    const [row] = await db.select().from(bookingsByMusician).where(eq(bookingsByMusician.id, booking.id));
    expect(row).toMatchObject({ clientName: "Ada Eze", status: "pending" });
  });

  it("/musician_bookings sends a signed-in musician to their own list and others to login", async () => {
    const m = await createMusician();
    const res = await answer(() => redirectLoader(args(get(m, "/musician_bookings"))));
    // Sign-up gives the musician a website address, so their dashboard links use it.
    const profile = await getOwnProfile(m.userId);
    expect(profile?.slug).toBeTruthy();
    expect(res.location).toBe(`/musician_bookings/${profile?.slug}`);
    const anon = await answer(() => redirectLoader(args(get(null, "/musician_bookings"))));
    expect(anon.location).toMatch(/^\/login\?redirectTo=/);
  });

  it("edits pending bookings only, with the same rules as creation", async () => {
    const m = await createMusician();
    const booking = await create(m);
    const bad = await act(m, m.profileId, {
      intent: "update",
      bookingId: booking.id,
      ...validBooking,
      clientName: "",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.clientName).toBe("Client name is required");
    const ok = await act(m, m.profileId, {
      intent: "update",
      bookingId: booking.id,
      ...validBooking,
      clientName: "Ada Eze-Okoro",
      price: "",
    });
    expect(ok.body.toast).toEqual({ type: "success", message: "Booking for Ada Eze-Okoro has been updated" });
    const [row] = await db.select().from(bookingsByMusician).where(eq(bookingsByMusician.id, booking.id));
    expect(row).toMatchObject({ clientName: "Ada Eze-Okoro", priceKobo: null });
    await setStatus(booking.id, "confirmed");
    const refused = await act(m, m.profileId, { intent: "update", bookingId: booking.id, ...validBooking });
    expect(refused.status).toBe(409);
    expect(refused.body.toast.message).toBe("Only pending bookings can be edited.");
  });

  it("deletes pending and cancelled bookings but not confirmed or completed ones", async () => {
    const m = await createMusician();
    const pending = await create(m, { clientName: "Pending Client" });
    const ok = await act(m, m.profileId, { intent: "delete", bookingId: pending.id });
    expect(ok.body.toast.message).toBe("Booking for Pending Client has been deleted");
    // Its link, still in the client's texts, says the musician removed it (phone walk 3).
    const gone = await getPublicBooking(pending.slug, "127.0.0.40");
    expect(gone).toEqual({
      ok: false,
      status: 410,
      message: bookingRemovedMessage(musicianDisplayName((await getOwnProfile(m.userId))!)),
    });
    expect(gone.ok === false && gone.message).toContain("removed it, so this link no longer works");
    expect((await getPublicBooking("zzzzzzzz", "127.0.0.40")).ok === false).toBe(true);
    // Different days: two confirmed or completed bookings of one musician cannot overlap (issue 13).
    for (const [status, eventDate] of [
      ["confirmed", lagosDay(15)],
      ["completed", lagosDay(22)],
    ]) {
      const b = await create(m, { eventDate: eventDate! });
      await setStatus(b.id, status);
      const res = await act(m, m.profileId, { intent: "delete", bookingId: b.id });
      expect(res.status).toBe(409);
      expect(res.body.toast.message).toBe("Confirmed or completed bookings cannot be deleted.");
    }
    const cancelled = await create(m, { clientName: "Cancelled Client", eventDate: lagosDay(29) });
    await setStatus(cancelled.id, "cancelled");
    expect((await act(m, m.profileId, { intent: "delete", bookingId: cancelled.id })).status).toBe(200);
  });

  it("cancels pending or confirmed bookings only", async () => {
    const m = await createMusician();
    const b = await create(m, { clientName: "Bola" });
    await setStatus(b.id, "confirmed");
    const ok = await act(m, m.profileId, { intent: "cancel", bookingId: b.id });
    expect(ok.body.toast.message).toBe("Booking for Bola has been cancelled");
    const again = await act(m, m.profileId, { intent: "cancel", bookingId: b.id });
    expect(again.status).toBe(409);
  });

  it("marks a confirmed booking completed once its event has ended, not before and not when pending", async () => {
    const m = await createMusician();
    const past = await create(m, { clientName: "Past", eventDate: "2025-01-05", pastEvent: "on" });
    const future = await create(m, { clientName: "Future", eventDate: "2099-01-05" });
    const pending = await create(m, {
      clientName: "Still pending",
      eventDate: "2025-01-05",
      pastEvent: "on",
    });
    await setStatus(past.id, "confirmed");
    await setStatus(future.id, "confirmed");
    const ok = await act(m, m.profileId, { intent: "complete", bookingId: past.id });
    expect(ok.body.toast.message).toBe("Booking for Past has been marked completed");
    const early = await act(m, m.profileId, { intent: "complete", bookingId: future.id });
    expect(early.status).toBe(409);
    expect(early.body.toast.message).toBe(
      "A booking can be marked completed only once its event has ended. That is from Monday, 5 January 2099 at 6:00 PM.",
    );
    const notConfirmed = await act(m, m.profileId, { intent: "complete", bookingId: pending.id });
    expect(notConfirmed.body.toast.message).toBe("Only confirmed bookings can be marked completed.");
  });

  it("answers a malformed id or an unknown intent with a message, not a crash", async () => {
    const m = await createMusician();
    const b = await create(m);
    expect((await act(m, m.profileId, { intent: "delete", bookingId: "'; drop table" })).status).toBe(404);
    const unknown = await act(m, m.profileId, { intent: "explode", bookingId: b.id });
    expect(unknown.status).toBe(400);
  });
});
