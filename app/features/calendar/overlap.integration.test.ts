import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDaysToDate } from "~/lib/lagos-date";
import { action as createAction } from "~/routes/api-bookings";
import { action as confirmAction } from "~/routes/booking";
import { action as bookingsAction } from "~/routes/musician-bookings";
import { db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianUnavailableDates } from "~db/schema/calendar";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";
import { answer, args, post, validBooking } from "../bookings/booking-test-support";
import { BOOKED_JUST_NOW } from "./calendar.schema";

// Days ahead of the real clock (a fixed date would one day be "already over" and refused).
const DAY = lagosDay(106);
const at = (days: number) => addDaysToDate(DAY, days);
const [NEXT_DAY, OTHER_DAY, EVENT_DAY, DAY_OFF, BOOKED_DAY, PENDING_DAY] = [1, 19, 49, 80, 112, 113].map(at);

async function create(m: TestMusician, over: Record<string, string> = {}) {
  const res = await answer(() =>
    createAction(args(post(m, "/api/bookings", { ...validBooking, eventDate: DAY, ...over }))),
  );
  return res;
}

async function booked(m: TestMusician, over: Record<string, string> = {}) {
  const res = await create(m, { allowOverlap: "1", ...over });
  expect(res.status).toBe(200);
  return res.body.slug as string;
}

const confirm = (slug: string) =>
  answer(() => confirmAction(args(post(null, `/booking/${slug}`, { intent: "confirm" }), { slug })));

async function statusOf(slug: string) {
  const [row] = await db
    .select({ status: bookingsByMusician.status })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.slug, slug));
  return row?.status;
}

