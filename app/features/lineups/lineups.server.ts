// Line-ups (issue 39 §2-4, §6): the leader adds, changes and removes members of a booking they own;
// the invited musician accepts, declines or leaves. Every change happens with the booking locked, and
// the database keeps the rules that must hold under races (musician_busy, the freeze at payment).
import type { Outcome } from "~/features/bookings/outcome";
import {
  ourWords,
  readByAuthor,
  type Shown,
  sentence,
  textShownTo,
} from "~/features/messaging/contact-boundary";
import { notifyMusician } from "~/features/messaging/messaging.server";
import { chargesOf, peekBookingMoney } from "~/features/money/booking-money.server";
import { phoneLineUpInvite } from "~/features/phone-messages/phone-messages.server";
import { musicianDisplayName } from "~/lib/display-name";
import { formatCalendarDate, lagosToday, shortTime } from "~/lib/lagos-date";
import { type DbExecutor, db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import type { LineUpStatus } from "~db/schema/lineups";
import { eventLabel } from "./line-up-views.server";
import {
  cityOf,
  LINE_UP_MESSAGES as M,
  musicianRef,
  nairaShort,
  overShareMessage,
  shareSentence,
} from "./lineup.schema";
import * as q from "./queries.server";

type Leader = { id: string };
type Musician = { id: string; slug?: string | null };

/** Why a line-up of this booking cannot change now (null: it can). The money module says "paid". */
function lockedReason(booking: q.LineUpBooking): { status: number; message: string } | null {
  if (booking.paymentStatus !== "unpaid") return { status: 409, message: M.frozen };
  if (booking.status === "cancelled") return { status: 409, message: M.cancelled };
  if (booking.status === "completed") return { status: 409, message: M.completed };
  return null;
}

/** The leader's share of the booking, as the money module computes it (never recomputed here). */
async function leaderShareKobo(booking: q.LineUpBooking, ex: DbExecutor): Promise<number | null> {
  const charges = chargesOf(await peekBookingMoney(booking.id, ex), booking.priceKobo);
  return charges ? charges.musicianKobo : null;
}

/** The database's answer to a change, in words: a member busy then, a payment that landed first. */
function constraintOf(err: unknown): string | null {
  for (let e = err as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.constraint) return e.constraint;
  return null;
}

function refusedByDatabase(
  err: unknown,
  busyMessage: string,
): { ok: false; status: number; message: string } {
  const c = constraintOf(err);
  if (c === "line_up_members_frozen") return { ok: false, status: 409, message: M.frozen };
  if (c === "musician_busy_no_overlap" || c === "bookings_by_musician_no_overlap")
    return { ok: false, status: 409, message: busyMessage };
  if (c === "line_up_members_live_key") return { ok: false, status: 409, message: M.alreadyIn };
  if (c === "line_up_members_not_leader") return { ok: false, status: 400, message: M.notYourself };
  throw err;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a change in one transaction; a Refusal or a database rule comes back as a plain refusal. */
async function change<T>(
  run: (tx: DbExecutor) => Promise<T>,
  busyMessage: string = M.busy,
): Promise<Outcome<{ value: T }>> {
  try {
    return { ok: true, value: await db.transaction((tx) => run(tx)) };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, status: err.status, message: err.message };
    return refusedByDatabase(err, busyMessage);
  }
}

/** The leader's own booking, locked, and open to changes; else a refusal. */
async function lockOwnBooking(tx: DbExecutor, leader: Leader, bookingId: string) {
  const booking = await q.lockBooking(tx, bookingId);
  if (!booking || booking.musicianId !== leader.id) throw new Refusal(404, M.bookingNotFound);
  const locked = lockedReason(booking);
  if (locked) throw new Refusal(locked.status, locked.message);
  return booking;
}

async function checkFees(
  tx: DbExecutor,
  booking: q.LineUpBooking,
  feeKobo: number,
  exceptPlaceId: string | null,
) {
  const share = await leaderShareKobo(booking, tx);
  if (share === null) throw new Refusal(400, M.noPrice);
  const total = (await q.liveFeesKobo(tx, booking.id, exceptPlaceId)) + feeKobo;
  if (total > share) throw new Refusal(400, overShareMessage(share, total));
}

// ——— What each side reads ———

/** The event's date and times, in our words. */
function whenOf(b: Pick<q.LineUpBooking, "eventDate" | "eventStartTime" | "eventEndTime">): Shown {
  const date = b.eventDate ? formatCalendarDate(b.eventDate) : "Date to be set";
  const [s, e] = [shortTime(b.eventStartTime), shortTime(b.eventEndTime)];
  return ourWords(s ? `${date}, ${s}${e ? `–${e}` : ""}` : date);
}

/** The leader's Line-up section: every place with its fee and state, the share sentence's figures. */
export async function leaderLineUp(leader: Leader, bookingId: string) {
  const booking = await q.findBooking(bookingId);
  if (!booking || booking.musicianId !== leader.id) return null;
  const [places, shareKobo] = await Promise.all([q.placesOf(bookingId), leaderShareKobo(booking, db)]);
  const live = places.filter((p) => p.status === "invited" || p.status === "accepted");
  const lineUpKobo = live.reduce((sum, p) => sum + p.feeKobo, 0);
  const locked = lockedReason(booking);
  return {
    bookingId,
    frozen: booking.paymentStatus !== "unpaid",
    lockedMessage: locked?.message ?? null,
    shareKobo,
    lineUpKobo,
    sentence: shareKobo === null ? null : shareSentence(shareKobo, lineUpKobo),
    members: places.map((p) => ({
      placeId: p.id,
      // The leader wrote the role; the member's name is public.
      name: musicianDisplayName(p.member),
      slug: p.member.slug,
      role: readByAuthor(p.role),
      feeKobo: p.feeKobo,
      status: p.status,
    })),
  };
}
export type LeaderLineUp = NonNullable<Awaited<ReturnType<typeof leaderLineUp>>>;

/** "Paid, held in escrow until {due}" and the other states, from the money module. */
async function paymentStateOf(bookingId: string): Promise<string> {
  const money = await peekBookingMoney(bookingId);
  if (!money) return "Not paid yet";
  switch (money.phase) {
    case "unpaid":
      return "Not paid yet";
    case "held":
      return money.releaseDueAt
        ? `Paid, held in escrow until ${formatCalendarDate(lagosToday(money.releaseDueAt))}`
        : "Paid, held in escrow";
    case "released":
      return "Paid and released";
    case "refunded":
      return "Refunded to the client";
    default:
      return "Partly refunded to the client";
  }
}

type MemberPlace = Awaited<ReturnType<typeof q.placesOfMember>>[number];

/** What a member reads of a place: date, time, venue, role, fee, payment state; never the client or the leader's price. */
async function memberView(p: MemberPlace) {
  const b = p.booking;
  return {
    placeId: p.id,
    bookingId: b.id,
    status: p.status,
    leader: musicianDisplayName(p.leader),
    event: eventLabel(b),
    when: whenOf(b),
    eventDate: b.eventDate,
    // Typed by the leader or the client: masked like anything a person typed, so no client contact slips in.
    venue: textShownTo(b.location, "public"),
    role: textShownTo(p.role, "public"),
    feeKobo: p.feeKobo,
    payment: await paymentStateOf(b.id),
    bookingCancelled: b.status === "cancelled",
  };
}
export type MemberPlaceView = Awaited<ReturnType<typeof memberView>>;

/** The member's invites waiting for an answer (dashboard, Booking Requests). */
export async function memberInvites(member: Musician) {
  const rows = await q.placesOfMember(member.id, ["invited"]);
  return Promise.all(rows.filter((r) => r.booking.status !== "cancelled").map(memberView));
}

/** The member's line-ups: invites and the places they play (or played). */
export async function memberLineUps(member: Musician) {
  const rows = await q.placesOfMember(member.id, [
    "invited",
    "accepted",
    "left",
    "removed",
    "lapsed",
    "declined",
  ]);
  const views = await Promise.all(rows.map(memberView));
  return {
    invites: views.filter((v) => v.status === "invited" && !v.bookingCancelled),
    playing: views.filter((v) => v.status === "accepted" && !v.bookingCancelled),
    // Answered, ended, or on a booking that was cancelled since.
    past: views.filter((v) => (v.status !== "invited" && v.status !== "accepted") || v.bookingCancelled),
  };
}

// ——— The leader's changes ———

async function findMusician(typed: string) {
  const ref = musicianRef(typed);
  const found = await q.findMusiciansByRef(ref.slug, ref.name);
  if (found.length === 0) throw new Refusal(404, M.musicianNotFound);
  if (found.length > 1) throw new Refusal(409, M.severalMusicians);
  return found[0]!;
}

export async function addMember(
  leader: Leader,
  input: { bookingId: string; musician: string; role: string; fee: number },
): Promise<Outcome<{ message: string; placeId: string }>> {
  const done = await change(async (tx) => {
    // The booking first: someone else's booking is "not found", whoever they name.
    const booking = await lockOwnBooking(tx, leader, input.bookingId);
    const found = await findMusician(input.musician);
    if (found.id === leader.id) throw new Refusal(400, M.notYourself);
    await checkFees(tx, booking, input.fee, null);
    return q.insertPlace(tx, {
      bookingId: booking.id,
      memberId: found.id,
      role: input.role,
      feeKobo: input.fee,
    });
  });
  if (!done.ok) return done;
  await tellInvited(done.value);
  return { ok: true, message: M.added, placeId: done.value };
}

/** The leader's own place, for a change: the booking locked first (the payment's order), then the place. */
async function lockOwnPlace(tx: DbExecutor, leader: Leader, placeId: string) {
  const place = await q.findPlace(placeId, tx);
  if (!place || place.booking.musicianId !== leader.id) throw new Refusal(404, M.notFound);
  const booking = await lockOwnBooking(tx, leader, place.bookingId);
  return { place, booking };
}

export async function changeMember(
  leader: Leader,
  input: { placeId: string; role: string; fee: number },
): Promise<Outcome<{ message: string }>> {
  const done = await change(async (tx) => {
    const { place, booking } = await lockOwnPlace(tx, leader, input.placeId);
    await checkFees(tx, booking, input.fee, place.id);
    if (!(await q.changePlace(tx, place.id, input.role, input.fee))) throw new Refusal(409, M.notInvited);
    return place;
  });
  if (!done.ok) return done;
  const p = done.value;
  await tell(p.memberId, {
    subject: sentence`Your line-up place changed`,
    text: sentence`${musicianDisplayName(p.leader)} changed your place in the line-up for ${eventLabel(p.booking)} on ${whenOf(p.booking)}: you play ${textShownTo(input.role, "public")} for ${fee(input.fee)}.\n\nSee it: ${memberLink(p)}`,
  });
  return { ok: true, message: M.changed };
}

export async function removeMember(leader: Leader, placeId: string): Promise<Outcome<{ message: string }>> {
  const done = await change(async (tx) => {
    const { place } = await lockOwnPlace(tx, leader, placeId);
    if (!(await q.setPlaceStatus(tx, place.id, ["invited", "accepted"], "removed", false)))
      throw new Refusal(409, M.notInvited);
    return place;
  });
  if (!done.ok) return done;
  const p = done.value;
  await tell(p.memberId, {
    subject: sentence`You were taken off a line-up`,
    text: sentence`${musicianDisplayName(p.leader)} took you off the line-up for ${eventLabel(p.booking)} on ${whenOf(p.booking)}. The date is free in your calendar again.`,
  });
  return { ok: true, message: M.removed };
}

// ——— The member's answers ———

async function lockMemberPlace(tx: DbExecutor, member: Musician, placeId: string) {
  const place = await q.findPlace(placeId, tx);
  if (!place || place.memberId !== member.id) throw new Refusal(404, M.notFound);
  const booking = await q.lockBooking(tx, place.bookingId);
  if (!booking) throw new Refusal(404, M.notFound);
  const locked = lockedReason(booking);
  if (locked) throw new Refusal(locked.status, locked.message);
  return place;
}

async function answer(
  member: Musician,
  placeId: string,
  from: LineUpStatus[],
  to: LineUpStatus,
  refusedWhenNotFrom: string,
) {
  return change(async (tx) => {
    const place = await lockMemberPlace(tx, member, placeId);
    if (!(await q.setPlaceStatus(tx, place.id, from, to, true))) throw new Refusal(409, refusedWhenNotFrom);
    return place;
  }, M.youAreBusy);
}

export async function acceptInvite(member: Musician, placeId: string): Promise<Outcome<{ message: string }>> {
  const done = await answer(member, placeId, ["invited"], "accepted", M.notInvited);
  if (!done.ok) return done;
  const p = done.value;
  await tell(p.booking.musicianId, {
    subject: sentence`${musicianDisplayName(p.member)} will play in your line-up`,
    text: sentence`${musicianDisplayName(p.member)} accepted your invite to play ${readByAuthor(p.role)} at ${eventLabel(p.booking)} on ${whenOf(p.booking)}. You can now message each other from the booking's Line-up section: ${leaderLink(p)}`,
  });
  return { ok: true, message: M.accepted };
}

export async function declineInvite(
  member: Musician,
  placeId: string,
): Promise<Outcome<{ message: string }>> {
  const done = await answer(member, placeId, ["invited"], "declined", M.notInvited);
  if (!done.ok) return done;
  const p = done.value;
  await tell(p.booking.musicianId, {
    subject: sentence`${musicianDisplayName(p.member)} declined your line-up invite`,
    text: sentence`${musicianDisplayName(p.member)} declined your invite to play ${readByAuthor(p.role)} at ${eventLabel(p.booking)} on ${whenOf(p.booking)}. Their fee is back in your share; add another musician: ${leaderLink(p)}`,
  });
  return { ok: true, message: M.declined };
}

export async function leaveLineUp(member: Musician, placeId: string): Promise<Outcome<{ message: string }>> {
  const done = await answer(member, placeId, ["accepted"], "left", M.notAccepted);
  if (!done.ok) return done;
  const p = done.value;
  await tell(p.booking.musicianId, {
    subject: sentence`${musicianDisplayName(p.member)} left your line-up`,
    text: sentence`${musicianDisplayName(p.member)} left the line-up for ${eventLabel(p.booking)} on ${whenOf(p.booking)} (they were to play ${readByAuthor(p.role)}). Add another musician: ${leaderLink(p)}`,
  });
  return { ok: true, message: M.left };
}

// ——— The thread between leader and member ———

/** The place if this musician is its leader or its member and the member agreed to play; else null. */
async function threadPlace(musician: Musician, placeId: string) {
  const place = await q.findPlace(placeId);
  if (!place) return null;
  const side =
    place.memberId === musician.id ? "member" : place.booking.musicianId === musician.id ? "leader" : null;
  if (!side) return null;
  // Open once the member accepted; kept readable after they left or were removed.
  if (place.status === "invited" || place.status === "declined" || place.status === "lapsed") return null;
  return { place, side };
}

export async function lineUpThread(musician: Musician, placeId: string) {
  const found = await threadPlace(musician, placeId);
  if (!found) return null;
  const rows = await q.threadOf(placeId);
  const other = found.side === "member" ? found.place.leader : found.place.member;
  return {
    placeId,
    otherName: musicianDisplayName(other),
    open: found.place.status === "accepted",
    messages: rows.map((r) => ({
      id: r.id,
      mine: r.senderId === musician.id,
      // Two musicians who agreed to play together: no masking between them (issue 39 §3, ADR 0034).
      body: textShownTo(r.body, "band"),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
export type LineUpThread = NonNullable<Awaited<ReturnType<typeof lineUpThread>>>;

export async function sendLineUpMessage(
  musician: Musician,
  placeId: string,
  body: string,
): Promise<Outcome<{ message: string }>> {
  const found = await threadPlace(musician, placeId);
  if (!found) return { ok: false, status: 404, message: M.notFound };
  if (found.place.status !== "accepted") return { ok: false, status: 409, message: M.notAccepted };
  await q.insertThreadMessage(placeId, musician.id, body);
  const to = found.side === "member" ? found.place.booking.musicianId : found.place.memberId;
  const from = musicianDisplayName(found.side === "member" ? found.place.member : found.place.leader);
  await tell(to, {
    subject: sentence`New line-up message from ${from}`,
    text: sentence`${from} wrote about ${eventLabel(found.place.booking)} on ${whenOf(found.place.booking)}:\n\n${textShownTo(body, "band")}\n\nAnswer: ${found.side === "member" ? leaderLink(found.place) : memberLink(found.place)}`,
  });
  return { ok: true, message: M.messageSent };
}

// ——— Telling the other side ———

function memberLink(p: Pick<q.PlaceRow, "member" | "memberId">): Shown {
  return ourWords(`${publicOrigin()}/musician_lineups/${p.member.slug ?? p.memberId}`);
}

function leaderLink(p: Pick<q.PlaceRow, "booking">): Shown {
  return ourWords(`${publicOrigin()}/booking/${p.booking.slug}#line-up`);
}

const fee = (kobo: number): Shown => ourWords(nairaShort(kobo));

/** E-mails one side; every slot of subject and text has passed the contact boundary (or is ours). */
async function tell(musicianId: string, mail: { subject: Shown; text: Shown }) {
  await notifyMusician(musicianId, mail);
}

/** The invite: e-mail and a text (by the phone-messages rules) to the invited musician. Never throws. */
async function tellInvited(placeId: string) {
  try {
    const p = await q.findPlace(placeId);
    if (!p) return;
    const leaderName = musicianDisplayName(p.leader);
    const role = textShownTo(p.role, "public");
    const city = textShownTo(cityOf(p.booking.location) ?? "a city to be set", "public");
    const date = p.booking.eventDate
      ? formatCalendarDate(p.booking.eventDate, "d MMM yyyy")
      : "a date to be set";
    await notifyMusician(p.memberId, {
      subject: sentence`${leaderName} invites you to play in their line-up`,
      text: sentence`${leaderName} invites you to play ${role} at ${eventLabel(p.booking)} on ${ourWords(date)} in ${city} for ${fee(p.feeKobo)}.\n\n${whenOf(p.booking)}. Accept or decline: ${memberLink(p)}`,
    });
    await phoneLineUpInvite({
      placeId: p.id,
      bookingId: p.bookingId,
      phone: p.member.phone,
      vars: {
        link: memberLink(p),
        musician: leaderName,
        role,
        event: eventLabel(p.booking),
        date: p.booking.eventDate,
        city,
        amountKobo: p.feeKobo,
      },
    });
  } catch (err) {
    logger.error({ err, placeId }, "line-up invite not sent");
  }
}

/** The leader's section with the thread of every member who agreed to play (or did, and left). */
export async function leaderLineUpPage(leader: Leader, bookingId: string) {
  const lineUp = await leaderLineUp(leader, bookingId);
  if (!lineUp) return null;
  const threads = await Promise.all(
    lineUp.members
      .filter((m) => m.status === "accepted" || m.status === "left" || m.status === "removed")
      .map((m) => lineUpThread(leader, m.placeId)),
  );
  return { lineUp, threads: threads.filter((t): t is LineUpThread => t !== null) };
}

/** The member's Line-ups page: invites, gigs and their threads with each leader. */
export async function memberLineUpsPage(member: Musician) {
  const { invites, playing, past } = await memberLineUps(member);
  const threads = await Promise.all(playing.map((p) => lineUpThread(member, p.placeId)));
  return { invites, playing, past, threads: threads.filter((t): t is LineUpThread => t !== null) };
}

const ANSWER_WORDS: Partial<Record<LineUpStatus, string>> = {
  accepted: "will play",
  declined: "declined to play",
  left: "left the line-up:",
};

/** The leader's dashboard: what members answered in the last fortnight, newest first. */
export async function leaderLineUpNews(leader: Leader, now = new Date()) {
  const rows = await q.recentAnswersTo(leader.id, new Date(now.getTime() - 14 * 86_400_000), 5);
  return rows.map((r) => ({
    placeId: r.placeId,
    text: sentence`${musicianDisplayName(r.member)} ${ourWords(ANSWER_WORDS[r.status] ?? r.status)} ${readByAuthor(r.role)} at ${eventLabel(r.booking)}${ourWords(r.booking.eventDate ? `, ${formatCalendarDate(r.booking.eventDate, "d MMM yyyy")}` : "")}`,
    href: `/booking/${r.booking.slug}#line-up`,
  }));
}

/**
 * A booking with a line-up was cancelled (by its musician, its client or someone with its link): each
 * member still invited or playing is told the date is free again. After the commit; never throws.
 */
export async function tellLineUpOfCancellation(bookingId: string): Promise<void> {
  try {
    const booking = await q.findBooking(bookingId);
    if (booking?.status !== "cancelled") return;
    const places = (await q.placesOf(bookingId)).filter(
      (p) => p.status === "invited" || p.status === "accepted",
    );
    if (places.length === 0) return;
    const leader = await q.findPlace(places[0]!.id);
    if (!leader) return;
    const leaderName = musicianDisplayName(leader.leader);
    for (const p of places)
      await tell(p.memberId, {
        subject: sentence`A line-up you were in was cancelled`,
        text: sentence`The booking for ${eventLabel(booking)} on ${whenOf(booking)} with ${leaderName} was cancelled, so its line-up will not play. The date is free in your calendar again.`,
      });
  } catch (err) {
    logger.error({ err, bookingId }, "line-up not told of the cancellation");
  }
}
