// The line-ups' one Drizzle file: places, the bookings they belong to, the musicians in them, threads.
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbExecutor, db } from "~/server/db.server";
import { bookingsByMusician } from "~db/schema/bookings";
import { type LineUpStatus, lineUpMembers, lineUpMessages, musicianBusy } from "~db/schema/lineups";
import { musicianProfiles } from "~db/schema/profiles";

const b = bookingsByMusician;
const p = lineUpMembers;
const member = alias(musicianProfiles, "member");
const leader = alias(musicianProfiles, "leader");

const bookingColumns = {
  id: b.id,
  slug: b.slug,
  musicianId: b.musicianId,
  status: b.status,
  paymentStatus: b.paymentStatus,
  priceKobo: b.priceKobo,
  eventType: b.eventType,
  eventTypeOther: b.eventTypeOther,
  eventDate: b.eventDate,
  eventStartTime: b.eventStartTime,
  eventEndTime: b.eventEndTime,
  location: b.location,
};

/** The booking, locked FOR UPDATE (the same lock the money module's payment takes first). */
export async function lockBooking(tx: DbExecutor, bookingId: string) {
  const [row] = await tx.select(bookingColumns).from(b).where(eq(b.id, bookingId)).for("update");
  return row ?? null;
}

export async function findBooking(bookingId: string, ex: DbExecutor = db) {
  const [row] = await ex.select(bookingColumns).from(b).where(eq(b.id, bookingId));
  return row ?? null;
}

export type LineUpBooking = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

function nameColumns<T extends { stageName: unknown; firstName: unknown; lastName: unknown }>(t: T) {
  return { stageName: t.stageName, firstName: t.firstName, lastName: t.lastName } as Pick<
    T,
    "stageName" | "firstName" | "lastName"
  >;
}

/** A musician by their website slug, or everyone whose stage name is exactly this (any case). */
export async function findMusiciansByRef(slug: string | null, name: string) {
  const columns = { id: musicianProfiles.id, slug: musicianProfiles.slug, ...nameColumns(musicianProfiles) };
  if (slug) {
    const bySlug = await db.select(columns).from(musicianProfiles).where(eq(musicianProfiles.slug, slug));
    if (bySlug.length > 0) return bySlug;
  }
  return db
    .select(columns)
    .from(musicianProfiles)
    .where(sql`lower(trim(${musicianProfiles.stageName})) = lower(${name})`)
    .limit(5);
}

const placeColumns = {
  id: p.id,
  bookingId: p.bookingId,
  memberId: p.memberId,
  role: p.role,
  feeKobo: p.feeKobo,
  status: sql<LineUpStatus>`${p.status}`,
  invitedAt: p.invitedAt,
  respondedAt: p.respondedAt,
};

/** Every place of a booking (all statuses), oldest first, with the member's names. */
export function placesOf(bookingId: string, ex: DbExecutor = db) {
  return ex
    .select({ ...placeColumns, member: { ...nameColumns(member), slug: member.slug, userId: member.userId } })
    .from(p)
    .innerJoin(member, eq(member.id, p.memberId))
    .where(eq(p.bookingId, bookingId))
    .orderBy(asc(p.invitedAt), asc(p.id));
}

/** The accepted places of many bookings (the client's view: names and roles). */
export function acceptedPlacesOf(bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ bookingId: p.bookingId, role: p.role, member: nameColumns(member) })
    .from(p)
    .innerJoin(member, eq(member.id, p.memberId))
    .where(and(inArray(p.bookingId, bookingIds), eq(p.status, "accepted")))
    .orderBy(asc(p.invitedAt), asc(p.id));
}

