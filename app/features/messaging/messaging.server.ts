import type { SessionUser } from "~/features/auth/session.server";
import { isOrganiser } from "~/features/auth/session.server";
import { bookingIdSchema } from "~/features/bookings/booking.schema";
import type { Outcome } from "~/features/bookings/outcome";
import { contractAttachments } from "~/features/documents/documents.server";
import { paymentStatuses } from "~/features/money/booking-money.server";
import { musicianDisplayName } from "~/lib/display-name";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { type Mail, sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { ourWords, readByAuthor, type Shown, sentence, textShownTo } from "./contact-boundary";
import { CONTACT_HIDDEN_NOTICE, maskAcrossMessages } from "./contact-mask";
import { contactsShared } from "./contact-shared";
import type { ConversationFilter, ConversationSummary, ThreadMessage } from "./message.schema";
import {
  attachBooking,
  bookingIdsOfPair,
  countUnreadForMusician,
  countUnreadForOrganiser,
  findBookingBySlug,
  findBookingClient,
  findConversation,
  findConversationOfPair,
  findMessage,
  findMusicianBySlug,
  findMusicianContact,
  findMusicianOfClientBooking,
  findMusicianOfClientRequest,
  findRequestClient,
  findUserContact,
  insertMessage,
  lastSenderOfPairSince,
  latestMessageId,
  listConversations,
  listMessages,
  listMessagesSince,
  markRead,
  type Revision,
  recentRunOfSender,
  revisionsBy,
  type Side,
  upsertConversation,
} from "./queries.server";
import { scheduleUnreadMail } from "./unread-mail.server";

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const TOO_MANY_MESSAGES = "You are sending messages too fast. Please wait a minute and try again.";
export const MESSAGES_PER_MINUTE = 30;

/** Contact details show once the two have a booking the organiser has paid for. */
async function pairHasPaidBooking(organiserUserId: string, musicianId: string): Promise<boolean> {
  const ids = await bookingIdsOfPair(organiserUserId, musicianId);
  if (ids.length === 0) return false;
  const statuses = await paymentStatuses(ids);
  return ids.some((id) => contactsShared(statuses.get(id)));
}

/** Who is asking: an organiser (by account) or a musician (by their profile). */
export type Member = { user: Pick<SessionUser, "id" | "role">; musicianId: string | null };

type Conversation = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

function sideOf(member: Member, conv: Conversation): Side | null {
  if (isOrganiser(member.user) && conv.organiserUserId === member.user.id) return "organiser";
  if (member.musicianId && conv.musicianId === member.musicianId && conv.musicianUserId === member.user.id) {
    return "musician";
  }
  return null;
}

/** The conversation, if the member belongs to it; nobody else learns whether it exists. */
async function memberConversation(member: Member, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const conv = await findConversation(id);
  if (!conv) return null;
  const side = sideOf(member, conv);
  return side ? { conv, side } : null;
}

/** "Message" on a musician's public profile: the organiser's conversation with them. */
export async function startConversationWithMusician(
  organiser: Pick<SessionUser, "id" | "role">,
  musicianSlug: string,
): Promise<Outcome<{ conversationId: string }>> {
  if (!isOrganiser(organiser)) {
    return { ok: false, status: 403, message: "Sign in as an event organiser to message musicians." };
  }
  const musician = /^[a-z0-9-]{1,100}$/.test(musicianSlug) ? await findMusicianBySlug(musicianSlug) : null;
  if (!musician) return { ok: false, status: 404, message: "Musician profile not found" };
  const { id } = await upsertConversation(organiser.id, musician.id);
  return { ok: true, conversationId: id };
}

/**
 * GET /messages?to=<slug> (the profile's "Message" link): opens the organiser's existing conversation
 * with the musician, or names the musician so the page can offer to start one; a GET never creates.
 */
export async function conversationWithMusician(
  organiser: Pick<SessionUser, "id" | "role">,
  musicianSlug: string,
): Promise<Outcome<{ conversationId: string | null; musicianSlug: string; musicianName: string }>> {
  if (!isOrganiser(organiser)) {
    return { ok: false, status: 403, message: "Sign in as an event organiser to message musicians." };
  }
  const musician = /^[a-z0-9-]{1,100}$/.test(musicianSlug) ? await findMusicianBySlug(musicianSlug) : null;
  if (!musician) return { ok: false, status: 404, message: "Musician profile not found" };
  const existing = await findConversationOfPair(organiser.id, musician.id);
  return {
    ok: true,
    conversationId: existing?.id ?? null,
    musicianSlug,
    musicianName: musicianDisplayName(musician),
  };
}

/**
 * Why the sign-in page was opened, when it was the "Message" button of a musician's profile (its link
 * is /messages?to=<slug>): "Sign in to message Tunde Sax". Null for any other destination.
 */
export async function messageSignInReason(redirectTo: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(redirectTo, "http://stagebook.invalid");
  } catch {
    return null;
  }
  const slug = url.searchParams.get("to") ?? "";
  if (url.origin !== "http://stagebook.invalid" || url.pathname !== "/messages") return null;
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const musician = await findMusicianBySlug(slug);
  return musician ? `Sign in to message ${musicianDisplayName(musician)}.` : null;
}

