import { and, desc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type DbExecutor, db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician, linkActions } from "~db/schema/bookings";
import { shortLinks } from "~db/schema/money-events";
import { phoneBookingMutes, phoneConsents, phoneMessages } from "~db/schema/phone-messages";
import { musicianProfiles } from "~db/schema/profiles";
import type { PhoneChannel, PhoneEvent, PhoneSide, PhoneVars } from "./phone-texts";

const pm = phoneMessages;
const b = bookingsByMusician;
const m = musicianProfiles;
const r = bookingRequests;

export type NewPhoneMessage = {
  messageKey: string;
  event: PhoneEvent;
  side: PhoneSide;
  channel: PhoneChannel;
  toPhone: string;
  bookingId: string | null;
  requestId: string | null;
  text: string;
  template: string | null;
  variables: string[] | null;
  vars: PhoneVars;
  sendAfter: Date;
};

/** Stores the message once: null when its key was stored before (the same event queued again). */
export async function insertPhoneMessage(ex: DbExecutor, row: NewPhoneMessage) {
  const [inserted] = await ex
    .insert(pm)
    .values(row)
    .onConflictDoNothing({ target: pm.messageKey })
    .returning({ id: pm.id, sendAfter: pm.sendAfter });
  return inserted ?? null;
}

/**
 * Takes a queued message for one attempt: a lease, so two workers (two hosts, a job and the sweep)
 * never send it at the same time; a worker that died mid-send lets it go when the lease ends.
 */
export async function claimPhoneMessage(id: string, leaseSeconds: number, now: Date) {
  const [row] = await db
    .update(pm)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${pm.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(pm.id, id),
        eq(pm.status, "queued"),
        lte(pm.sendAfter, now),
        or(isNull(pm.claimedUntil), lt(pm.claimedUntil, sql`now()`)),
      ),
    )
    .returning({
      id: pm.id,
      event: pm.event,
      side: pm.side,
      channel: pm.channel,
      toPhone: pm.toPhone,
      bookingId: pm.bookingId,
      text: pm.text,
      template: pm.template,
      variables: pm.variables,
      vars: pm.vars,
      attempts: pm.attempts,
    });
  return row ?? null;
}

/** A queued message written again for the channel chosen since it was queued. */
export async function switchPhoneMessageChannel(
  id: string,
  change: { channel: PhoneChannel; text: string; template: string | null; variables: string[] | null },
) {
  await db
    .update(pm)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(pm.id, id));
}

/** Whether this occurrence of an event was stored for this person by either channel. */
export async function phoneMessageStored(eventKeyAndSide: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pm.id })
    .from(pm)
    .where(or(eq(pm.messageKey, `${eventKeyAndSide}:sms`), eq(pm.messageKey, `${eventKeyAndSide}:whatsapp`)))
    .limit(1);
  return Boolean(row);
}

export async function findPhoneMessageState(id: string) {
  const [row] = await db
    .select({ status: pm.status, claimedUntil: pm.claimedUntil, sendAfter: pm.sendAfter })
    .from(pm)
    .where(eq(pm.id, id));
  return row ?? null;
}

export async function markPhoneMessage(
  id: string,
  change:
    | { status: "sent"; providerMessageId: string | null }
    | { status: "failed" | "skipped"; error: string }
    | { status: "queued"; error: string },
) {
  await db
    .update(pm)
    .set({
      status: change.status,
      claimedUntil: null,
      updatedAt: sql`now()`,
      ...(change.status === "sent"
        ? { providerMessageId: change.providerMessageId, sentAt: sql`now()`, lastError: null }
        : { lastError: change.error }),
    })
    .where(eq(pm.id, id));
}

