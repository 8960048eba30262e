import { formatEventDate } from "~/features/bookings/booking-dates";
import type { Outcome } from "~/features/bookings/outcome";
import { organiserPhone } from "~/features/client/organiser-account.server";
import {
  ourWords,
  readByAuthor,
  type Shown,
  sentence,
  shownTo,
  textShownTo,
} from "~/features/messaging/contact-boundary";
import {
  CONTACT_HIDDEN_NOTICE,
  maskContactDetails,
  maskedUnlessPaid,
} from "~/features/messaging/contact-mask";
import type { Member } from "~/features/messaging/messaging.server";
import {
  musicianAnsweredInMessages,
  sendMessage,
  startConversationAbout,
} from "~/features/messaging/messaging.server";
import { priceQuote } from "~/features/money/booking-money.server";
import { isPaidPhase, phaseOfStatus } from "~/features/money/money-rules";
import { serviceFeeLabel } from "~/features/payments/fee-words";
import { phoneRequestEvent } from "~/features/phone-messages/phone-messages.server";
import type { OwnProfile } from "~/features/profiles/own-profile.server";
import { formatDate, formatTimeRange } from "~/lib/date-format";
import { musicianDisplayName } from "~/lib/display-name";
import { formatNaira } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { publicOrigin } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { queueMail } from "~/server/mail/mail-queue.server";
import { sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { BookingRequestFormValues, BookingRequestInput, RequestStatus } from "./booking-request.schema";
import {
  declinePendingRequest,
  findDraftRequest,
  findLastPhoneOfClient,
  findMusicianContact,
  findMusicianIdBySlug,
  findOwnPendingRequest,
  findOwnRequestStatus,
  findRequestById,
  findRequestByToken,
  insertBookingRequest,
  insertRequestReply,
  listPendingRequests,
  listRequestReplies,
  medianReplyHours,
  undoRecentDecline,
  updateDraftRequest,
} from "./queries.server";
import { musicianRequestLink } from "./request-link.server";
import { requestEventTypeText, requestSummaryLines } from "./request-summary";

export const REQUEST_SENT = "Booking request sent successfully!";
export const REQUEST_FAILED = "Failed to send booking request. Please try again.";
export const UNKNOWN_MUSICIAN = "This musician could not be found, so the request was not sent.";

// Anyone can post a request without an account, so each address gets a handful per window.
const REQUEST_LIMIT = 10;
const REQUEST_WINDOW_MS = 10 * 60_000;

export const DRAFT_SAVED = "Draft saved. Finish it from My Bookings.";
export const DRAFT_NOT_FOUND = "This draft could not be found. It may have been sent already.";

/** Who sends: a signed-in organiser (the request belongs to their account, and may be a draft). */
export interface RequestSender {
  clientUserId: string;
  /** Save without sending. */
  draft?: boolean;
  /** The draft this finishes (or saves again). */
  draftId?: string | null;
}

/**
 * A request to the musician whose website slug is `musicianSlug` (spec §4, ARCHITECTURE §9): from an
 * anonymous visitor, or from a signed-in organiser whose account it then belongs to.
 */
export async function submitBookingRequest(
  musicianSlug: string,
  input: BookingRequestInput,
  clientIp: string,
  sender: RequestSender | null = null,
): Promise<Outcome<{ draft?: boolean; statusToken?: string; musicianName?: string; replyTime?: string }>> {
  if (!(await hitRateLimit(`booking-request:${clientIp}`, REQUEST_LIMIT, REQUEST_WINDOW_MS))) {
    return {
      ok: false,
      status: 429,
      message: "Too many booking requests. Please wait a few minutes and try again.",
    };
  }
  const musician = await musicianForRequestForm(musicianSlug);
  if (!musician) return { ok: false, status: 404, message: UNKNOWN_MUSICIAN };
  const status = sender?.draft ? "draft" : "pending";
  let saved: { id: string; statusToken: string } | null;
  if (sender?.draftId) {
    saved = await updateDraftRequest(sender.draftId, musician.id, sender.clientUserId, input, status);
    if (!saved) return { ok: false, status: 404, message: DRAFT_NOT_FOUND };
  } else {
    saved = await insertBookingRequest(musician.id, input, sender?.clientUserId ?? null, status);
  }
  if (status === "draft") return { ok: true, draft: true };
  await notifyMusicianOfRequest(musician.id, musicianSlug, saved.id, input);
  await phoneRequestEvent("request_received", saved.id);
  const musicianName = musician.stageName || "The musician";
  if (input.email)
    await mailRequesterTheirLink(
      input.email,
      readByAuthor(input.clientName),
      musician.stageName || ourWords("The musician"),
      saved.statusToken,
    );
  return {
    ok: true,
    statusToken: saved.statusToken,
    musicianName,
    replyTime: replyTimeText(musicianName, await medianReplyHours(musician.id)),
  };
}

/** "Ayo Sax usually replies within about 3 hours." from the musician's real answers, or says there are none. */
export function replyTimeText(name: string, hours: number | null): string {
  if (hours === null) {
    return `${name} has not answered a request on Stagebook yet, so there is no usual reply time to show.`;
  }
  if (hours < 1) return `${name} usually replies within an hour.`;
  if (hours < 36) {
    const h = Math.ceil(hours);
    return `${name} usually replies within about ${h} ${h === 1 ? "hour" : "hours"}.`;
  }
  return `${name} usually replies within about ${Math.ceil(hours / 24)} days.`;
}

/** What the request form starts from for a signed-in organiser: their account, or the draft they finish. */
export async function requestPrefill(
  musicianId: string,
  organiser: { id: string; name: string; email: string },
  draftId: string | null,
): Promise<{ values: Partial<BookingRequestFormValues>; draftId: string | null }> {
  const draft =
    draftId && /^[0-9a-f-]{36}$/.test(draftId)
      ? await findDraftRequest(draftId, musicianId, organiser.id)
      : null;
  if (draft) {
    return {
      draftId: draft.id,
      values: {
        clientName: draft.clientName,
        email: draft.email ?? "",
        phoneNumber: draft.phoneNumber ?? "",
        eventType: draft.eventType,
        eventTypeOther: draft.eventTypeOther ?? "",
        location: draft.location ?? "",
        eventDate: draft.eventDate ?? "",
        dateNotFixed: draft.dateNotFixed ? "on" : "",
        eventStartTime: draft.eventStartTime?.slice(0, 5) ?? "",
        eventDuration: draft.eventDuration,
        budgetEstimate: draft.budgetEstimateKobo === null ? "" : formatNairaAmount(draft.budgetEstimateKobo),
        additionalDetails: draft.additionalDetails ?? "",
      },
    };
  }
  const own = await organiserContact(organiser);
  return { draftId: null, values: { clientName: own.name, email: own.email, phoneNumber: own.phone } };
}

/**
 * A signed-in organiser's own contact details, which their forms (request, dispute, checkout) start
 * from: never anyone else's.
 */
export async function organiserContact(organiser: {
  id: string;
  name: string;
  email: string;
}): Promise<{ name: string; email: string; phone: string }> {
  // The number they last used on a request, else the one given at sign-up.
  const phone = (await findLastPhoneOfClient(organiser.id)) ?? (await organiserPhone(organiser.id)) ?? "";
  return { name: organiser.name, email: organiser.email, phone };
}

/**
 * The organiser's copy of their private link, so closing the sheet does not lose the way back (phone
 * walk 2). A mail failure never loses the stored request.
 */
async function mailRequesterTheirLink(to: string, clientName: Shown, musicianName: Shown, token: string) {
  try {
    const link = ourWords(`${publicOrigin()}/request/${token}`);
    await queueMail({
      to,
      subject: sentence`Your booking request to ${musicianName} was sent`,
      text: sentence`Hello ${clientName},

Your booking request to ${musicianName} was sent. Follow it, read ${musicianName}'s reply and answer on your request's private page (keep this link; anyone who has it can read the request):

${link}

We e-mail you when a reply is waiting.

Stagebook`,
    });
  } catch (err) {
    logger.error({ err }, "request confirmation e-mail failed");
  }
}

/** E-mails the musician about a new request; a mail failure never loses the stored request. */
async function notifyMusicianOfRequest(
  musicianId: string,
  musicianSlug: string,
  requestId: string,
  input: BookingRequestInput,
) {
  try {
    const to = await findMusicianContact(musicianId);
    if (!to) return;
    const what = requestEventTypeText({
      eventType: input.eventType,
      eventTypeOther: input.eventTypeOther ?? null,
    });
    const date = input.eventDate && !input.dateNotFixed ? formatEventDate(input.eventDate) : null;
    const client = textShownTo(input.clientName, "public");
    await queueMail({
      to: to.email,
      subject: sentence`New booking request from ${client}`,
      text: sentence`Hello ${readByAuthor(to.stageName || to.firstName || "")},\n\n${client} sent you a booking request on Stagebook for ${textShownTo(what, "public")}, ${date ? sentence`on ${ourWords(date)}` : ourWords("date not fixed yet")}. Open it in your Booking Requests to reply, accept or decline:\n\n${ourWords(musicianRequestLink(musicianSlug, musicianId, requestId))}\n\nStagebook`,
    });
  } catch (err) {
    logger.error({ err }, "booking request e-mail failed");
  }
}

/** The musician a request goes to, named as the public reads their name (issue 36). */
export async function musicianForRequestForm(musicianSlug: string) {
  if (!/^[a-z0-9-]{1,100}$/.test(musicianSlug)) return null;
  const musician = await findMusicianIdBySlug(musicianSlug);
  return musician && shownTo(musician, { id: "ours", stageName: "typed" }, "public");
}

/** Seconds a musician has to undo a decline before the organiser is told. */
export const UNDO_DECLINE_SECONDS = 10;
export const REQUEST_ANSWER_MAIL_JOB = "request-answer-mail";
export type RequestAnswerMailJob = { requestId: string; status: "accepted" | "declined"; answeredAt: string };

/** One message in a request's in-app thread (a requester without an account). */
export type RequestReply = { id: string; from: "musician" | "requester"; body: string; sentAt: string };

type PendingRow = Awaited<ReturnType<typeof listPendingRequests>>[number];

/**
 * A request as its musician sees it before any payment (issue 22 §4): the organiser's e-mail and
 * phone are not sent to the page at all, only whether they gave them; what they typed is masked.
 */
export type PendingRequest = Omit<PendingRow, "email" | "phoneNumber"> & {
  hasEmail: boolean;
  hasPhone: boolean;
  replies: RequestReply[];
};

const masked = (text: string) => maskContactDetails(text).text;

/** Pending requests, and those declined moments ago (still undoable, `declinedAt` set). */
export async function listOwnPendingRequests(musician: Pick<OwnProfile, "id">): Promise<PendingRequest[]> {
  const rows = await listPendingRequests(musician.id, UNDO_DECLINE_SECONDS);
  const replies = await repliesOf(
    rows.filter((r) => !r.clientHasAccount).map((r) => r.id),
    "musician",
  );
  // A pending request has no paid booking: everything the organiser typed is masked.
  return rows.map(({ email, phoneNumber, ...r }) => ({
    ...r,
    clientName: masked(r.clientName),
    eventTypeOther: r.eventTypeOther && masked(r.eventTypeOther),
    location: r.location && masked(r.location),
    additionalDetails: r.additionalDetails && masked(r.additionalDetails),
    hasEmail: Boolean(email),
    hasPhone: Boolean(phoneNumber),
    replies: replies.get(r.id) ?? [],
  }));
}

/**
 * The in-app replies of requests, for one side: the other side's text masked until `paid` (a viewer's
 * own text reads as they typed it).
 */
async function repliesOf(
  requestIds: string[],
  viewer: RequestReply["from"],
  paymentStatus: string | null = null,
): Promise<Map<string, RequestReply[]>> {
  const byRequest = new Map<string, RequestReply[]>();
  for (const r of await listRequestReplies(requestIds)) {
    const from = r.sender as RequestReply["from"];
    const list = byRequest.get(r.requestId) ?? [];
    list.push({
      id: r.id,
      from,
      body: from === viewer ? r.body : maskedUnlessPaid(r.body, paymentStatus),
      sentAt: new Date(r.createdAt).toISOString(),
    });
    byRequest.set(r.requestId, list);
  }
  return byRequest;
}

export const REQUEST_NOT_FOUND = "Booking request not found";
export const REPLIES_CLOSED = "This request has been answered, so replies here are closed.";
export const TOO_MANY_REPLIES = "You are sending replies too fast. Please wait a minute and try again.";
/** At most one "a reply is waiting" e-mail per request and recipient in this time; the page shows all. */
const REPLY_MAIL_EVERY_MS = 15 * 60_000;

/**
 * The musician answers a request in the app (issue 22 §4): an organiser with an account gets it in
 * Messages; anyone else reads it on their private /request/{token} page and is e-mailed that it waits.
 */
export async function replyToRequest(
  member: Member & { musicianId: string },
  requestId: string,
  body: string,
): Promise<Outcome<{ message: string; notice: string | null }>> {
  const request = await findOwnPendingRequest(requestId, member.musicianId);
  if (!request) {
    const current = await findOwnRequestStatus(requestId, member.musicianId);
    return current
      ? { ok: false, status: 409, message: "This booking request has already been handled." }
      : { ok: false, status: 404, message: REQUEST_NOT_FOUND };
  }
  const name = masked(request.clientName);
  // By phone too, at most once per request in REPLY_MAIL_EVERY_MS (the page shows every reply).
  await phoneRequestEvent("musician_replied", request.id, replyKey("musician_replied", request.id));
  if (request.clientUserId) {
    const conv = await startConversationAbout(member.musicianId, { requestId });
    if (!conv.ok) return conv;
    const sent = await sendMessage(member, conv.conversationId, body);
    if (!sent.ok) return sent;
    return { ok: true, message: `Reply sent. ${name} reads it in their Messages.`, notice: sent.notice };
  }
  if (!(await hitRateLimit(`request-reply:${member.user.id}`, 30, 60_000))) {
    return { ok: false, status: 429, message: TOO_MANY_REPLIES };
  }
  await insertRequestReply(request.id, "musician", body);
  if (request.email) await mailRequesterOfReply(request.id, request.email, request.statusToken);
  return {
    ok: true,
    message: request.email
      ? `Reply sent. ${name} is e-mailed that it is waiting on their request's page.`
      : `Reply sent. ${name} reads it on their request's page.`,
    notice: maskContactDetails(body).masked ? CONTACT_HIDDEN_NOTICE : null,
  };
}

const replyKey = (event: string, requestId: string) =>
  `${event}:${requestId}:${Math.floor(Date.now() / REPLY_MAIL_EVERY_MS)}`;

/** "A reply is waiting" (never the text itself: the private page is where it is read). */
async function mailRequesterOfReply(requestId: string, to: string, token: string) {
  try {
    if (!(await hitRateLimit(`request-reply-mail:requester:${requestId}`, 1, REPLY_MAIL_EVERY_MS))) return;
    const row = await findRequestById(requestId);
    if (!row) return;
    const name = textShownTo(musicianDisplayName(row), "public");
    await sendMail({
      to,
      subject: sentence`${name} replied to your booking request`,
      text: sentence`Hello ${readByAuthor(row.clientName)},\n\n${name} replied to your booking request on Stagebook. Read the reply and answer it on your request's page:\n\n${ourWords(`${publicOrigin()}/request/${token}`)}\n\nContact details are shared once the booking is paid, so both of you stay protected by Stagebook.\n\nStagebook`,
    });
  } catch (err) {
    logger.error({ err, requestId }, "request reply e-mail failed");
  }
}

/** The requester answers on their private page; the musician is e-mailed that an answer waits. */
export async function replyAsRequester(
  token: string,
  body: string,
  clientIp: string,
): Promise<Outcome<{ message: string; notice: string | null }>> {
  const row = /^[0-9a-f]{64}$/.test(token) ? await findRequestByToken(token) : null;
  if (!row) return { ok: false, status: 404, message: REQUEST_NOT_FOUND };
  if (row.clientUserId) {
    return { ok: false, status: 409, message: "Reply to this request in your Messages." };
  }
  if (row.status !== "pending") return { ok: false, status: 409, message: REPLIES_CLOSED };
  if (
    !(await hitRateLimit(`request-reply:${token}`, 20, 10 * 60_000)) ||
    !(await hitRateLimit(`request-reply-ip:${clientIp}`, 60, 10 * 60_000))
  ) {
    return { ok: false, status: 429, message: TOO_MANY_REPLIES };
  }
  await insertRequestReply(row.id, "requester", body);
  await phoneRequestEvent("request_reply", row.id, replyKey("request_reply", row.id));
  try {
    if (await hitRateLimit(`request-reply-mail:musician:${row.id}`, 1, REPLY_MAIL_EVERY_MS)) {
      const to = await findMusicianContact(row.musicianId);
      if (to) {
        const client = textShownTo(row.clientName, "public");
        await sendMail({
          to: to.email,
          subject: sentence`${client} answered your reply`,
          text: sentence`Hello ${readByAuthor(to.stageName || to.firstName || "")},\n\n${client} answered you about their booking request on Stagebook. Read it in your Booking Requests:\n\n${ourWords(musicianRequestLink(row.musicianSlug, row.musicianId, row.id))}\n\nStagebook`,
        });
      }
    }
  } catch (err) {
    logger.error({ err, requestId: row.id }, "requester reply e-mail failed");
  }
  return {
    ok: true,
    message: `Sent to ${musicianDisplayName(row)}.`,
    notice: maskContactDetails(body).masked ? CONTACT_HIDDEN_NOTICE : null,
  };
}

export async function declineOwnRequest(
  musician: Pick<OwnProfile, "id">,
  id: string,
  reason: string | null = null,
): Promise<Outcome<{ message: string; undoSeconds: number }>> {
  const row = await declinePendingRequest(id, musician.id, reason);
  if (row?.answeredAt) {
    // The organiser hears of it once the undo window has passed, and only if this decline still stands.
    const at = new Date(row.answeredAt);
    await queueAnswerMail(
      { requestId: id, status: "declined", answeredAt: at.toISOString() },
      new Date(at.getTime() + UNDO_DECLINE_SECONDS * 1000),
    );
    return {
      ok: true,
      message: `Booking request from ${row.clientName} has been declined`,
      undoSeconds: UNDO_DECLINE_SECONDS,
    };
  }
  const current = await findOwnRequestStatus(id, musician.id);
  if (!current) return { ok: false, status: 404, message: "Booking request not found" };
  return { ok: false, status: 409, message: "This booking request has already been handled." };
}

export const TOO_LATE_TO_UNDO = "Too late to undo: the organiser has been told.";

export async function undoDeclineOwnRequest(
  musician: Pick<OwnProfile, "id">,
  id: string,
): Promise<Outcome<{ message: string }>> {
  const row = await undoRecentDecline(id, musician.id, UNDO_DECLINE_SECONDS);
  if (row) return { ok: true, message: `Request from ${row.clientName} is back in your list` };
  const current = await findOwnRequestStatus(id, musician.id);
  if (!current) return { ok: false, status: 404, message: "Booking request not found" };
  if (current.status === "pending")
    return { ok: false, status: 409, message: "This request is not declined." };
  return { ok: false, status: 409, message: TOO_LATE_TO_UNDO };
}

/** After a musician accepts a request into a booking: the organiser is e-mailed (through the queue). */
export async function requestAccepted(requestId: string): Promise<void> {
  const row = await findRequestById(requestId);
  if (row?.status !== "accepted" || !row.answeredAt) return;
  await queueAnswerMail({
    requestId,
    status: "accepted",
    answeredAt: new Date(row.answeredAt).toISOString(),
  });
}

async function queueAnswerMail(job: RequestAnswerMailJob, startAfter?: Date): Promise<void> {
  try {
    await scheduleJob(REQUEST_ANSWER_MAIL_JOB, job, {
      startAfter,
      singletonKey: `${job.requestId}:${job.status}:${job.answeredAt}`,
    });
  } catch (err) {
    logger.error({ err, requestId: job.requestId }, "could not queue a request answer e-mail");
  }
}

/**
 * The job: e-mails the organiser the musician's answer, if it still stands (an undone decline, or a
 * later one, does not match `answeredAt`). Returns what it did, for tests.
 */
export async function sendRequestAnswerMail(
  job: RequestAnswerMailJob,
): Promise<"sent" | "stale" | "no-address" | "organiser-account"> {
  const row = await findRequestById(job.requestId);
  if (
    !row ||
    row.status !== job.status ||
    !row.answeredAt ||
    new Date(row.answeredAt).getTime() !== new Date(job.answeredAt).getTime()
  ) {
    return "stale";
  }
  await phoneRequestEvent(
    job.status === "accepted" ? "request_accepted" : "request_declined",
    job.requestId,
    `request_${job.status}:${job.requestId}:${job.answeredAt}`,
  );
  // An organiser account hears of an accept from messaging (with the contract attached); of a decline, here.
  if (job.status === "accepted" && row.clientUserId) return "organiser-account";
  const to = row.email ?? row.accountEmail;
  if (!to) return "no-address";
  const name = textShownTo(musicianDisplayName(row), "public");
  const link = ourWords(`${publicOrigin()}/request/${row.statusToken}`);
  // The organiser's own request, read back by them.
  const what = readByAuthor(
    requestSummaryLines(row)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  );
  const client = readByAuthor(row.clientName);
  const text =
    job.status === "accepted"
      ? sentence`Hello ${client},\n\nGood news: ${name} accepted your booking request.${
          row.bookingSlug
            ? sentence` Your booking is ready to review and confirm:\n\n${ourWords(`${publicOrigin()}/booking/${row.bookingSlug}`)}`
            : ourWords("")
        }${ourWords(bookedTerms(row))}\n\nYour request:\n${what}\n\nFollow it here: ${link}\n\nStagebook`
      : sentence`Hello ${client},\n\n${name} declined your booking request.${
          row.declineReason
            ? sentence`\n\nTheir reason: ${textShownTo(row.declineReason, "public")}`
            : ourWords("")
        }\n\nYour request:\n${what}\n\nYou can find another musician at ${ourWords(`${publicOrigin()}/market`)}\n\nStagebook`;
  await sendMail({
    to,
    subject:
      job.status === "accepted"
        ? sentence`${name} accepted your booking request`
        : sentence`${name} declined your booking request`,
    text,
  });
  return "sent";
}

/**
 * The terms the musician booked, which may differ from the request (price, fee, total, date, time):
 * what the organiser confirms and pays (phone walk 2). The fee and total are the money module's quote.
 */
function bookedTerms(row: {
  bookingSlug: string | null;
  bookingPriceKobo: string | null;
  bookingDate: string | null;
  bookingStartTime: string | null;
  bookingEndTime: string | null;
}): string {
  if (!row.bookingSlug) return "";
  const lines: string[] = [];
  if (row.bookingPriceKobo !== null) {
    const c = priceQuote(Number(row.bookingPriceKobo));
    lines.push(
      `Price: ${formatNaira(c.priceKobo)}`,
      `${serviceFeeLabel(c.serviceFeeBp)}: ${formatNaira(c.serviceFeeKobo)}`,
      `Total you pay: ${formatNaira(c.totalKobo)}`,
    );
  }
  const date = formatDate(row.bookingDate);
  if (date) lines.push(`Date: ${date}`);
  const time = formatTimeRange(row.bookingStartTime, row.bookingEndTime);
  if (time) lines.push(`Time: ${time}`);
  return lines.length ? `\n\nThe booking's terms:\n${lines.join("\n")}` : "";
}

/** Where a request stands, following the booking it became (phone walk 2). */
export type RequestStage =
  | "waiting"
  | "reply_waiting"
  | "declined"
  | "accepted"
  | "paid"
  | "completed"
  | "cancelled";

export function requestStage(
  status: RequestStatus,
  replies: RequestReply[],
  bookingStatus: string | null,
  paymentStatus: string | null,
): RequestStage {
  if (status === "declined") return "declined";
  if (status === "pending") return replies.at(-1)?.from === "musician" ? "reply_waiting" : "waiting";
  if (bookingStatus === "cancelled") return "cancelled";
  // The money module's phase (payment_status is its cache): paid means isPaidPhase, released completes.
  const phase = phaseOfStatus(paymentStatus);
  if (phase === "released") return "completed";
  if (isPaidPhase(phase)) return "paid";
  return "accepted";
}

export type RequestStatusView = {
  status: RequestStatus;
  stage: RequestStage;
  musicianName: string;
  musicianSlug: string | null;
  bookingSlug: string | null;
  declineReason: string | null;
  sentAt: string;
  summary: [string, string][];
  /** The in-app thread with the musician (a requester without an account). */
  replies: RequestReply[];
  /** The requester may answer here (pending, no account). */
  canReply: boolean;
  /** An organiser with an account talks with the musician in Messages. */
  inMessages: boolean;
};

/** The organiser's private status link: what they sent, and the answer (a fresh decline shows once final). */
export async function requestStatusByToken(token: string): Promise<RequestStatusView | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const row = await findRequestByToken(token);
  if (!row) return null;
  const undoable =
    row.status === "declined" &&
    row.answeredAt !== null &&
    Date.now() - new Date(row.answeredAt).getTime() < UNDO_DECLINE_SECONDS * 1000;
  const status: RequestStatus =
    row.status === "accepted" ? "accepted" : row.status === "declined" && !undoable ? "declined" : "pending";
  const replies = row.clientUserId
    ? []
    : ((await repliesOf([row.id], "requester", row.bookingPaymentStatus)).get(row.id) ?? []);
  // Signed in, the musician answers in Messages (phone walk 3: the page still said "Waiting").
  const answeredInMessages =
    status === "pending" &&
    row.clientUserId !== null &&
    (await musicianAnsweredInMessages(row.clientUserId, row.musicianId, new Date(row.createdAt)));
  return {
    status,
    stage: answeredInMessages
      ? "reply_waiting"
      : requestStage(status, replies, row.bookingStatus, row.bookingPaymentStatus),
    musicianName: musicianDisplayName(row),
    musicianSlug: row.musicianSlug,
    bookingSlug: status === "accepted" ? row.bookingSlug : null,
    // The musician's words: their contact details stay hidden like everything else before payment.
    declineReason: status === "declined" && row.declineReason ? masked(row.declineReason) : null,
    sentAt: new Date(row.createdAt).toISOString(),
    summary: requestSummaryLines(row),
    replies,
    canReply: !row.clientUserId && row.status === "pending",
    inMessages: Boolean(row.clientUserId),
  };
}