/** An organiser starts (or opens) the conversation about one of their own bookings or requests. */
export async function startOrganiserConversationAbout(
  organiser: Pick<SessionUser, "id" | "role">,
  about: { requestId?: string; bookingId?: string },
): Promise<Outcome<{ conversationId: string }>> {
  if (!isOrganiser(organiser)) {
    return { ok: false, status: 403, message: "Sign in as an event organiser to message musicians." };
  }
  const requestId = bookingIdSchema.safeParse(about.requestId).data;
  const bookingId = bookingIdSchema.safeParse(about.bookingId).data;
  const found = requestId
    ? await findMusicianOfClientRequest(requestId, organiser.id)
    : bookingId
      ? await findMusicianOfClientBooking(bookingId, organiser.id)
      : null;
  if (!found) return { ok: false, status: 404, message: "Booking not found" };
  const { id } = await upsertConversation(organiser.id, found.musicianId, { requestId, bookingId });
  return { ok: true, conversationId: id };
}

/** A musician starts (or opens) the conversation about one of their requests or bookings. */
export async function startConversationAbout(
  musicianId: string,
  about: { requestId?: string; bookingId?: string },
): Promise<Outcome<{ conversationId: string }>> {
  // Ids come from a form: anything but a uuid finds nothing (PostgreSQL would refuse it as a uuid).
  const requestId = bookingIdSchema.safeParse(about.requestId).data;
  const bookingId = bookingIdSchema.safeParse(about.bookingId).data;
  const client = requestId
    ? await findRequestClient(requestId, musicianId)
    : bookingId
      ? await findBookingClient(bookingId, musicianId)
      : null;
  if (!client) return { ok: false, status: 404, message: "Booking not found" };
  if (!client.clientUserId) {
    return { ok: false, status: 409, message: "This client has no Stagebook account to message." };
  }
  const { id } = await upsertConversation(client.clientUserId, musicianId, { requestId, bookingId });
  return { ok: true, conversationId: id };
}

export async function listMemberConversations(
  member: Member,
  opts: { q: string; filter: ConversationFilter },
): Promise<ConversationSummary[]> {
  const side: Side = member.musicianId ? "musician" : "organiser";
  const rows = await listConversations(side, member.musicianId ?? member.user.id, member.user.id, opts);
  // Only a last message that had something hidden needs the payment check.
  const revealed = new Set<string>();
  for (const r of rows) {
    if (r.lastOriginal && (await pairHasPaidBooking(r.organiserUserId, r.musicianId))) revealed.add(r.id);
  }
  return rows.map((r) => ({
    id: r.id,
    // A name is typed by its owner and read by the other side before any payment (issue 36).
    otherName: textShownTo(r.otherName, "public") || "Stagebook user",
    otherRole: side === "organiser" ? "Musician" : "Event organiser",
    lastMessage: revealed.has(r.id) ? r.lastOriginal : r.lastMessage,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    unread: r.unread,
    bookingId: r.bookingId,
  }));
}

