// The reviews feature's background jobs (registered in app/server/jobs/handlers.server.ts).
import { lines, ourWords, readByAuthor, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import { phoneBookingEvent } from "~/features/phone-messages/phone-messages.server";
import { musicianDisplayName } from "~/lib/display-name";
import { formatCalendarDate } from "~/lib/lagos-date";
import { publicOrigin } from "~/server/env.server";
import { type Mail, sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { type BookingForReview, findBookingForReview, findReview, findWindow } from "./queries.server";
import { REVIEW_WINDOW_DAYS } from "./rating";
import { REVIEW_JOBS, type ReminderSide, scheduleSweep } from "./review-schedule.server";
import { bookingRefusal, publishClosedWindow, queueMissingWindowJobs, windowState } from "./reviews.server";

/**
 * The booking's words as each side reads them in a review mail: the other side's name and the event
 * through the boundary in the booking's money state, each side's own name as they wrote it.
 */
const names = (bk: BookingForReview) => {
  const reader = { paymentStatus: bk.paymentStatus };
  const musician = musicianDisplayName({
    stageName: bk.musicianStageName,
    firstName: bk.musicianFirstName,
    lastName: bk.musicianLastName,
  });
  const eventType = textShownTo(bk.eventType, reader);
  return {
    musician: textShownTo(musician, reader),
    ownMusician: readByAuthor(musician),
    client: textShownTo(bk.clientName, reader),
    ownClient: readByAuthor(bk.clientName),
    event: bk.eventDate
      ? sentence`${eventType} on ${ourWords(formatCalendarDate(bk.eventDate, "d MMMM yyyy"))}`
      : eventType,
    clientLink: ourWords(`${publicOrigin()}/booking/${bk.slug}`),
    musicianLink: ourWords(`${publicOrigin()}/musician_reviews/${bk.musicianSlug ?? bk.musicianId}`),
  };
};

function reminderMail(bk: BookingForReview, side: ReminderSide, closesAt: Date): Mail | null {
  const n = names(bk);
  const closes = ourWords(formatCalendarDate(closesAt.toISOString().slice(0, 10), "d MMMM yyyy"));
  if (side === "client") {
    if (!bk.email) return null;
    return {
      to: bk.email,
      subject: sentence`How was ${n.musician}? Leave a review`,
      text: lines(
        sentence`Hello ${n.ownClient},`,
        "",
        sentence`How was ${n.musician} at your ${n.event}? Your review helps other organisers book with confidence.`,
        sentence`Leave a review here (no account needed): ${n.clientLink}`,
        "",
        sentence`Reviews stay hidden until both you and the musician have written, or until ${closes}.`,
      ),
    };
  }
  return {
    to: bk.musicianEmail,
    subject: sentence`Review your organiser: ${n.client}`,
    text: lines(
      sentence`Hello ${n.ownMusician},`,
      "",
      sentence`How was working with ${n.client} at the ${n.event}? Tell other musicians whether you were paid on time and treated well.`,
      sentence`Write your review: ${n.musicianLink}`,
      "",
      sentence`You have until ${closes}; after that the ${REVIEW_WINDOW_DAYS}-day window closes.`,
    ),
  };
}

const REMINDER_GAP_MS = 24 * 3_600_000;

/** 24 h and 72 h after the event: invite a side that has not written yet, while the window is open. */
export async function sendReviewReminder(data: { bookingId: string; side: ReminderSide }, now = new Date()) {
  const bk = await findBookingForReview({ id: data.bookingId });
  const window = await findWindow(data.bookingId);
  if (!bk || !window || bookingRefusal(bk)) return false;
  if (windowState(window, now) !== "open") return false;
  const direction = data.side === "client" ? "client_to_musician" : "musician_to_client";
  if (await findReview(bk.id, direction)) return false;
  // Once a day at most per side: an event entered after its date has the 24 h and the 72 h reminder due
  // together, and each side got the same invitation twice, seconds apart (phone walk 2).
  if (!(await hitRateLimit(`review-remind:${bk.id}:${data.side}`, 1, REMINDER_GAP_MS))) return false;
  if (data.side === "musician") {
    // By phone once (the first reminder), not at each one.
    await phoneBookingEvent("review_waiting", bk.id, ["musician"], { link: names(bk).musicianLink });
  }
  const mail = reminderMail(bk, data.side, window.closesAt);
  if (!mail) return false;
  await sendMail(mail);
  return true;
}

/** Tells both sides their reviews are published. */
export async function sendPublicationMails(data: { bookingId: string }) {
  const bk = await findBookingForReview({ id: data.bookingId });
  if (!bk) return;
  const n = names(bk);
  const mails: Mail[] = [
    {
      to: bk.musicianEmail,
      subject: ourWords("Your reviews are published"),
      text: sentence`Hello ${n.ownMusician},\n\nThe reviews for the ${n.event} with ${n.client} are now published.\nRead them and reply: ${n.musicianLink}`,
    },
  ];
  if (bk.email) {
    mails.push({
      to: bk.email,
      subject: sentence`Your review of ${n.musician} is published`,
      text: sentence`Hello ${n.ownClient},\n\nThe reviews for your ${n.event} are now published. Thank you for reviewing ${n.musician}.\n${n.clientLink}`,
    });
  }
  for (const m of mails) await sendMail(m);
}

export const reviewJobHandlers = [
  {
    name: REVIEW_JOBS.publish,
    handler: async (data: { bookingId: string }) => {
      await publishClosedWindow(data.bookingId);
    },
  },
  {
    name: REVIEW_JOBS.remind,
    handler: async (data: { bookingId: string; side: ReminderSide }) => {
      await sendReviewReminder(data);
    },
  },
  { name: REVIEW_JOBS.announce, handler: sendPublicationMails },
  {
    name: REVIEW_JOBS.sweep,
    handler: async () => {
      await queueMissingWindowJobs();
      const next = new Date();
      next.setUTCMinutes(0, 0, 0);
      await scheduleSweep(new Date(next.getTime() + 3_600_000));
    },
  },
] as const;

/** Called once the job queue has started in a process: the first sweep runs now. */
export async function startReviewSweep(): Promise<void> {
  await scheduleSweep();
}
