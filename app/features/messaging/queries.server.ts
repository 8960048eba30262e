import { and, asc, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { conversations, messages } from "~db/schema/messaging";
import { musicianProfiles } from "~db/schema/profiles";

const c = conversations;
const m = messages;
const p = musicianProfiles;

export const MESSAGE_CHANNEL = "stagebook_messages";

/** A conversation with both members' user ids (the musician's through their profile). */
export async function findConversation(id: string) {
  const [row] = await db
    .select({
      id: c.id,
      organiserUserId: c.organiserUserId,
      musicianId: c.musicianId,
      musicianUserId: p.userId,
      bookingId: c.bookingId,
      organiserReadId: c.organiserReadId,
      musicianReadId: c.musicianReadId,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.musicianId))
    .where(eq(c.id, id))
    .limit(1);
  return row ?? null;
}

/** One conversation per organiser and musician: the existing one, or a new one. */
export async function upsertConversation(
  organiserUserId: string,
  musicianId: string,
  about: { bookingId?: string | null; requestId?: string | null } = {},
) {
  const [row] = await db
    .insert(c)
    .values({
      organiserUserId,
      musicianId,
      bookingId: about.bookingId ?? null,
      requestId: about.requestId ?? null,
    })
    .onConflictDoUpdate({
      target: [c.organiserUserId, c.musicianId],
      set: {
        bookingId: sql`coalesce(excluded.booking_id, ${c.bookingId})`,
        requestId: sql`coalesce(excluded.request_id, ${c.requestId})`,
      },
    })
    .returning({ id: c.id });
  return row!;
}

export async function findMusicianBySlug(slug: string) {
  const [row] = await db
    .select({
      id: p.id,
      userId: p.userId,
      stageName: p.stageName,
      firstName: p.firstName,
      lastName: p.lastName,
    })
    .from(p)
    .where(and(eq(p.slug, slug), eq(p.websiteActive, true)))
    .limit(1);
  return row ?? null;
}

export async function findRequestClient(requestId: string, musicianId: string) {
  const [row] = await db
    .select({ clientUserId: bookingRequests.clientUserId })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

export async function findBookingClient(bookingId: string, musicianId: string) {
  const [row] = await db
    .select({ clientUserId: bookingsByMusician.clientUserId })
    .from(bookingsByMusician)
    .where(and(eq(bookingsByMusician.id, bookingId), eq(bookingsByMusician.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

/** Links a booking made from a conversation to the conversation and to the organiser's account. */
export async function attachBooking(conversationId: string, bookingSlug: string, organiserUserId: string) {
  await db.transaction(async (tx) => {
    const [b] = await tx
      .update(bookingsByMusician)
      .set({ clientUserId: sql`coalesce(${bookingsByMusician.clientUserId}, ${organiserUserId})` })
      .where(eq(bookingsByMusician.slug, bookingSlug))
      .returning({ id: bookingsByMusician.id });
    if (b) await tx.update(c).set({ bookingId: b.id }).where(eq(c.id, conversationId));
  });
}

/** The bookings between the pair that could be paid (the payments feature says whether they are). */
export async function bookingIdsOfPair(organiserUserId: string, musicianId: string) {
  const rows = await db
    .select({ id: bookingsByMusician.id })
    .from(bookingsByMusician)
    .where(
      and(
        eq(bookingsByMusician.musicianId, musicianId),
        eq(bookingsByMusician.clientUserId, organiserUserId),
        inArray(bookingsByMusician.status, ["confirmed", "completed"]),
      ),
    );
  return rows.map((r) => r.id);
}

export type Side = "organiser" | "musician";

const hasBooking = sql<boolean>`(${c.bookingId} IS NOT NULL OR EXISTS (
  SELECT 1 FROM ${bookingsByMusician} bb
  WHERE bb.musician_id = ${c.musicianId} AND bb.client_user_id = ${c.organiserUserId}))`;

// The musician's public name (stage name first), as the conversation list and the thread header show it.
const musicianName = sql<string>`coalesce(nullif(trim(${p.stageName}), ''), trim(concat_ws(' ', ${p.firstName}, ${p.lastName})))`;

/** The conversations of one side, newest first, with the last message and the unread count. */
export function listConversations(
  side: Side,
  memberId: string,
  userId: string,
  opts: { q: string; filter: "all" | "bookings" | "inquiries" },
) {
  const readId = side === "organiser" ? c.organiserReadId : c.musicianReadId;
  const otherName = side === "organiser" ? musicianName : sql<string>`${user.name}`;
  const last = sql<
    string | null
  >`(SELECT body FROM ${m} WHERE ${m.conversationId} = ${c.id} ORDER BY ${m.id} DESC LIMIT 1)`;
  const lastOriginal = sql<
    string | null
  >`(SELECT original_body FROM ${m} WHERE ${m.conversationId} = ${c.id} ORDER BY ${m.id} DESC LIMIT 1)`;
  const conditions = [side === "organiser" ? eq(c.organiserUserId, memberId) : eq(c.musicianId, memberId)];
  if (opts.filter === "bookings") conditions.push(hasBooking);
  if (opts.filter === "inquiries") conditions.push(sql`NOT ${hasBooking}`);
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    conditions.push(or(sql`${otherName} ILIKE ${like}`, sql`${last} ILIKE ${like}`)!);
  }
  return db
    .select({
      id: c.id,
      otherName,
      lastMessage: last,
      lastOriginal,
      musicianId: c.musicianId,
      organiserUserId: c.organiserUserId,
      lastMessageAt: c.lastMessageAt,
      bookingId: c.bookingId,
      unread: sql<number>`(SELECT count(*)::int FROM ${m} WHERE ${m.conversationId} = ${c.id} AND ${m.id} > ${readId} AND ${m.senderUserId} <> ${userId})`,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.musicianId))
    .innerJoin(user, eq(user.id, c.organiserUserId))
    .where(and(...conditions))
    .orderBy(sql`${c.lastMessageAt} DESC NULLS LAST`, desc(c.createdAt))
    .limit(100);
}

const messageColumns = {
  id: m.id,
  conversationId: m.conversationId,
  senderUserId: m.senderUserId,
  // The musician's messages carry the same name as the thread's header ("Tunde Sax", not the account's
  // "Tunde Adeyemi"); the organiser's, their account name.
  senderName: sql<string>`CASE WHEN ${m.senderUserId} = ${p.userId} THEN ${musicianName} ELSE ${user.name} END`,
  body: m.body,
  // As typed, when something was hidden: shown instead of body once the pair has a paid booking.
  originalBody: m.originalBody,
  createdAt: m.createdAt,
};

export function listMessages(conversationId: string) {
  return db
    .select(messageColumns)
    .from(m)
    .innerJoin(user, eq(user.id, m.senderUserId))
    .innerJoin(c, eq(c.id, m.conversationId))
    .innerJoin(p, eq(p.id, c.musicianId))
    .where(eq(m.conversationId, conversationId))
    .orderBy(asc(m.id))
    .limit(500);
}

/**
 * The sender's latest messages in a conversation written since the other side last wrote (at most
 * `limit`, oldest first), as typed: a number split over them is read whole (issue 36).
 */
export async function recentRunOfSender(conversationId: string, senderUserId: string, limit: number) {
  const rows = await db
    .select({ id: m.id, senderUserId: m.senderUserId, body: m.body, originalBody: m.originalBody })
    .from(m)
    .where(eq(m.conversationId, conversationId))
    .orderBy(desc(m.id))
    .limit(limit);
  const run: { id: number; typed: string; body: string }[] = [];
  for (const r of rows) {
    if (r.senderUserId !== senderUserId) break;
    run.unshift({ id: r.id, typed: r.originalBody ?? r.body, body: r.body });
  }
  return run;
}

/** An earlier message masked again by the one being stored: its new text and the text as typed. */
export type Revision = { id: number; body: string; originalBody: string };

/** The earlier messages each of `ids` masked again (a number split across them), for the stream. */
export function revisionsBy(ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: m.id, revisedBy: m.revisedBy, body: m.body, originalBody: m.originalBody })
    .from(m)
    .where(inArray(m.revisedBy, ids))
    .orderBy(asc(m.id));
}

export async function findMessage(id: number) {
  const [row] = await db
    .select(messageColumns)
    .from(m)
    .innerJoin(user, eq(user.id, m.senderUserId))
    .innerJoin(c, eq(c.id, m.conversationId))
    .innerJoin(p, eq(p.id, c.musicianId))
    .where(eq(m.id, id))
    .limit(1);
  return row ?? null;
}

/** Messages after `afterId` in any conversation the user belongs to (a reconnecting stream's catch-up). */
export function listMessagesSince(userId: string, afterId: number) {
  return db
    .select(messageColumns)
    .from(m)
    .innerJoin(user, eq(user.id, m.senderUserId))
    .innerJoin(c, eq(c.id, m.conversationId))
    .innerJoin(p, eq(p.id, c.musicianId))
    .where(and(gt(m.id, afterId), or(eq(c.organiserUserId, userId), eq(p.userId, userId))))
    .orderBy(asc(m.id))
    .limit(500);
}

/**
 * Store first, then NOTIFY in the same transaction: listeners hear of it only once it is committed.
 * Messages are stored one at a time (a lock held to the end of the transaction, before the id is
 * drawn), so they commit, and are announced, in the order of their ids: a stream's Last-Event-ID is
 * then exactly what it has, and a reconnect (to any app process) sends nothing twice and skips nothing.
 */
export async function insertMessage(input: {
  conversationId: string;
  senderUserId: string;
  side: Side;
  body: string;
  originalBody: string | null;
  masked: boolean;
  /** Earlier messages of the sender this one masks again, in the same transaction, before the NOTIFY. */
  revise?: Revision[];
}) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${MESSAGE_CHANNEL}))`);
    const [row] = await tx
      .insert(m)
      .values({
        conversationId: input.conversationId,
        senderUserId: input.senderUserId,
        body: input.body,
        originalBody: input.originalBody,
        masked: input.masked,
      })
      .returning({ id: m.id, createdAt: m.createdAt });
    for (const r of input.revise ?? []) {
      await tx
        .update(m)
        .set({ body: r.body, originalBody: r.originalBody, masked: true, revisedBy: row!.id })
        .where(and(eq(m.id, r.id), eq(m.conversationId, input.conversationId)));
    }
    await tx
      .update(c)
      .set({
        lastMessageAt: row!.createdAt,
        ...(input.side === "organiser" ? { organiserReadId: row!.id } : { musicianReadId: row!.id }),
      })
      .where(eq(c.id, input.conversationId));
    await tx.execute(
      sql`SELECT pg_notify(${MESSAGE_CHANNEL}, ${JSON.stringify({ c: input.conversationId, id: row!.id })})`,
    );
    return row!;
  });
}

export async function markRead(conversationId: string, side: Side, upToId: number) {
  const col = side === "organiser" ? c.organiserReadId : c.musicianReadId;
  await db
    .update(c)
    .set(
      side === "organiser"
        ? { organiserReadId: sql`greatest(${col}, ${upToId})`, organiserSeenAt: new Date() }
        : { musicianReadId: sql`greatest(${col}, ${upToId})`, musicianSeenAt: new Date() },
    )
    .where(eq(c.id, conversationId));
}

export async function latestMessageId(conversationId: string) {
  const [row] = await db
    .select({ id: m.id })
    .from(m)
    .where(eq(m.conversationId, conversationId))
    .orderBy(desc(m.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Unread messages across all of a musician's conversations (the dashboard card). */
export async function countUnreadForMusician(musicianId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .innerJoin(c, eq(c.id, m.conversationId))
    .innerJoin(p, eq(p.id, c.musicianId))
    .where(
      and(eq(c.musicianId, musicianId), gt(m.id, c.musicianReadId), sql`${m.senderUserId} <> ${p.userId}`),
    );
  return row?.n ?? 0;
}

export async function countUnreadForOrganiser(userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .innerJoin(c, eq(c.id, m.conversationId))
    .where(
      and(eq(c.organiserUserId, userId), gt(m.id, c.organiserReadId), sql`${m.senderUserId} <> ${userId}`),
    );
  return row?.n ?? 0;
}

export async function findUserContact(userId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

/** What an unread-message e-mail needs: both members, the read and e-mail positions of each side. */
export async function findConversationForMail(id: string) {
  const [row] = await db
    .select({
      id: c.id,
      organiserUserId: c.organiserUserId,
      organiserEmail: user.email,
      organiserName: user.name,
      musicianUserId: p.userId,
      musicianSlug: p.slug,
      musicianStageName: p.stageName,
      musicianFirstName: p.firstName,
      musicianLastName: p.lastName,
      organiserReadId: c.organiserReadId,
      musicianReadId: c.musicianReadId,
      organiserSeenAt: c.organiserSeenAt,
      musicianSeenAt: c.musicianSeenAt,
      organiserEmailedAt: c.organiserEmailedAt,
      musicianEmailedAt: c.musicianEmailedAt,
    })
    .from(c)
    .innerJoin(p, eq(p.id, c.musicianId))
    .innerJoin(user, eq(user.id, c.organiserUserId))
    .where(eq(c.id, id))
    .limit(1);
  return row ?? null;
}

/** Messages in one conversation newer than `readId` (and sent after `since`) that someone else sent. */
export async function countUnreadIn(
  conversationId: string,
  readId: number,
  recipientUserId: string,
  since: Date | null,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(m)
    .where(
      and(
        eq(m.conversationId, conversationId),
        gt(m.id, readId),
        sql`${m.senderUserId} <> ${recipientUserId}`,
        since ? gt(m.createdAt, since) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** When a side was last e-mailed about a conversation (null: never). */
export async function emailedAt(conversationId: string, side: Side) {
  const [row] = await db
    .select({ at: side === "organiser" ? c.organiserEmailedAt : c.musicianEmailedAt })
    .from(c)
    .where(eq(c.id, conversationId))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Takes the side's e-mail slot: true only if nobody e-mailed it within `everyMs` (one UPDATE, so two
 * workers racing send one e-mail).
 */
export async function claimMailSlot(conversationId: string, side: Side, now: Date, everyMs: number) {
  const col = side === "organiser" ? c.organiserEmailedAt : c.musicianEmailedAt;
  const since = new Date(now.getTime() - everyMs);
  const rows = await db
    .update(c)
    .set(side === "organiser" ? { organiserEmailedAt: now } : { musicianEmailedAt: now })
    .where(and(eq(c.id, conversationId), or(sql`${col} IS NULL`, sql`${col} <= ${since.toISOString()}`)))
    .returning({ id: c.id });
  return rows.length > 0;
}

/** Gives the slot back when the e-mail could not be sent (the job retries). */
export async function releaseMailSlot(conversationId: string, side: Side, previous: Date | null) {
  await db
    .update(c)
    .set(side === "organiser" ? { organiserEmailedAt: previous } : { musicianEmailedAt: previous })
    .where(eq(c.id, conversationId));
}

/** A musician's sign-in e-mail and names (for mails to them). */
export async function findMusicianContact(musicianId: string) {
  const [row] = await db
    .select({
      email: user.email,
      stageName: p.stageName,
      firstName: p.firstName,
      lastName: p.lastName,
    })
    .from(p)
    .innerJoin(user, eq(user.id, p.userId))
    .where(eq(p.id, musicianId))
    .limit(1);
  return row ?? null;
}

/** A booking's organiser account (null for a link-only client). */
export async function findBookingBySlug(slug: string) {
  const [row] = await db
    .select({ id: bookingsByMusician.id, clientUserId: bookingsByMusician.clientUserId })
    .from(bookingsByMusician)
    .where(eq(bookingsByMusician.slug, slug))
    .limit(1);
  return row ?? null;
}

/** The organiser's existing conversation with a musician, if any (never creates one). */
export async function findConversationOfPair(organiserUserId: string, musicianId: string) {
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.organiserUserId, organiserUserId), eq(c.musicianId, musicianId)))
    .limit(1);
  return row ?? null;
}

/** Who wrote last in the pair's conversation after `since` (null: nobody has written since then). */
export async function lastSenderOfPairSince(organiserUserId: string, musicianId: string, since: Date) {
  const [row] = await db
    .select({ senderUserId: messages.senderUserId })
    .from(messages)
    .innerJoin(c, eq(c.id, messages.conversationId))
    .where(
      and(
        eq(c.organiserUserId, organiserUserId),
        eq(c.musicianId, musicianId),
        gt(messages.createdAt, since),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.senderUserId ?? null;
}

/** The musician of one of the organiser's own bookings. */
export async function findMusicianOfClientBooking(bookingId: string, organiserUserId: string) {
  const [row] = await db
    .select({ musicianId: bookingsByMusician.musicianId })
    .from(bookingsByMusician)
    .where(and(eq(bookingsByMusician.id, bookingId), eq(bookingsByMusician.clientUserId, organiserUserId)))
    .limit(1);
  return row ?? null;
}

/** The musician of one of the organiser's own requests. */
export async function findMusicianOfClientRequest(requestId: string, organiserUserId: string) {
  const [row] = await db
    .select({ musicianId: bookingRequests.musicianId })
    .from(bookingRequests)
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.clientUserId, organiserUserId)))
    .limit(1);
  return row ?? null;
}