type MessageRow = {
  id: number;
  conversationId: string;
  senderUserId: string;
  senderName: string;
  body: string;
  originalBody?: string | null;
  createdAt: Date;
};

/**
 * A stored message as a member sees it. Masking is stored (body) beside the text as typed
 * (originalBody); once the pair has a paid booking, earlier messages read as typed (issue 22 §4).
 */
function toThreadMessage(userId: string, row: MessageRow, revealed = false): ThreadMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    mine: row.senderUserId === userId,
    senderName: row.senderUserId === userId ? "You" : textShownTo(row.senderName, "public"),
    body: revealed && row.originalBody ? row.originalBody : row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The thread, marked read for the member who opens it. */
export async function openThread(member: Member, conversationId: string) {
  const found = await memberConversation(member, conversationId);
  if (!found) return null;
  const rows = await listMessages(conversationId);
  const last = rows.at(-1)?.id ?? 0;
  await markRead(conversationId, found.side, last);
  const revealed =
    rows.some((r) => r.originalBody) &&
    (await pairHasPaidBooking(found.conv.organiserUserId, found.conv.musicianId));
  return { messages: rows.map((r) => toThreadMessage(member.user.id, r, revealed)), side: found.side };
}

/** Whether a message's hidden contact details may be shown: only once the pair has paid. */
async function revealedIn(row: MessageRow, conv: { organiserUserId: string; musicianId: string }) {
  return Boolean(row.originalBody) && (await pairHasPaidBooking(conv.organiserUserId, conv.musicianId));
}

/** How many of a side's latest messages a number split across them is looked for in. */
const SPLIT_LOOKBACK = 4;

/**
 * Masks a message before payment together with the sender's messages just before it, so a number
 * typed in pieces ("0803 123", then "4567") is hidden whole: earlier pieces whose text changes are
 * returned as revisions, stored with the new message and pushed with it to both sides' open screens.
 */
async function maskWithEarlier(conversationId: string, senderUserId: string, body: string) {
  const earlier = await recentRunOfSender(conversationId, senderUserId, SPLIT_LOOKBACK);
  const out = maskAcrossMessages(
    earlier.map((e) => e.typed),
    body,
  );
  const revise: Revision[] = [];
  for (const [k, e] of out.earlier.entries()) {
    const was = earlier[k]!;
    if (e.masked && e.text !== was.body) revise.push({ id: was.id, body: e.text, originalBody: was.typed });
  }
  return { text: out.text, masked: out.masked, revise };
}

/**
 * Sends a message: trimmed and checked, rate-limited per sender, contact details masked until the
 * pair has a paid booking (the original kept for admins), stored, then announced.
 */
export async function sendMessage(
  member: Member,
  conversationId: string,
  body: string,
): Promise<Outcome<{ message: ThreadMessage; notice: string | null }>> {
  const found = await memberConversation(member, conversationId);
  if (!found) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
  if (!(await hitRateLimit(`message:${member.user.id}`, MESSAGES_PER_MINUTE, 60_000))) {
    return { ok: false, status: 429, message: TOO_MANY_MESSAGES };
  }
  const paid = await pairHasPaidBooking(found.conv.organiserUserId, found.conv.musicianId);
  const masked = paid
    ? { text: body, masked: false, revise: [] }
    : await maskWithEarlier(conversationId, member.user.id, body);
  const row = await insertMessage({
    conversationId,
    senderUserId: member.user.id,
    side: found.side,
    body: masked.text,
    originalBody: masked.masked ? body : null,
    masked: masked.masked,
    revise: masked.revise,
  });
  // The other side hears of it by e-mail if they do not read it soon (at most once per 15 minutes).
  await scheduleUnreadMail({ conversationId, side: found.side === "organiser" ? "musician" : "organiser" });
  return {
    ok: true,
    notice: masked.masked ? CONTACT_HIDDEN_NOTICE : null,
    message: {
      id: row.id,
      conversationId,
      mine: true,
      senderName: "You",
      body: masked.text,
      createdAt: row.createdAt.toISOString(),
      ...(masked.revise.length ? { revises: masked.revise.map(({ id, body }) => ({ id, body })) } : {}),
    },
  };
}

