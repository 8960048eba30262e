import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import ical, { type ICalCalendar, ICalEventStatus } from "ical-generator";
import { memberGigs } from "~/features/lineups/line-up-views.server";
import {
  ourWords,
  readByAuthor,
  type Shown,
  sentence,
  shownTo,
  type TextFields,
} from "~/features/messaging/contact-boundary";
import { addDaysToDate, LAGOS_TZ, lagosToday } from "~/lib/lagos-date";
import { publicOrigin } from "~/server/env.server";
import {
  feedBookings,
  feedEvents,
  findFeedToken,
  findMusicianByFeedToken,
  saveFeedToken,
} from "./queries.server";

// Lagos keeps West Africa Time all year (no daylight saving), so its VTIMEZONE is one fixed rule.
const LAGOS_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${LAGOS_TZ}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0100",
  "TZNAME:WAT",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/** A feed token: 256 random bits, URL-safe. Holding it is the only way to read the feed. */
export function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function feedUrl(token: string): string {
  return `${publicOrigin()}/calendar/${token}.ics`;
}

/** The musician's subscription URL, made on first use. */
export async function ownFeedUrl(musicianId: string): Promise<string> {
  const token = (await findFeedToken(musicianId)) ?? (await saveFeedToken(musicianId, newFeedToken(), false));
  return feedUrl(token);
}

/** A new URL; the old one stops working at once. */
export async function regenerateFeed(musicianId: string): Promise<string> {
  return feedUrl(await saveFeedToken(musicianId, newFeedToken(), true));
}

interface Timed {
  eventDate: string | null;
  startTime: string | null;
  endTime: string | null;
}

function lagosAt(date: string, time: string): TZDate {
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new TZDate(y!, m! - 1, d!, h!, min!, LAGOS_TZ);
}

/**
 * Start and end in Lagos; no times is an all-day event; a start alone runs to midnight (as the overlap
 * rule); an end before the start is an overnight event ending the next day (event-time.ts).
 */
function when({ eventDate, startTime, endTime }: Timed & { eventDate: string }) {
  // An all-day event is a calendar date, not an instant: ical-generator writes a date-only value from the
  // UTC fields of what it is given, so Lagos midnight (23:00 UTC the day before) came out a day early in
  // every feed. The "YYYY-MM-DD" string parses as that day's UTC midnight: the booked date, in any zone.
  if (!startTime) return { start: eventDate, allDay: true as const };
  const end =
    endTime && endTime > startTime
      ? lagosAt(eventDate, endTime)
      : endTime && endTime < startTime
        ? lagosAt(addDaysToDate(eventDate, 1), endTime)
        : lagosAt(addDaysToDate(eventDate, 1), "00:00");
  return { start: lagosAt(eventDate, startTime), end, timezone: LAGOS_TZ };
}

function newCalendar(name: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: "Stagebook", product: "calendar", language: "EN" },
    timezone: { name: null, generator: (tz) => (tz === LAGOS_TZ ? LAGOS_VTIMEZONE : null) },
  });
}

const withOther = (value: Shown, other: Shown | null) => (other ? sentence`${value} (${other})` : value);

/** The words of a calendar entry: each has passed the contact boundary (ADR 0028) or is ours. */
type EntryWords = { summary: Shown; location: Shown | null; description: Shown };
const entryWords = (w: EntryWords) => ({ ...w, location: w.location ?? undefined });

/** What a booking in the musician's own feed shows: the client's words masked until it is paid. */
const FEED_BOOKING_FIELDS: TextFields<FeedBooking> = {
  id: "ours",
  slug: "ours",
  clientName: "typed",
  eventType: "ours",
  eventTypeOther: "typed",
  location: "typed",
  eventDate: "ours",
  eventStartTime: "ours",
  eventEndTime: "ours",
  paymentStatus: "ours",
};
type FeedBooking = Awaited<ReturnType<typeof feedBookings>>[number];

