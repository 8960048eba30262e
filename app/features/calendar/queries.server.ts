import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { bookingsByMusician as b } from "~db/schema/bookings";
import { bookingConfirmations, calendarFeeds, musicianUnavailableDates as u } from "~db/schema/calendar";
import { musicianBusy } from "~db/schema/lineups";
import { musicianPerformances as p } from "~db/schema/profiles";
import type { Clash } from "./calendar.schema";

// Statuses that occupy the musician's time (paid bookings stay "confirmed"; see the calendar migration).
export const BUSY_STATUSES = ["confirmed", "completed"] as const;

/** bookings_by_musician.busy_during: a generated column the Drizzle schema does not declare. */
const busyDuring = sql`${b}.busy_during`;

export interface Slot {
  date: string;
  startTime: string | null;
  endTime: string | null;
}

const range = (s: Slot) => sql`lagos_busy_range(${s.date}::date, ${s.startTime}::time, ${s.endTime}::time)`;

/** Confirmed bookings, events and unavailable days of the musician that overlap the slot. */
export async function findClashes(musicianId: string, slot: Slot, exceptBookingId: string | null) {
  const [bookings, events, days, lineUps] = await Promise.all([
    db
      .select({
        title: b.clientName,
        date: b.eventDate,
        startTime: b.eventStartTime,
        endTime: b.eventEndTime,
      })
      .from(b)
      .where(
        and(
          eq(b.musicianId, musicianId),
          inArray(b.status, [...BUSY_STATUSES]),
          sql`${busyDuring} && ${range(slot)}`,
          exceptBookingId ? ne(b.id, exceptBookingId) : undefined,
        ),
      )
      .limit(5),
    db
      .select({ title: p.eventTitle, date: p.eventDate, startTime: p.startTime, endTime: p.endTime })
      .from(p)
      .where(
        and(
          eq(p.profileId, musicianId),
          eq(p.eventDate, slot.date),
          sql`lagos_busy_range(${p.eventDate}, ${p.startTime}, ${p.endTime}) && ${range(slot)}`,
        ),
      )
      .limit(5),
    db
      .select({ date: u.date })
      .from(u)
      .where(and(eq(u.profileId, musicianId), eq(u.date, slot.date))),
    // Line-ups the musician accepted in another musician's booking (issue 39): busy like their own.
    db
      .select({ date: b.eventDate, startTime: b.eventStartTime, endTime: b.eventEndTime })
      .from(musicianBusy)
      .innerJoin(b, eq(b.id, musicianBusy.bookingId))
      .where(
        and(
          eq(musicianBusy.musicianId, musicianId),
          sql`${musicianBusy.lineUpMemberId} IS NOT NULL`,
          sql`"musician_busy"."busy_during" && ${range(slot)}`,
          exceptBookingId ? ne(b.id, exceptBookingId) : undefined,
        ),
      )
      .limit(5),
  ]);
  const clashes: Clash[] = [
    ...bookings.map((r) => ({ kind: "booking" as const, ...r, date: r.date ?? slot.date })),
    ...events.map((r) => ({ kind: "event" as const, ...r, date: r.date ?? slot.date })),
    ...days.map((r) => ({
      kind: "unavailable" as const,
      title: "Unavailable",
      date: r.date,
      startTime: null,
      endTime: null,
    })),
    ...lineUps.map((r) => ({
      kind: "booking" as const,
      title: "Line-up gig",
      ...r,
      date: r.date ?? slot.date,
    })),
  ];
  return clashes;
}

/** Days from `from` to `to` on which the musician is booked, has an event or is unavailable. */
export async function busyDatesBetween(musicianId: string, from: string, to: string): Promise<string[]> {
  const rows = await db.execute<{ day: string }>(sql`
    SELECT ${b.eventDate}::text AS day FROM ${b}
    WHERE ${b.musicianId} = ${musicianId} AND ${b.status} IN ('confirmed', 'completed')
      AND ${b.eventDate} BETWEEN ${from}::date AND ${to}::date
    UNION
    SELECT ${p.eventDate}::text FROM ${p}
    WHERE ${p.profileId} = ${musicianId} AND ${p.eventDate} BETWEEN ${from}::date AND ${to}::date
    UNION
    SELECT ${u.date}::text FROM ${u}
    WHERE ${u.profileId} = ${musicianId} AND ${u.date} BETWEEN ${from}::date AND ${to}::date
    UNION
    SELECT lb.event_date::text FROM musician_busy mb JOIN bookings_by_musician lb ON lb.id = mb.booking_id
    WHERE mb.musician_id = ${musicianId} AND mb.line_up_member_id IS NOT NULL
      AND lb.event_date BETWEEN ${from}::date AND ${to}::date
    ORDER BY 1`);
  return rows.rows.map((r) => r.day);
}