/** A delivery report: sent → delivered or failed (never back from delivered). */
export async function recordDelivery(
  providerMessageId: string,
  status: "delivered" | "failed",
  error: string | null,
): Promise<number> {
  const rows = await db
    .update(pm)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status === "delivered" ? { deliveredAt: sql`now()` } : { lastError: error }),
    })
    .where(
      and(
        eq(pm.providerMessageId, providerMessageId),
        status === "delivered" ? sql`${pm.status} IN ('sent', 'failed')` : eq(pm.status, "sent"),
      ),
    )
    .returning({ id: pm.id });
  return rows.length;
}

/** Queued messages whose job may have been lost (a crash between storing and queueing). */
export function strandedPhoneMessages(olderThanSeconds: number, limit: number) {
  return db
    .select({ id: pm.id })
    .from(pm)
    .where(
      and(
        eq(pm.status, "queued"),
        lt(pm.sendAfter, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        or(isNull(pm.claimedUntil), lt(pm.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(pm.sendAfter)
    .limit(limit);
}

export function phoneMessagesOfBooking(bookingId: string) {
  return db
    .select({
      id: pm.id,
      event: pm.event,
      side: pm.side,
      channel: pm.channel,
      toPhone: pm.toPhone,
      text: pm.text,
      template: pm.template,
      status: pm.status,
      attempts: pm.attempts,
      lastError: pm.lastError,
      sendAfter: pm.sendAfter,
      sentAt: pm.sentAt,
      deliveredAt: pm.deliveredAt,
      createdAt: pm.createdAt,
    })
    .from(pm)
    .where(eq(pm.bookingId, bookingId))
    .orderBy(desc(pm.createdAt));
}

export async function findConsent(phone: string) {
  const [row] = await db
    .select({
      enabled: phoneConsents.enabled,
      channel: phoneConsents.channel,
      changedBy: phoneConsents.changedBy,
      updatedAt: phoneConsents.updatedAt,
    })
    .from(phoneConsents)
    .where(eq(phoneConsents.phone, phone));
  return row ?? null;
}

export async function saveConsent(
  phone: string,
  change: { enabled?: boolean; channel?: PhoneChannel },
  changedBy: "account" | "booking" | "stop",
) {
  await db
    .insert(phoneConsents)
    .values({ phone, enabled: change.enabled ?? true, channel: change.channel ?? "sms", changedBy })
    .onConflictDoUpdate({
      target: phoneConsents.phone,
      set: { ...change, changedBy, updatedAt: sql`now()` },
    });
}

export async function isBookingMuted(bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneBookingMutes.bookingId })
    .from(phoneBookingMutes)
    .where(eq(phoneBookingMutes.bookingId, bookingId));
  return Boolean(row);
}

export async function setBookingMuted(bookingId: string, muted: boolean) {
  if (muted) await db.insert(phoneBookingMutes).values({ bookingId }).onConflictDoNothing();
  else await db.delete(phoneBookingMutes).where(eq(phoneBookingMutes.bookingId, bookingId));
}

/** The numbers a booking's organiser may be texted on: the booking's, its request's, their account's. */
const organiserPhoneColumns = {
  bookingPhone: b.phoneNumber,
  requestPhone: r.phoneNumber,
  accountPhone: user.phoneNumber,
};

/** A booking's two sides as its messages name and reach them. */
export async function bookingForPhone(ex: DbExecutor, bookingId: string) {
  const [row] = await ex
    .select({
      id: b.id,
      slug: b.slug,
      musicianId: b.musicianId,
      musicianSlug: m.slug,
      stageName: m.stageName,
      firstName: m.firstName,
      lastName: m.lastName,
      musicianPhone: m.phoneNumber,
      clientName: b.clientName,
      ...organiserPhoneColumns,
      eventType: b.eventType,
      eventTypeOther: b.eventTypeOther,
      eventDate: b.eventDate,
      eventStartTime: b.eventStartTime,
      eventEndTime: b.eventEndTime,
      priceKobo: b.priceKobo,
      paymentStatus: b.paymentStatus,
      status: b.status,
    })
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .leftJoin(r, eq(r.id, b.requestId))
    .leftJoin(user, eq(user.id, b.clientUserId))
    .where(eq(b.id, bookingId));
  return row ?? null;
}

export async function musicianForPhone(musicianId: string) {
  const [row] = await db
    .select({
      slug: m.slug,
      stageName: m.stageName,
      firstName: m.firstName,
      lastName: m.lastName,
      phone: m.phoneNumber,
    })
    .from(m)
    .where(eq(m.id, musicianId));
  return row ?? null;
}

export async function musicianPhoneOfUser(userId: string) {
  const [row] = await db.select({ phone: m.phoneNumber }).from(m).where(eq(m.userId, userId));
  return row ?? null;
}

export async function accountPhoneOfUser(userId: string) {
  const [row] = await db.select({ phone: user.phoneNumber }).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function bookingBySlug(slug: string) {
  const [row] = await db
    .select({
      id: b.id,
      slug: b.slug,
      paymentStatus: b.paymentStatus,
      musicianId: b.musicianId,
      musicianUserId: m.userId,
      clientUserId: b.clientUserId,
    })
    .from(b)
    .innerJoin(m, eq(m.id, b.musicianId))
    .where(eq(b.slug, slug));
  return row ?? null;
}

/**
 * The booking's texts were turned off with the link by someone other than the client's account (issue 35
 * §1); turning them on again closes it.
 */
export async function setTextsOffByLink(bookingId: string, off: boolean) {
  if (off) await db.insert(linkActions).values({ bookingId, action: "texts_off" });
  else
    await db
      .update(linkActions)
      .set({ undoneAt: new Date() })
      .where(
        and(
          eq(linkActions.bookingId, bookingId),
          eq(linkActions.action, "texts_off"),
          isNull(linkActions.undoneAt),
        ),
      );
}

export async function textsOffByLink(bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: linkActions.id })
    .from(linkActions)
    .where(
      and(
        eq(linkActions.bookingId, bookingId),
        eq(linkActions.action, "texts_off"),
        isNull(linkActions.undoneAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A request's two sides, its event and links. */
export async function requestForPhone(requestId: string) {
  const [row] = await db
    .select({
      id: r.id,
      musicianId: r.musicianId,
      musicianSlug: m.slug,
      stageName: m.stageName,
      firstName: m.firstName,
      lastName: m.lastName,
      musicianPhone: m.phoneNumber,
      clientName: r.clientName,
      requestPhone: r.phoneNumber,
      accountPhone: user.phoneNumber,
      eventType: r.eventType,
      eventTypeOther: r.eventTypeOther,
      eventDate: r.eventDate,
      statusToken: r.statusToken,
    })
    .from(r)
    .innerJoin(m, eq(m.id, r.musicianId))
    .leftJoin(user, eq(user.id, r.clientUserId))
    .where(eq(r.id, requestId));
  if (!row) return null;
  const [booking] = await db
    .select({ id: b.id, slug: b.slug })
    .from(b)
    .where(eq(b.requestId, requestId))
    .orderBy(desc(b.createdAt))
    .limit(1);
  return { ...row, bookingId: booking?.id ?? null, bookingSlug: booking?.slug ?? null };
}

/** The short code of a path (made once per path: the same link always gets the same code). */
export async function shortCodeFor(ex: DbExecutor, target: string, fresh: string): Promise<string> {
  const [made] = await ex
    .insert(shortLinks)
    .values({ code: fresh, target })
    .onConflictDoNothing()
    .returning({ code: shortLinks.code });
  if (made) return made.code;
  const [row] = await ex
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(eq(shortLinks.target, target));
  if (!row) throw new Error("short link code collided; try again");
  return row.code;
}

export async function shortLinkTarget(code: string): Promise<string | null> {
  const [row] = await db
    .select({ target: shortLinks.target })
    .from(shortLinks)
    .where(eq(shortLinks.code, code));
  return row?.target ?? null;
}