/** For the live stream: a stored message as `userId` sees it, if they belong to its conversation. */
export async function messageForViewer(
  userId: string,
  messageId: number,
): Promise<{ message: ThreadMessage; members: string[] } | null> {
  const row = await findMessage(messageId);
  if (!row) return null;
  const conv = await findConversation(row.conversationId);
  if (!conv) return null;
  const members = [conv.organiserUserId, conv.musicianUserId];
  if (!members.includes(userId)) return null;
  return { message: toThreadMessage(userId, row, await revealedIn(row, conv)), members };
}

/** The stored announcement's members and raw row, once per notification for all local streams. */
export async function announcedMessage(messageId: number) {
  const row = await findMessage(messageId);
  if (!row) return null;
  const conv = await findConversation(row.conversationId);
  if (!conv) return null;
  // Resolved once here, so every stream shows the same text.
  const revisions = await revisionsBy([row.id]);
  const revealed =
    Boolean(row.originalBody || revisions.length) &&
    (await pairHasPaidBooking(conv.organiserUserId, conv.musicianId));
  const body = revealed && row.originalBody ? row.originalBody : row.body;
  const revises = revisionsShown(revisions, revealed);
  return {
    row: { ...row, body },
    revises,
    conv,
    members: [conv.organiserUserId, conv.musicianUserId],
  };
}

/** The earlier messages a message masked again, as the thread now reads them (as typed once paid). */
function revisionsShown(rows: Awaited<ReturnType<typeof revisionsBy>>, revealed: boolean) {
  return rows.map((r) => ({ id: r.id, body: revealed && r.originalBody ? r.originalBody : r.body }));
}

export function viewMessage(userId: string, row: MessageRow, revises: ThreadMessage["revises"] = []) {
  return { ...toThreadMessage(userId, row), ...(revises.length ? { revises } : {}) };
}

export async function missedMessages(userId: string, afterId: number): Promise<ThreadMessage[]> {
  const rows = await listMessagesSince(userId, afterId);
  // What each missed message masked again comes with it, so a reconnect catches up on revisions too.
  const revisions = await revisionsBy(rows.map((r) => r.id));
  const revealed = new Map<string, boolean>();
  for (const r of rows) {
    const hidden = r.originalBody || revisions.some((v) => v.revisedBy === r.id);
    if (!hidden || revealed.has(r.conversationId)) continue;
    const conv = await findConversation(r.conversationId);
    revealed.set(
      r.conversationId,
      conv ? await pairHasPaidBooking(conv.organiserUserId, conv.musicianId) : false,
    );
  }
  return rows.map((r) => {
    const shownRevealed = revealed.get(r.conversationId) ?? false;
    const revises = revisionsShown(
      revisions.filter((v) => v.revisedBy === r.id),
      shownRevealed,
    );
    return {
      ...toThreadMessage(userId, r, shownRevealed),
      ...(revises.length ? { revises } : {}),
    };
  });
}

/** A live stream delivered a message into the open thread: the reader has seen it. */
export async function markDelivered(
  userId: string,
  conv: { id: string; organiserUserId: string },
  id: number,
) {
  await markRead(conv.id, conv.organiserUserId === userId ? "organiser" : "musician", id);
}

export async function markThreadSeen(member: Member, conversationId: string) {
  const found = await memberConversation(member, conversationId);
  if (!found) return;
  await markRead(conversationId, found.side, await latestMessageId(conversationId));
}