/** The subscription feed for a token, or null when the token is unknown (or was regenerated). */
export async function calendarFeed(token: string, now = new Date()): Promise<string | null> {
  const clean = token.replace(/\.ics$/, "");
  if (!TOKEN_PATTERN.test(clean)) return null;
  const musicianId = await findMusicianByFeedToken(clean);
  if (!musicianId) return null;
  // A year back is enough history for a calendar app; everything ahead is listed.
  const from = addDaysToDate(lagosToday(now), -365);
  const [bookings, events, gigs] = await Promise.all([
    feedBookings(musicianId, from),
    feedEvents(musicianId, from),
    memberGigs(musicianId, from),
  ]);
  const cal = newCalendar("Stagebook bookings and events");
  const origin = publicOrigin();
  for (const row of bookings) {
    const b = shownTo(row, FEED_BOOKING_FIELDS, { paymentStatus: row.paymentStatus });
    if (!b.eventDate) continue;
    const event = withOther(b.eventType, b.eventTypeOther);
    const link = ourWords(`${origin}/booking/${b.slug}`);
    cal.createEvent({
      id: `booking-${b.slug}@stagebook`,
      ...when({ eventDate: b.eventDate, startTime: b.eventStartTime, endTime: b.eventEndTime }),
      ...entryWords({
        summary: sentence`${event} — ${b.clientName}`,
        location: b.location,
        description: sentence`Booking for ${b.clientName} (${event}).\n${link}`,
      }),
      url: `${origin}/booking/${b.slug}`,
      status: ICalEventStatus.CONFIRMED,
      lastModified: b.updatedAt,
    });
  }
  for (const e of events) {
    if (!e.eventDate) continue;
    cal.createEvent({
      id: `event-${e.id}@stagebook`,
      ...when({ eventDate: e.eventDate, startTime: e.startTime, endTime: e.endTime }),
      // The musician's own entries, read by the musician.
      ...entryWords({
        summary: readByAuthor(e.eventTitle),
        location: readByAuthor(e.location),
        description: sentence`${readByAuthor(e.eventType)} (scheduled on Stagebook)`,
      }),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  // Line-ups the musician plays in (issue 39 §3): their role, the leader, the venue (masked like typed text).
  for (const g of gigs) {
    if (!g.eventDate) continue;
    const link = ourWords(`${origin}/musician_lineups/${musicianId}`);
    cal.createEvent({
      id: `line-up-${g.placeId}@stagebook`,
      ...when({ eventDate: g.eventDate, startTime: g.eventStartTime, endTime: g.eventEndTime }),
      ...entryWords({
        summary: sentence`${g.event} — line-up: ${g.role} with ${g.leader}`,
        location: g.venue,
        description: sentence`You play ${g.role} in ${g.leader}'s line-up (${g.event}).\n${link}`,
      }),
      url: `${origin}/musician_lineups/${musicianId}`,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}

/** One booking as a calendar file for its client (what the booking page shows, nothing more). */
export function bookingCalendarFile(booking: {
  slug: string;
  musicianName: Shown;
  eventType: Shown;
  eventTypeOther: Shown | null;
  eventDate: string | null;
  eventStartTime: string | null;
  eventEndTime: string | null;
  location: Shown | null;
  status: string;
}): string | null {
  if (!booking.eventDate) return null;
  const cal = newCalendar(`${booking.musicianName} — Stagebook booking`);
  const url = ourWords(`${publicOrigin()}/booking/${booking.slug}`);
  cal.createEvent({
    id: `booking-${booking.slug}@stagebook`,
    ...when({
      eventDate: booking.eventDate,
      startTime: booking.eventStartTime,
      endTime: booking.eventEndTime,
    }),
    ...entryWords({
      summary: sentence`${withOther(booking.eventType, booking.eventTypeOther)} with ${booking.musicianName}`,
      location: booking.location,
      description: sentence`Your booking with ${booking.musicianName}.\n${url}`,
    }),
    url,
    status: booking.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}

export const ICS_HEADERS = {
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
};