describe("the database never holds two overlapping confirmed bookings of one musician", () => {
  it("two clients confirming overlapping evenings at the same instant: one success, one clear refusal", async () => {
    const m = await createMusician();
    const a = await booked(m, { clientName: "Ada Eze", eventStartTime: "18:00", eventEndTime: "22:00" });
    const b = await booked(m, { clientName: "Bola Ade", eventStartTime: "20:00", eventEndTime: "23:30" });
    const results = await Promise.all([confirm(a), confirm(b)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refusal = results.find((r) => r.status === 409)!;
    expect(refusal.body).toMatchObject({ ok: false, toast: { type: "error", message: BOOKED_JUST_NOW } });
    const confirmed = [await statusOf(a), await statusOf(b)].filter((s) => s === "confirmed");
    expect(confirmed).toHaveLength(1);
  });

  it("many concurrent confirmations of one slot: exactly one wins, none is a 500", async () => {
    const m = await createMusician();
    const slugs: string[] = [];
    for (let i = 0; i < 6; i++) slugs.push(await booked(m, { clientName: `Client ${i}` }));
    const results = await Promise.all(slugs.map(confirm));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it("a booking with no times blocks the whole day; back-to-back times do not overlap", async () => {
    const m = await createMusician();
    const allDay = await booked(m, { eventStartTime: "", eventEndTime: "" });
    const morning = await booked(m, { eventStartTime: "08:00", eventEndTime: "09:00" });
    expect((await confirm(allDay)).status).toBe(200);
    expect((await confirm(morning)).body.toast.message).toBe(BOOKED_JUST_NOW);

    const other = await createMusician();
    const first = await booked(other, { eventStartTime: "14:00", eventEndTime: "18:00" });
    const next = await booked(other, { eventStartTime: "18:00", eventEndTime: "22:00" });
    const nextDay = await booked(other, { eventDate: NEXT_DAY, eventStartTime: "", eventEndTime: "" });
    expect((await confirm(first)).status).toBe(200);
    expect((await confirm(next)).status).toBe(200);
    expect((await confirm(nextDay)).status).toBe(200);
  });

  it("different musicians may be booked at the same time; a cancelled booking frees the time", async () => {
    const m1 = await createMusician();
    const m2 = await createMusician();
    expect((await confirm(await booked(m1))).status).toBe(200);
    expect((await confirm(await booked(m2))).status).toBe(200);

    const first = await booked(m1, { eventDate: OTHER_DAY });
    expect((await confirm(first)).status).toBe(200);
    await db
      .update(bookingsByMusician)
      .set({ status: "cancelled" })
      .where(eq(bookingsByMusician.slug, first));
    expect((await confirm(await booked(m1, { eventDate: OTHER_DAY }))).status).toBe(200);
  });

  it("the constraint itself refuses a direct write, whatever the code path", async () => {
    const m = await createMusician();
    const a = await booked(m);
    const b = await booked(m);
    await confirm(a);
    await expect(
      db.execute(sql`UPDATE bookings_by_musician SET status = 'confirmed' WHERE slug = ${b}`),
    ).rejects.toMatchObject({ cause: { code: "23P01" } });
  });

  it("a booking kept from before the rule (overlap_exempt) still blocks new bookings over it", async () => {
    const m = await createMusician();
    const early = await booked(m, { eventStartTime: "14:00", eventEndTime: "18:00" });
    expect((await confirm(early)).status).toBe(200);
    // As the calendar migration left an overlap confirmed before the rule existed: kept, exempted.
    const kept = await booked(m, { eventStartTime: "17:00", eventEndTime: "21:00" });
    await db.execute(
      sql`UPDATE bookings_by_musician SET status = 'confirmed', overlap_exempt = true WHERE slug = ${kept}`,
    );

    // A new booking that overlaps only the kept one is refused, by the app and by a direct write.
    const late = await booked(m, { eventStartTime: "19:00", eventEndTime: "22:00" });
    const refused = await confirm(late);
    expect(refused.status).toBe(409);
    expect(refused.body.toast.message).toBe(BOOKED_JUST_NOW);
    expect(await statusOf(late)).not.toBe("confirmed");
    await expect(
      db.execute(sql`UPDATE bookings_by_musician SET status = 'confirmed' WHERE slug = ${late}`),
    ).rejects.toMatchObject({ cause: { code: "23P01", constraint: "bookings_by_musician_no_overlap" } });

    // Clear of it, a booking confirms; the kept pair itself still completes as before.
    expect((await confirm(await booked(m, { eventStartTime: "21:00", eventEndTime: "23:00" }))).status).toBe(
      200,
    );
    await db.execute(
      sql`UPDATE bookings_by_musician SET status = 'completed' WHERE slug IN (${early}, ${kept})`,
    );
    expect([await statusOf(early), await statusOf(kept)]).toEqual(["completed", "completed"]);
  });

  it("re-confirming one's own confirmed booking stays fine", async () => {
    const m = await createMusician();
    const a = await booked(m);
    expect((await confirm(a)).status).toBe(200);
    expect((await confirm(a)).status).toBe(200);
  });
});

describe("the musician is warned before saving an overlapping booking", () => {
  it("creating over a confirmed booking, a scheduled event or an unavailable day warns and saves nothing", async () => {
    const m = await createMusician();
    const taken = await booked(m, { clientName: "Ada Eze", eventStartTime: "14:00", eventEndTime: "18:00" });
    await confirm(taken);
    const before = await db.$count(bookingsByMusician, eq(bookingsByMusician.musicianId, m.profileId));

    const overBooking = await create(m, {
      clientName: "Chi",
      eventStartTime: "17:00",
      eventEndTime: "19:00",
    });
    expect(overBooking.status).toBe(409);
    expect(overBooking.body.clashes).toEqual([
      { kind: "booking", title: "Ada Eze", date: DAY, startTime: "14:00:00", endTime: "18:00:00" },
    ]);

    await db.insert(musicianPerformances).values({
      profileId: m.profileId,
      eventTitle: "Jazz night",
      eventType: "Concert",
      eventDate: EVENT_DAY,
      startTime: "20:00",
      endTime: "23:00",
    });
    const overEvent = await create(m, { eventDate: EVENT_DAY, eventStartTime: "", eventEndTime: "" });
    expect(overEvent.status).toBe(409);
    expect(overEvent.body.clashes[0]).toMatchObject({ kind: "event", title: "Jazz night" });
    const beforeEvent = await create(m, {
      eventDate: EVENT_DAY,
      eventStartTime: "12:00",
      eventEndTime: "15:00",
    });
    expect(beforeEvent.status).toBe(200);

    await db.insert(musicianUnavailableDates).values({ profileId: m.profileId, date: DAY_OFF });
    const overDayOff = await create(m, { eventDate: DAY_OFF });
    expect(overDayOff.status).toBe(409);
    expect(overDayOff.body.clashes[0]).toMatchObject({ kind: "unavailable", date: DAY_OFF });

    expect(await db.$count(bookingsByMusician, eq(bookingsByMusician.musicianId, m.profileId))).toBe(
      before + 1,
    );

    // "Save anyway": the musician has seen the warning.
    const anyway = await create(m, { eventDate: DAY_OFF, allowOverlap: "1" });
    expect(anyway.status).toBe(200);
  });

  it("a pending booking elsewhere on the day, or another musician's booking, does not warn", async () => {
    const m = await createMusician();
    await booked(m);
    const other = await createMusician();
    await confirm(await booked(other));
    expect((await create(m)).status).toBe(200);
  });

  it("editing a pending booking onto a confirmed one's time warns; editing it in place does not", async () => {
    const m = await createMusician();
    const slug = await booked(m, { clientName: "Ada Eze", eventDate: BOOKED_DAY });
    await confirm(slug);
    const pending = await booked(m, { clientName: "Bola", eventDate: PENDING_DAY });
    const [row] = await db
      .select({ id: bookingsByMusician.id })
      .from(bookingsByMusician)
      .where(eq(bookingsByMusician.slug, pending));
    const [profileRow] = await db
      .execute<{ slug: string }>(
        sql`UPDATE musician_profiles SET slug = ${`desk-${m.profileId.slice(0, 8)}`} WHERE id = ${m.profileId} RETURNING slug`,
      )
      .then((r) => r.rows);
    const edit = (over: Record<string, string>) =>
      answer(() =>
        bookingsAction(
          args(
            post(m, `/musician_bookings/${profileRow!.slug}`, {
              ...validBooking,
              clientName: "Bola",
              intent: "update",
              bookingId: row!.id,
              ...over,
            }),
            { slug: profileRow!.slug },
          ),
        ),
      );
    const inPlace = await edit({ eventDate: PENDING_DAY, eventStartTime: "10:00", eventEndTime: "12:00" });
    expect(inPlace.status).toBe(200);
    const onto = await edit({ eventDate: BOOKED_DAY });
    expect(onto.status).toBe(409);
    expect(onto.body.clashes[0]).toMatchObject({ kind: "booking", title: "Ada Eze" });
    const anyway = await edit({ eventDate: BOOKED_DAY, allowOverlap: "1" });
    expect(anyway.status).toBe(200);
    // Saved, but the client's confirmation is still refused by the database rule.
    expect((await confirm(pending)).body.toast.message).toBe(BOOKED_JUST_NOW);
  });
});