export function unreadMessageCount(member: Member): Promise<number> {
  return member.musicianId
    ? countUnreadForMusician(member.musicianId)
    : countUnreadForOrganiser(member.user.id);
}

/** The musician dashboard's Unread Messages card. */
export function unreadForMusicianProfile(profileId: string): Promise<number> {
  return countUnreadForMusician(profileId);
}

/** A booking the musician made from a conversation belongs to that conversation's organiser. */
export async function linkBookingToConversation(
  musicianId: string,
  userId: string,
  conversationId: string,
  bookingSlug: string,
): Promise<boolean> {
  const found = await memberConversation(
    { user: { id: userId, role: "musician" }, musicianId },
    conversationId,
  );
  if (found?.side !== "musician") return false;
  await attachBooking(conversationId, bookingSlug, found.conv.organiserUserId);
  await notifyOrganiserOfBooking(bookingSlug, {
    subject: ourWords("A musician has created a booking for you"),
    text: ourWords(
      "A musician created a booking for you on Stagebook. The contract is attached. Review and accept it in My Bookings:",
    ),
  });
  return true;
}

/** A musician accepted an organiser's request: the booking it became is in their My Bookings. */
/**
 * Whether the musician wrote to the organiser in Messages after `since` and is waiting for an answer
 * (the last word is theirs): a signed-in organiser's request is answered there, not on its page.
 */
export async function musicianAnsweredInMessages(
  organiserUserId: string,
  musicianId: string,
  since: Date,
): Promise<boolean> {
  const last = await lastSenderOfPairSince(organiserUserId, musicianId, since);
  return last !== null && last !== organiserUserId;
}

export async function notifyRequestAccepted(bookingSlug: string, musicianName: Shown): Promise<void> {
  await notifyOrganiserOfBooking(bookingSlug, {
    subject: sentence`${musicianName} accepted your booking request`,
    text: sentence`${musicianName} accepted your booking request and created a booking for you on Stagebook. The contract is attached. Review and accept it in My Bookings:`,
  });
}

/** E-mails the booking's organiser account (none for a link-only client), with the contract attached. */
async function notifyOrganiserOfBooking(bookingSlug: string, mail: { subject: Shown; text: Shown }) {
  try {
    const booking = await findBookingBySlug(bookingSlug);
    if (!booking?.clientUserId) return;
    await notifyOrganiser(booking.clientUserId, {
      subject: mail.subject,
      text: sentence`${mail.text}\n\n${ourWords(`${publicOrigin()}/bookings`)}`,
      attachments: await contractAttachments(booking.id),
    });
  } catch (err) {
    logger.error({ err }, "booking e-mail to the organiser failed");
  }
}

/** E-mails a musician (outbox by default); a mail failure never undoes what was stored. */
export async function notifyMusician(musicianId: string, mail: { subject: Shown; text: Shown }) {
  try {
    const to = await findMusicianContact(musicianId);
    if (!to) return;
    await sendMail({
      to: to.email,
      subject: mail.subject,
      text: sentence`Hello ${readByAuthor(musicianDisplayName(to))},\n\n${mail.text}\n\nStagebook`,
    });
  } catch (err) {
    logger.error({ err }, "musician e-mail failed");
  }
}

/** E-mails an organiser (outbox by default); a mail failure never undoes what was stored. */
export async function notifyOrganiser(
  userId: string,
  mail: { subject: Shown; text: Shown; attachments?: Mail["attachments"] },
) {
  try {
    const to = await findUserContact(userId);
    if (!to) return;
    await sendMail({
      to: to.email,
      subject: mail.subject,
      text: sentence`Hello ${readByAuthor(to.name)},\n\n${mail.text}\n\nStagebook`,
      attachments: mail.attachments,
    });
  } catch (err) {
    logger.error({ err }, "organiser e-mail failed");
  }
}
