// Consent (issue 30 §4): on by default with the number given, off with one tap. A musician's and an
// organiser's own panel change their number's consent and channel; a booking page's panel turns one
// booking's messages to its organiser off or on again. STOP by SMS is in phone-webhooks.server.ts.

import type { SessionUser } from "~/features/auth/session.server";
import { ourWords, sentence } from "~/features/messaging/contact-boundary";
import { notifyMusician } from "~/features/messaging/messaging.server";
import { clientOf } from "~/features/money/client-identity.server";
import { LINK_ACTOR } from "~/features/notifications/money-notices";
import { displayPhone } from "~/lib/phone";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { textablePhone } from "./phone-messages.server";
import type { PhoneUpdatesForm, PhoneUpdatesState } from "./phone-updates.schema";
import { NO_MOBILE_FOR_UPDATES } from "./phone-updates.schema";
import * as q from "./queries.server";

const national = (e164: string) => displayPhone(`0${e164.slice(4)}`);

/** The signed-in person's own number: a musician's profile phone, else the account's. */
async function ownPhone(userId: string): Promise<string | null> {
  const musician = await q.musicianPhoneOfUser(userId);
  if (musician) return textablePhone(musician.phone);
  return textablePhone((await q.accountPhoneOfUser(userId))?.phone);
}

/** The signed-in person's textable number now (read before a change of number, for carryPhoneUpdates). */
export function ownTextablePhone(userId: string): Promise<string | null> {
  return ownPhone(userId);
}

/**
 * After the account's number changed: the updates' channel and on/off go with the person to the new
 * number (phone walk 3: WhatsApp fell back to SMS without a word), and the words say where they go now.
 * A number that already has its own choice keeps it. Undefined when the number did not change.
 */
export async function carryPhoneUpdates(userId: string, before: string | null): Promise<string | undefined> {
  const after = await ownPhone(userId);
  if (before === after) return undefined;
  if (!after) return `Booking updates by SMS or WhatsApp stop: ${NO_MOBILE_FOR_UPDATES}`;
  const old = before ? await q.findConsent(before) : null;
  let now = await q.findConsent(after);
  if (!now && old) {
    await q.saveConsent(
      after,
      { enabled: old.enabled, channel: old.channel === "whatsapp" ? "whatsapp" : "sms" },
      "account",
    );
    now = old;
  }
  if (now && !now.enabled) return `Booking updates by SMS or WhatsApp stay off for ${national(after)}.`;
  return `Booking updates now go to ${national(after)} by ${now?.channel === "whatsapp" ? "WhatsApp" : "SMS"}.`;
}

/** The booking a booking page's panel is about, and whose musician must not change it. */
export function bookingForPhoneUpdates(slug: string) {
  return q.bookingBySlug(slug);
}

export async function phoneUpdatesOfUser(userId: string): Promise<PhoneUpdatesState | null> {
  const phone = await ownPhone(userId);
  if (!phone) return null;
  const consent = await q.findConsent(phone);
  return {
    phone: national(phone),
    enabled: consent?.enabled ?? true,
    channel: consent?.channel === "whatsapp" ? "whatsapp" : "sms",
    ...(consent?.enabled === false && consent.changedBy === "stop" ? { stoppedByReply: true } : {}),
  };
}

/** For a booking page: only the last digits of the organiser's number (the musician may hold the link). */
export async function phoneUpdatesOfBooking(bookingId: string): Promise<PhoneUpdatesState | null> {
  // The client's number: the money module's one "who is the client" rule (M4).
  const phone = textablePhone((await clientOf(bookingId))?.phone);
  if (!phone) return null;
  const consent = await q.findConsent(phone);
  const muted = await q.isBookingMuted(bookingId);
  return {
    phone: `•••• ${phone.slice(-4)}`,
    enabled: !muted && (consent?.enabled ?? true),
    channel: consent?.channel === "whatsapp" ? "whatsapp" : "sms",
    ...(consent?.enabled === false && consent.changedBy === "stop" ? { stoppedByReply: true } : {}),
    ...(muted && (await q.textsOffByLink(bookingId)) ? { offByLink: true } : {}),
  };
}