// --- unavailable days ---

export function unavailableDatesFrom(profileId: string, from: string) {
  return db
    .select({ id: u.id, date: u.date })
    .from(u)
    .where(and(eq(u.profileId, profileId), gte(u.date, from)))
    .orderBy(asc(u.date))
    .limit(200);
}

export async function insertUnavailableDates(profileId: string, dates: string[]): Promise<number> {
  const rows = await db
    .insert(u)
    .values(dates.map((date) => ({ profileId, date })))
    .onConflictDoNothing()
    .returning({ id: u.id });
  return rows.length;
}

export async function deleteUnavailableDate(profileId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(u)
    .where(and(eq(u.id, id), eq(u.profileId, profileId)))
    .returning({ id: u.id });
  return rows.length > 0;
}

// --- the subscription feed ---

export async function findFeedToken(musicianId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.musicianId, musicianId));
  return row?.token ?? null;
}

/** Sets the musician's token, replacing any earlier one (which then stops working). */
export async function saveFeedToken(musicianId: string, token: string, replace: boolean): Promise<string> {
  const insert = db.insert(calendarFeeds).values({ musicianId, token });
  const [row] = replace
    ? await insert
        .onConflictDoUpdate({ target: calendarFeeds.musicianId, set: { token, createdAt: new Date() } })
        .returning({ token: calendarFeeds.token })
    : await insert.onConflictDoNothing().returning({ token: calendarFeeds.token });
  return row?.token ?? ((await findFeedToken(musicianId)) as string);
}

export async function findMusicianByFeedToken(token: string): Promise<string | null> {
  const [row] = await db
    .select({ musicianId: calendarFeeds.musicianId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row?.musicianId ?? null;
}

/** What the feed lists: bookings that occupy time (a cancelled one drops out on the next refresh). */
export function feedBookings(musicianId: string, from: string) {
  return db
    .select({
      id: b.id,
      slug: b.slug,
      clientName: b.clientName,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      location: b.location,
      eventDate: b.eventDate,
      eventStartTime: b.eventStartTime,
      eventEndTime: b.eventEndTime,
      paymentStatus: b.paymentStatus,
      updatedAt: b.updatedAt,
    })
    .from(b)
    .where(and(eq(b.musicianId, musicianId), inArray(b.status, [...BUSY_STATUSES]), gte(b.eventDate, from)))
    .orderBy(asc(b.eventDate))
    .limit(1000);
}

export function feedEvents(musicianId: string, from: string) {
  return db
    .select({
      id: p.id,
      eventTitle: p.eventTitle,
      eventType: p.eventType,
      location: p.location,
      eventDate: p.eventDate,
      startTime: p.startTime,
      endTime: p.endTime,
      createdAt: p.createdAt,
    })
    .from(p)
    .where(and(eq(p.profileId, musicianId), gte(p.eventDate, from)))
    .orderBy(asc(p.eventDate))
    .limit(1000);
}

// --- the confirmation record (the contract shows it) ---

/** The first confirmation is the record; confirming again changes nothing. */
export async function insertConfirmation(bookingId: string, confirmedBy: string): Promise<void> {
  await db.insert(bookingConfirmations).values({ bookingId, confirmedBy }).onConflictDoNothing();
}

export async function findConfirmation(bookingId: string) {
  const [row] = await db
    .select({ confirmedBy: bookingConfirmations.confirmedBy, confirmedAt: bookingConfirmations.confirmedAt })
    .from(bookingConfirmations)
    .where(eq(bookingConfirmations.bookingId, bookingId));
  return row ?? null;
}
