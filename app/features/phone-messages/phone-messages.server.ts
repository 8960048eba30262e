// Booking and money events by SMS and WhatsApp (issue 30). An event is stored as one row per side and
// channel (message_key unique, so the same event queued twice, on two hosts or by a retried job, is one
// message) and sent by a job after it committed: the person's channel (SMS unless they chose WhatsApp),
// their consent checked again at sending, the Lagos night waited out except for payment and payout
// events, a provider error retried with backoff. Queueing never throws into the caller: the booking or
// the money has already moved.

import { requestEventTypeLabels } from "~/features/booking-requests/booking-request.schema";
import { musicianRequestLink } from "~/features/booking-requests/request-link.server";
import { ourWords, type Shown, textShownTo } from "~/features/messaging/contact-boundary";
import { peekBookingMoney } from "~/features/money/booking-money.server";
import { clientOf } from "~/features/money/client-identity.server";
import { musicianDisplayName } from "~/lib/display-name";
import { parseNigerianPhone } from "~/lib/phone";
import { type DbExecutor, db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import {
  type PhoneChannel,
  type PhoneEvent,
  type PhoneSide,
  type PhoneVars,
  shortDate,
  smsFitsWhole,
  smsText,
  whatsappMessage,
} from "./phone-texts";
import { providerFor } from "./providers/channels.server";
import * as q from "./queries.server";
import { earliestSend } from "./quiet-hours";
import { shortLink } from "./short-links.server";

export const PHONE_SEND_JOB = "phone-message-send";
export const PHONE_SWEEP_JOB = "phone-message-sweep";
export const PHONE_SWEEP_CRON = "*/10 * * * *";
/** Tries of one message in all (the first and the queue's retries): then it is marked failed. */
export const PHONE_MAX_ATTEMPTS = 6;
const LEASE_SECONDS = 60;

/** A phone we can text: a Nigerian mobile number, in +234 form; null for none, a landline or junk. */
export function textablePhone(text: string | null | undefined): string | null {
  const r = parseNigerianPhone(text);
  return r.ok && /^0[789]/.test(r.national) ? r.e164 : null;
}

export type PhoneMessageInput = {
  event: PhoneEvent;
  /** Unique per occurrence of the event ("paid:<booking id>"); with side and channel, the message key. */
  eventKey: string;
  side: PhoneSide;
  /** As stored or typed; normalised here. */
  phone: string | null | undefined;
  vars: PhoneVars;
  bookingId?: string | null;
  requestId?: string | null;
  /** Not before this (e.g. when the event ends); quiet hours still apply after it. */
  notBefore?: Date;
  /** The answer to a STOP only: by the channel the STOP came by, to a number now turned off. */
  reply?: PhoneChannel;
};

/**
 * Stores one message and queues its job (for the payouts helper and every event here). `ex` may be a
 * transaction: the row then commits with the event, and a job that looks before the commit finds
 * nothing and is retried. Returns the message id, or null when nothing is to be sent (no textable
 * number, turned off, or queued before).
 */
export async function queuePhoneMessage(
  ex: DbExecutor,
  input: PhoneMessageInput,
  now: Date = new Date(),
): Promise<string | null> {
  const to = textablePhone(input.phone);
  if (!to) return null;
  const consent = await q.findConsent(to);
  if (consent && !consent.enabled && !input.reply) return null;
  if (input.side === "client" && input.bookingId && (await q.isBookingMuted(input.bookingId))) return null;
  const channel: PhoneChannel = input.reply ?? (consent?.channel === "whatsapp" ? "whatsapp" : "sms");
  // Stored by the other channel before (the person switched since): the same event, not a new one.
  if (await q.phoneMessageStored(`${input.eventKey}:${input.side}`)) return null;
  // An SMS has 160 characters: one that would not fit whole carries the link's short form, so the
  // names around it stay whole (phone walk 3, CONFUSING 7).
  const vars = smsFitsWhole(input.event, input.side, input.vars)
    ? input.vars
    : { ...input.vars, shortLink: await shortLink(ex, input.vars.link) };
  const start = input.notBefore && input.notBefore > now ? input.notBefore : now;
  const row = await q.insertPhoneMessage(ex, {
    messageKey: `${input.eventKey}:${input.side}:${channel}`,
    event: input.event,
    side: input.side,
    channel,
    toPhone: to,
    bookingId: input.bookingId ?? null,
    requestId: input.requestId ?? null,
    ...wordsFor(channel, input.event, input.side, vars),
    vars,
    sendAfter: earliestSend(input.event, start),
  });
  if (!row) return null;
  await scheduleSend(row.id, row.sendAfter);
  return row.id;
}

/** The message as the channel sends it: an SMS text, or a WhatsApp template with its variables. */
function wordsFor(channel: PhoneChannel, event: PhoneEvent, side: PhoneSide, vars: PhoneVars) {
  if (channel === "sms")
    return {
      text: smsText(event, side, { ...vars, link: vars.shortLink ?? vars.link }),
      template: null,
      variables: null,
    };
  const wa = whatsappMessage(event, side, vars);
  return { text: wa.text, template: wa.template, variables: wa.variables };
}

async function scheduleSend(id: string, at: Date, key = id): Promise<void> {
  try {
    await scheduleJob(PHONE_SEND_JOB, { id }, { singletonKey: key, startAfter: at });
  } catch (err) {
    // Stored: the sweep queues it again.
    logger.warn({ err, id }, "phone message stored but not queued yet");
  }
}

/** queuePhoneMessage for callers that must not fail (after the event committed). */
async function queueQuietly(input: PhoneMessageInput): Promise<void> {
  try {
    await queuePhoneMessage(db, input);
  } catch (err) {
    logger.error({ err, event: input.event, key: input.eventKey }, "phone message not queued");
  }
}

export type SendOutcome = "sent" | "skipped" | "failed" | "retry" | "not-due" | "done";

/**
 * The job: sends one stored message once. A provider error that may pass is thrown, so the queue tries
 * again with backoff; after PHONE_MAX_ATTEMPTS, or an error no retry changes, it is marked failed.
 * A send whose answer was lost (no response) is tried again: a duplicate text beats a lost one.
 */
export async function sendPhoneMessage(data: { id: string }, now: Date = new Date()): Promise<SendOutcome> {
  const row = await q.claimPhoneMessage(data.id, LEASE_SECONDS, now);
  if (!row) {
    const state = await q.findPhoneMessageState(data.id);
    // Not committed yet (queued inside a transaction): try again shortly; rolled back: the tries run out.
    if (!state) throw new Error("phone message not found (not committed yet?)");
    if (state.status !== "queued") return "done";
    if (state.sendAfter > now) return "not-due";
    throw new Error("phone message is being sent by another worker");
  }
  const consent = await q.findConsent(row.toPhone);
  const stopAnswer = row.event === "updates_stopped";
  if (consent && !consent.enabled && !stopAnswer) {
    await q.markPhoneMessage(row.id, { status: "skipped", error: "phone updates turned off" });
    return "skipped";
  }
  // A text held for the night goes by the channel chosen by now (phone walk 3: switched to WhatsApp at
  // 06:50, the 06:48 request still went by SMS at 07:00).
  const chosen: PhoneChannel = consent?.channel === "whatsapp" ? "whatsapp" : "sms";
  if (chosen !== row.channel && row.vars && !stopAnswer) {
    const words = wordsFor(chosen, row.event as PhoneEvent, row.side as PhoneSide, row.vars as PhoneVars);
    await q.switchPhoneMessageChannel(row.id, { channel: chosen, ...words });
    Object.assign(row, { channel: chosen, ...words });
  }
  if (row.bookingId && row.side === "client" && (await q.isBookingMuted(row.bookingId))) {
    await q.markPhoneMessage(row.id, { status: "skipped", error: "turned off for this booking" });
    return "skipped";
  }
  if (row.event === "release_due" && row.bookingId) {
    // Sent days after the payment's event: it asks the module whether the release is still coming (a
    // dispute or a card dispute filed since holds it, M8).
    const money = await peekBookingMoney(row.bookingId);
    if (!money?.held || money.booking.status === "cancelled") {
      await q.markPhoneMessage(row.id, { status: "skipped", error: "no longer held" });
      return "skipped";
    }
    if (money.holds.clientDispute || money.holds.cardDispute) {
      await q.markPhoneMessage(row.id, { status: "skipped", error: "a dispute holds the payment" });
      return "skipped";
    }
  }
  let result: Awaited<ReturnType<ReturnType<typeof providerFor>["send"]>>;
  try {
    result = await providerFor(row.channel as PhoneChannel).send({
      id: row.id,
      channel: row.channel as PhoneChannel,
      to: row.toPhone,
      text: row.text,
      event: row.event,
      template: row.template,
      variables: row.variables,
    });
  } catch (err) {
    result = { ok: false, retry: true, error: (err as Error).message };
  }
  if (result.ok) {
    await q.markPhoneMessage(row.id, { status: "sent", providerMessageId: result.providerMessageId });
    return "sent";
  }
  if (result.retry && row.attempts < PHONE_MAX_ATTEMPTS) {
    await q.markPhoneMessage(row.id, { status: "queued", error: result.error });
    throw new Error(`phone message not sent yet: ${result.error}`);
  }
  await q.markPhoneMessage(row.id, { status: "failed", error: result.error });
  logger.warn({ id: row.id, error: result.error }, "phone message failed");
  return "failed";
}

/** Every 10 minutes: queues again any message still waiting well after its time (its job was lost). */
export async function sweepPhoneMessages(now: Date = new Date()): Promise<number> {
  const rows = await q.strandedPhoneMessages(600, 200);
  const bucket = Math.floor(now.getTime() / 600_000);
  for (const r of rows) await scheduleSend(r.id, now, `${r.id}:sweep:${bucket}`);
  return rows.length;
}

// ——— the events ———

// A text has no booking with its reader's money state at hand, so names read as public: masked.
const masked = (text: string | null | undefined): Shown => textShownTo(text ?? "", "public");

function eventName(type: string, other: string | null): Shown {
  if ((type === "Others" || type === "other") && other) return masked(other);
  const label = requestEventTypeLabels[type as keyof typeof requestEventTypeLabels];
  return label ? ourWords(label) : masked(type);
}

/** Who acted, in a text, when the booking link was used by anyone but the client's account (issue 35 §1). */
export const LINK_WHO = "someone with the booking link";
const bookingLink = (slug: string) => `${publicOrigin()}/booking/${slug}`;
const dashboardLink = () => `${publicOrigin()}/musician_dashboard`;

type BookingExtras = Partial<PhoneVars> & {
  /** Default `${event}:${bookingId}`. */
  eventKey?: string;
  notBefore?: Date;
};

/**
 * An event on a booking, to the sides given (each only if that side has a message for it): names the
 * event, its date and the other side, with the booking's link. Never throws.
 */
export async function phoneBookingEvent(
  event: PhoneEvent,
  bookingId: string,
  sides: PhoneSide[],
  extras: BookingExtras = {},
): Promise<void> {
  try {
    const b = await q.bookingForPhone(db, bookingId);
    if (!b) return;
    // The client's number: the money module's one "who is the client" rule (M4): once paid, the payer's.
    const clientPhone = (await clientOf(bookingId))?.phone ?? null;
    const { eventKey, notBefore, ...rest } = extras;
    const vars: PhoneVars = {
      link: bookingLink(b.slug),
      client: masked(b.clientName),
      musician: musicianDisplayName(b),
      event: eventName(b.eventType, b.eventTypeOther),
      date: b.eventDate,
      ...rest,
    };
    for (const side of sides) {
      await queueQuietly({
        event,
        eventKey: eventKey ?? `${event}:${bookingId}`,
        side,
        phone: side === "musician" ? b.musicianPhone : clientPhone,
        vars,
        bookingId,
        notBefore,
      });
    }
  } catch (err) {
    logger.error({ err, event, bookingId }, "phone messages of a booking event not queued");
  }
}

/** An event on a booking request (before any booking exists, or its answer). Never throws. */
export async function phoneRequestEvent(
  event: Extract<
    PhoneEvent,
    "request_received" | "request_reply" | "musician_replied" | "request_accepted" | "request_declined"
  >,
  requestId: string,
  eventKey: string = `${event}:${requestId}`,
): Promise<void> {
  try {
    const r = await q.requestForPhone(requestId);
    if (!r) return;
    const toMusician = event === "request_received" || event === "request_reply";
    const link = toMusician
      ? musicianRequestLink(r.musicianSlug, r.musicianId, r.id)
      : event === "request_accepted" && r.bookingSlug
        ? bookingLink(r.bookingSlug)
        : event === "request_declined"
          ? `${publicOrigin()}/market`
          : `${publicOrigin()}/request/${r.statusToken}`;
    await queueQuietly({
      event,
      eventKey,
      side: toMusician ? "musician" : "client",
      phone: toMusician ? r.musicianPhone : (r.requestPhone ?? r.accountPhone),
      vars: {
        link,
        client: masked(r.clientName),
        musician: musicianDisplayName(r),
        event: eventName(r.eventType, r.eventTypeOther),
        date: r.eventDate,
      },
      bookingId: r.bookingId,
      requestId,
    });
  } catch (err) {
    logger.error({ err, event, requestId }, "phone message of a request not queued");
  }
}

/** A stored money event, as the money notices store it (kind, figures in kobo, the booking). */
export type MoneyEventRow = {
  id: string;
  kind:
    | "paid"
    | "released"
    | "cancelled"
    | "refunded"
    | "disputed"
    | "dispute_resolved"
    | "payout_sent"
    | "payout_failed"
    | "refund_delayed"
    // A line-up member's fee released (ADR 0033): to the member alone.
    | "line_up_fee";
  musicianId: string;
  bookingId: string | null;
  data: {
    paidKobo?: number;
    musicianKobo?: number;
    /** The whole musician side (a line-up's leader and members), as the client is told. */
    sideKobo?: number;
    refundKobo?: number;
    platformKobo?: number;
    by?: string;
    account?: string | null;
    holdsMoney?: boolean;
    payoutAccount?: string | null;
    /** A line-up fee: the member's role, as the leader typed it. */
    role?: string;
    dueAt?: string | null;
    eventEndsAt?: string | null;
  };
};

/** "16 Dec 2026": the day a release is due, as Lagos reads it. */
function dueDay(at: string | null | undefined): string {
  return shortDate(at ? new Date(new Date(at).getTime() + 3_600_000).toISOString().slice(0, 10) : null);
}

/**
 * The phone messages of a money event (one call from the notices, idempotent: the message keys are the
 * stored event's). Every figure is the event's, as the money module wrote it when the money moved
 * (ADR 0026): the texts never read the booking's money again, nor decide a hold their own way. Never
 * throws.
 */
export async function phoneMoneyEvent(row: MoneyEventRow, now: Date = new Date()): Promise<void> {
  const d = row.data;
  const eventKey = `money:${row.id}`;
  try {
    if (row.kind === "payout_sent" || row.kind === "payout_failed") {
      const m = await q.musicianForPhone(row.musicianId);
      if (!m) return;
      await queueQuietly({
        event: row.kind,
        eventKey,
        side: "musician",
        phone: m.phone,
        vars: {
          link: m.slug ? `${publicOrigin()}/musician_wallet/${m.slug}` : dashboardLink(),
          amountKobo: d.musicianKobo ?? 0,
          account: d.account ?? "your bank",
        },
      });
      return;
    }
    if (!row.bookingId) return;
    const bookingId = row.bookingId;
    const paidKobo = d.paidKobo ?? 0;
    const settled = { refundKobo: d.refundKobo ?? 0, keepKobo: d.musicianKobo ?? 0 };
    switch (row.kind) {
      case "paid": {
        const due = dueDay(d.dueAt);
        const ended = d.eventEndsAt ? new Date(d.eventEndsAt) <= now : false;
        await phoneBookingEvent("paid", bookingId, ["musician"], {
          eventKey,
          amountKobo: d.musicianKobo ?? 0,
          due,
        });
        // An event already over is not waited for: the client is told when the release is due instead.
        await phoneBookingEvent(ended ? "paid_after_event" : "paid", bookingId, ["client"], {
          eventKey,
          amountKobo: paidKobo,
          due,
        });
        if (d.eventEndsAt && !ended)
          await phoneBookingEvent("release_due", bookingId, ["client"], {
            due,
            notBefore: new Date(d.eventEndsAt),
          });
        return;
      }
      case "line_up_fee": {
        // The member's own text (issue 39), as the leader's release text: the figure is the event's; the
        // gig is named by its event, date and leader (never the client), with the member's Line-ups page.
        const [b, member] = await Promise.all([
          q.bookingForPhone(db, bookingId),
          q.musicianForPhone(row.musicianId),
        ]);
        if (!b || !member) return;
        await queueQuietly({
          event: d.payoutAccount ? "line_up_fee_paid_out" : "line_up_fee",
          eventKey,
          side: "musician",
          phone: member.phone,
          vars: {
            link: `${publicOrigin()}/musician_lineups/${member.slug ?? row.musicianId}`,
            musician: musicianDisplayName(b),
            role: masked(d.role),
            event: eventName(b.eventType, b.eventTypeOther),
            date: b.eventDate,
            amountKobo: d.musicianKobo ?? 0,
            account: d.payoutAccount ?? undefined,
          },
          bookingId,
        });
        return;
      }
      case "released":
        await phoneBookingEvent(d.payoutAccount ? "released_paid_out" : "released", bookingId, ["musician"], {
          eventKey,
          amountKobo: d.musicianKobo ?? 0,
          account: d.payoutAccount ?? undefined,
        });
        await phoneBookingEvent("released", bookingId, ["client"], { eventKey });
        return;
      case "cancelled": {
        const byMusician = d.by === "musician";
        // An unpaid booking's cancellation moves no money: its texts speak of no refund (issue 30).
        const event = paidKobo > 0 ? "cancelled" : "cancelled_unpaid";
        const common = { eventKey, ...settled };
        // Someone holding only the booking link is never "you" nor "the organiser" (issue 35 §1).
        const byLink = d.by === "link";
        await phoneBookingEvent(event, bookingId, ["musician"], {
          ...common,
          who: byMusician ? "you" : byLink ? LINK_WHO : "the organiser",
        });
        await phoneBookingEvent(event, bookingId, ["client"], {
          ...common,
          who: byMusician ? "the musician" : byLink ? LINK_WHO : "you",
        });
        return;
      }
      case "refunded":
        // This refund's own amount (a duplicate charge's refund is not the booking's).
        await phoneBookingEvent("refunded", bookingId, ["client"], {
          eventKey,
          refundKobo: d.refundKobo ?? 0,
        });
        return;
      case "refund_delayed":
        await phoneBookingEvent("refund_delayed", bookingId, ["client"], {
          eventKey,
          refundKobo: d.refundKobo ?? 0,
        });
        return;
      case "disputed": {
        // The hold is the money module's (holds.clientDispute, carried on the notice): never assumed (M8).
        const event = d.holdsMoney === false ? "disputed_nothing_held" : "disputed";
        await phoneBookingEvent(event, bookingId, ["musician"], {
          eventKey,
          amountKobo: d.musicianKobo ?? 0,
        });
        await phoneBookingEvent(event, bookingId, ["client"], { eventKey, amountKobo: paidKobo });
        return;
      }
      case "dispute_resolved": {
        // Every naira of what was paid: back to the client, to the musician, kept by Stagebook.
        // The musician reads their own part; the client, the whole musician side (a line-up, issue 39).
        const sideKobo = d.sideKobo ?? settled.keepKobo;
        const keptKobo = d.platformKobo ?? Math.max(0, paidKobo - settled.refundKobo - sideKobo);
        await phoneBookingEvent("dispute_resolved", bookingId, ["musician"], {
          eventKey,
          ...settled,
          keptKobo,
        });
        await phoneBookingEvent("dispute_resolved", bookingId, ["client"], {
          eventKey,
          ...settled,
          keepKobo: sideKobo,
          keptKobo,
        });
        return;
      }
    }
  } catch (err) {
    logger.error({ err, id: row.id, kind: row.kind }, "phone messages of a money event not queued");
  }
}

/**
 * A line-up invite (issue 39 §3) to the invited musician's number, once per place. The names, role,
 * event and city come through the contact boundary from the caller. Never throws.
 */
export async function phoneLineUpInvite(input: {
  placeId: string;
  bookingId: string;
  phone: string | null;
  vars: Required<Pick<PhoneVars, "link" | "musician" | "role" | "event" | "city" | "amountKobo">> &
    Pick<PhoneVars, "date">;
}): Promise<void> {
  await queueQuietly({
    event: "line_up_invite",
    eventKey: `line_up_invite:${input.placeId}`,
    side: "musician",
    phone: input.phone,
    vars: input.vars,
    bookingId: input.bookingId,
  });
}