/** Both sides learn that someone with the link turned the client's texts off, and how to turn them on. */
async function tellTextsOffByLink(booking: { id: string; slug: string; musicianId: string }) {
  const page = ourWords(`${publicOrigin()}/booking/${booking.slug}`);
  const slug = ourWords(booking.slug);
  const actor = ourWords(LINK_ACTOR);
  const client = await clientOf(booking.id);
  if (client?.email) {
    try {
      await sendMail({
        to: client.email,
        subject: sentence`${actor} turned off text updates for booking ${slug}`,
        text: sentence`Hello,\n\n${actor} turned off the SMS/WhatsApp updates about booking ${slug}. E-mails continue. If it was not you, turn them on again on the booking page:\n\n${page}\n\nStagebook`,
      });
    } catch (err) {
      logger.error({ err }, "texts-off notice failed");
    }
  }
  await notifyMusician(booking.musicianId, {
    subject: sentence`${actor} turned off the client's text updates for booking ${slug}`,
    text: sentence`${actor} turned off the SMS/WhatsApp updates to the client about booking ${slug}. The client still gets e-mails:\n\n${page}`,
  });
}

type Result = { ok: true; message: string } | { ok: false; status: number; message: string };

const words = (on: boolean, channel: string) =>
  on
    ? `Booking updates by ${channel === "whatsapp" ? "WhatsApp" : "SMS"} are on`
    : "Booking updates by SMS or WhatsApp are off";

/**
 * Saves a panel. Account: the signed-in person's own number. Booking: whoever may act for the client
 * (`clientActs`: the link while unpaid, the payer once paid), never the booking's musician.
 */
export async function savePhoneUpdates(
  user: SessionUser | null,
  form: PhoneUpdatesForm,
  booking: {
    id: string;
    slug: string;
    musicianId: string;
    musicianUserId: string;
    clientActs: boolean;
    /** Someone holding only the link, not the client's account (issue 35 §1): told as such. */
    byLink?: boolean;
  } | null,
): Promise<Result> {
  const on = form.enabled === "on";
  if (form.scope === "account") {
    if (!user) return { ok: false, status: 401, message: "Please sign in to change your booking updates." };
    const phone = await ownPhone(user.id);
    if (!phone) return { ok: false, status: 400, message: NO_MOBILE_FOR_UPDATES };
    const channel = form.channel ?? (await q.findConsent(phone))?.channel ?? "sms";
    await q.saveConsent(
      phone,
      { enabled: on, channel: channel === "whatsapp" ? "whatsapp" : "sms" },
      "account",
    );
    return { ok: true, message: words(on, channel) };
  }
  if (!booking) return { ok: false, status: 404, message: "Booking not found" };
  // As the booking's other client actions: the link while unpaid, the payer once paid, never its musician.
  if ((user && user.id === booking.musicianUserId) || !booking.clientActs) {
    return { ok: false, status: 403, message: "Only the organiser can change their booking updates." };
  }
  const wasMuted = await q.isBookingMuted(booking.id);
  await q.setBookingMuted(booking.id, !on);
  if (on) await q.setTextsOffByLink(booking.id, false);
  else if (booking.byLink && !wasMuted) {
    await q.setTextsOffByLink(booking.id, true);
    await tellTextsOffByLink(booking);
  }
  if (on) {
    // Turning a booking's updates on is an explicit yes, also after a STOP from that number.
    const phone = textablePhone((await clientOf(booking.id))?.phone);
    if (phone && (await q.findConsent(phone))?.enabled === false)
      await q.saveConsent(phone, { enabled: true }, "booking");
  }
  return {
    ok: true,
    message: on ? "Updates about this booking are on" : "Updates about this booking are off",
  };
}