/** Sum of the fees of the live (invited or accepted) places, leaving one out (the one being changed). */
export async function liveFeesKobo(tx: DbExecutor, bookingId: string, exceptPlaceId: string | null = null) {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${p.feeKobo}), 0)` })
    .from(p)
    .where(
      and(
        eq(p.bookingId, bookingId),
        inArray(p.status, ["invited", "accepted"]),
        exceptPlaceId ? sql`${p.id} <> ${exceptPlaceId}` : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

export async function insertPlace(
  tx: DbExecutor,
  row: { bookingId: string; memberId: string; role: string; feeKobo: number },
) {
  const [inserted] = await tx.insert(p).values(row).returning({ id: p.id });
  return inserted!.id;
}

/** A place with its booking and both musicians; `lock` locks the booking first (then the place). */
export async function findPlace(placeId: string, ex: DbExecutor = db) {
  const [row] = await ex
    .select({
      ...placeColumns,
      booking: bookingColumns,
      member: { ...nameColumns(member), slug: member.slug, userId: member.userId, phone: member.phoneNumber },
      leader: { ...nameColumns(leader), slug: leader.slug, userId: leader.userId },
    })
    .from(p)
    .innerJoin(b, eq(b.id, p.bookingId))
    .innerJoin(member, eq(member.id, p.memberId))
    .innerJoin(leader, eq(leader.id, b.musicianId))
    .where(eq(p.id, placeId));
  return row ?? null;
}

export type PlaceRow = NonNullable<Awaited<ReturnType<typeof findPlace>>>;

/** Moves a place from one status to another; false when it was no longer in `from` (a race, a repeat). */
export async function setPlaceStatus(
  tx: DbExecutor,
  placeId: string,
  from: LineUpStatus[],
  to: LineUpStatus,
  responded: boolean,
): Promise<boolean> {
  const done = await tx
    .update(p)
    .set({ status: to, updatedAt: new Date(), ...(responded ? { respondedAt: new Date() } : {}) })
    .where(and(eq(p.id, placeId), inArray(p.status, from)))
    .returning({ id: p.id });
  return done.length > 0;
}

export async function changePlace(tx: DbExecutor, placeId: string, role: string, feeKobo: number) {
  const done = await tx
    .update(p)
    .set({ role, feeKobo, updatedAt: new Date() })
    .where(and(eq(p.id, placeId), inArray(p.status, ["invited", "accepted"])))
    .returning({ id: p.id });
  return done.length > 0;
}

/** A member's places: invites waiting, and gigs accepted (upcoming first), with booking and leader. */
export function placesOfMember(memberId: string, statuses: LineUpStatus[]) {
  return db
    .select({
      ...placeColumns,
      booking: bookingColumns,
      leader: { ...nameColumns(leader), slug: leader.slug },
    })
    .from(p)
    .innerJoin(b, eq(b.id, p.bookingId))
    .innerJoin(leader, eq(leader.id, b.musicianId))
    .where(and(eq(p.memberId, memberId), inArray(p.status, statuses)))
    .orderBy(sql`${b.eventDate} ASC NULLS LAST`, desc(p.invitedAt));
}

/** A member's accepted gigs on bookings that are not cancelled, from `fromDate` on (their events). */
export function acceptedGigsOf(memberId: string, fromDate: string | null) {
  return db
    .select({
      placeId: p.id,
      role: p.role,
      booking: bookingColumns,
      leader: nameColumns(leader),
    })
    .from(p)
    .innerJoin(b, eq(b.id, p.bookingId))
    .innerJoin(leader, eq(leader.id, b.musicianId))
    .where(
      and(
        eq(p.memberId, memberId),
        eq(p.status, "accepted"),
        sql`${b.status} <> 'cancelled'`,
        fromDate ? gte(b.eventDate, fromDate) : undefined,
      ),
    )
    .orderBy(sql`${b.eventDate} ASC NULLS LAST`);
}

export function threadOf(placeId: string) {
  return db
    .select({
      id: lineUpMessages.id,
      senderId: lineUpMessages.senderId,
      body: lineUpMessages.body,
      createdAt: lineUpMessages.createdAt,
    })
    .from(lineUpMessages)
    .where(eq(lineUpMessages.placeId, placeId))
    .orderBy(asc(lineUpMessages.id));
}

export async function insertThreadMessage(placeId: string, senderId: string, body: string) {
  const [row] = await db
    .insert(lineUpMessages)
    .values({ placeId, senderId, body })
    .returning({ id: lineUpMessages.id, createdAt: lineUpMessages.createdAt });
  return row!;
}

/** Whether the musician is busy (a confirmed booking or an accepted line-up) at the booking's time. */
export async function busyAtBookingTime(musicianId: string, bookingId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(musicianBusy)
    .innerJoin(b, eq(b.id, bookingId))
    .where(
      and(
        eq(musicianBusy.musicianId, musicianId),
        sql`"musician_busy"."busy_during" && "bookings_by_musician"."busy_during"`,
        sql`${musicianBusy.bookingId} <> ${bookingId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The musician's phone as saved on their profile (for the invite's text). */
export async function musicianPhone(musicianId: string) {
  const [row] = await db
    .select({ phone: musicianProfiles.phoneNumber })
    .from(musicianProfiles)
    .where(eq(musicianProfiles.id, musicianId));
  return row?.phone ?? null;
}

/** The latest answers (accepted, declined, left) to a leader's invites, for their dashboard. */
export function recentAnswersTo(leaderId: string, since: Date, limit: number) {
  return db
    .select({
      placeId: p.id,
      status: sql<LineUpStatus>`${p.status}`,
      role: p.role,
      respondedAt: p.respondedAt,
      booking: {
        slug: b.slug,
        eventType: b.eventType,
        eventTypeOther: b.eventTypeOther,
        eventDate: b.eventDate,
      },
      member: nameColumns(member),
    })
    .from(p)
    .innerJoin(b, eq(b.id, p.bookingId))
    .innerJoin(member, eq(member.id, p.memberId))
    .where(
      and(
        eq(b.musicianId, leaderId),
        inArray(p.status, ["accepted", "declined", "left"]),
        gte(p.respondedAt, since),
      ),
    )
    .orderBy(desc(p.respondedAt))
    .limit(limit);
}
