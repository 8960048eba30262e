// Notifications for every money event (issue 23 §5). Every money change writes its money event in its own
// transaction (ADR 0026 and its addendum); the notice consumer (money-followups) stores the notice from the
// event alone (once per event key, so a repeated webhook or retried job adds nothing) for the musician's
// Recent Activity, queues its texts, and a job e-mails both sides, so a mail server that is down delays
// the e-mails but never the money.
import { requestEventTypeLabels } from "~/features/booking-requests/booking-request.schema";
import {
  ourWords,
  readByAuthor,
  type Shown,
  sentence,
  textShownTo,
} from "~/features/messaging/contact-boundary";
import { type BookingMoney, peekBookingMoney } from "~/features/money/booking-money.server";
import { clientOf } from "~/features/money/client-identity.server";
import { formatLagosMoment } from "~/features/money/event-time";
import {
  isTransitionEvent,
  type MoneyNewsEvent,
  type StoredMoneyEvent,
  type MoneyEvent as TransitionEvent,
} from "~/features/money/money-events.server";
import { phoneMoneyEvent, textablePhone } from "~/features/phone-messages/phone-messages.server";
import { musicianDisplayName } from "~/lib/display-name";
import { formatNaira } from "~/lib/money";
import { currentTransactionSql, db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { scheduleJob } from "~/server/jobs/jobs.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { DISPUTE_DECISION_DAYS, DISPUTE_SIDE_DAYS } from "./dispute-days";
import {
  activityLine,
  cancellationLine,
  eventAndDate,
  type MoneyNoticeData,
  type MoneyNoticeKind,
  type NoticeParties,
  noticeMails,
  resolutionOutcome,
} from "./money-notices";
import {
  bookingParties,
  cancellationsOf,
  findBookingNotification,
  findNotification,
  insertNotification,
  latestForBookings,
  listForMusician,
  markMailed,
  musicianParties,
  refundsOfBookings,
} from "./queries.server";

export const MONEY_NOTICE_MAIL_JOB = "money-notice-mail";
/** The payer's "your event is over" reminder by e-mail, for a payer with no phone to text (issue 35). */
export const RELEASE_DUE_MAIL_JOB = "release-due-mail";

function eventLabel(type: string, other: string | null): string {
  if ((type === "Others" || type === "other") && other) return other;
  return requestEventTypeLabels[type as keyof typeof requestEventTypeLabels] ?? type;
}

/** What money news tells (ADR 0026 addendum): its figures are the news', as the change knew them. */
export function noticeOfNews(
  e: MoneyNewsEvent,
): { eventKey: string; kind: MoneyNoticeKind; data: MoneyNoticeData } | null {
  const n = e.news;
  switch (n.kind) {
    case "disputeFiled":
      // Says whether it holds the payment (review N7): the money module's hold, in the dispute's transaction.
      return {
        eventKey: `disputed:${n.disputeId}`,
        kind: "disputed",
        data: {
          paidKobo: n.paidKobo,
          musicianKobo: n.musicianKobo,
          commissionBp: n.commissionBp,
          holdsMoney: n.holdsMoney,
          reason: n.reason,
        },
      };
    case "refundSettled":
      // Keyed by the refund (review N8): a duplicate charge's refund never takes the booking's notice.
      return {
        eventKey: `refunded:${n.refundId}`,
        kind: "refunded",
        data: { refundKobo: n.refundKobo, paidKobo: n.paidKobo, ...(n.duplicate ? { duplicate: true } : {}) },
      };
    case "refundDelayed":
      // Once per refund and state: a retry that fails again tells nobody twice.
      return {
        eventKey: `refund_delayed:${n.refundId}:${n.status}`,
        kind: "refund_delayed",
        data: { refundKobo: n.refundKobo, refundStatus: n.status },
      };
    case "payoutSettled": {
      const kind = n.status === "paid" ? "payout_sent" : "payout_failed";
      return {
        eventKey: `${kind}:${n.reference}`,
        kind,
        data: { musicianKobo: n.amountKobo, account: n.account, note: n.note },
      };
    }
    case "cancelledUnpaid":
      return {
        eventKey: n.occurrence ? `cancelled:${e.bookingId}:${n.occurrence}` : `cancelled:${e.bookingId}`,
        kind: "cancelled",
        data: { by: n.by, refundKobo: 0, musicianKobo: 0, paidKobo: 0, policy: null },
      };
  }
}

/** What a transition's event tells (null: nothing: a credit of a cancelled booking, an admin's plain release). */
export function noticeOfTransition(
  e: TransitionEvent,
  payout: { account: string } | null,
): { eventKey: string; kind: MoneyNoticeKind; data: MoneyNoticeData } | null {
  const f = e.figures;
  switch (e.kind) {
    case "credit":
      if (e.bookingStatus === "cancelled") return null;
      return {
        eventKey: `paid:${e.bookingId}`,
        kind: "paid",
        data: {
          paidKobo: f.paidKobo,
          // What the musician keeps: their share less their line-up's fees (ADR 0033).
          musicianKobo: f.musicianShareKobo - (e.lineUp ?? []).reduce((sum, x) => sum + x.feeKobo, 0),
          commissionBp: f.commissionBp,
          dueAt: e.releaseDueAt,
          eventEndsAt: e.eventEndsAt,
        },
      };
    case "release":
    case "chargebackWon":
      // An admin's release ends a dispute: the resolution's notice tells both sides about the money.
      // A won card dispute releases as the clock would have (by "auto").
      if (e.by === "admin" || e.moved.musicianKobo <= 0) return null;
      return {
        eventKey: `released:${e.bookingId}`,
        kind: "released",
        data: {
          // What reached Available (a chargeback debt repaid from it is not "released to you", M8).
          musicianKobo: e.moved.musicianKobo,
          by: e.by as "client" | "auto",
          payoutAccount: payout?.account ?? null,
        },
      };
    case "refund":
      if (e.by !== "musician_cancelled") return null;
      return {
        eventKey: `cancelled:${e.bookingId}`,
        kind: "cancelled",
        data: {
          by: "musician",
          refundKobo: f.refundedKobo,
          musicianKobo: f.releasedToMusicianKobo,
          paidKobo: f.paidKobo,
          policy: null,
        },
      };
    case "clientCancelSplit":
      return {
        eventKey: `cancelled:${e.bookingId}`,
        kind: "cancelled",
        data: {
          by: "client",
          refundKobo: f.refundedKobo,
          // The leader's own part; the client is told the whole side's (issue 39).
          musicianKobo: e.moved.musicianKobo,
          sideKobo: f.releasedToMusicianKobo,
          paidKobo: f.paidKobo,
          policy: e.policy,
          payoutAccount: payout?.account ?? null,
        },
      };
    case "adminSplit":
      return {
        eventKey: `dispute_resolved:${e.bookingId}`,
        kind: "dispute_resolved",
        data: {
          refundKobo: f.refundedKobo,
          // The leader's own part (each member is told theirs by line-up-notices); the client, the side's.
          musicianKobo:
            f.releasedToMusicianKobo -
            (e.moved.members ?? []).reduce((sum, x) => sum + x.availableKobo + x.repaidKobo, 0),
          sideKobo: f.releasedToMusicianKobo,
          paidKobo: f.paidKobo,
          // Every naira of what was paid: back to the client, to the musician, and the rest Stagebook's.
          platformKobo: f.paidKobo - f.refundedKobo - f.releasedToMusicianKobo,
          payoutAccount: payout?.account ?? null,
        },
      };
    default:
      return null;
  }
}

/** What any money event tells (null: nothing). */
export function noticeOfEvent(e: StoredMoneyEvent, payout: { account: string } | null) {
  return isTransitionEvent(e) ? noticeOfTransition(e, payout) : noticeOfNews(e);
}

/**
 * The notice consumer of a money event (inside its consumption's transaction): stores the notice and
 * queues its texts from the event's own figures. Returns the stored notice's id (null: none, or stored
 * before), to mail after the commit.
 */
export async function storeEventNotice(
  e: StoredMoneyEvent,
  payout: { account: string } | null,
): Promise<string | null> {
  const notice = noticeOfEvent(e, payout);
  if (!notice) return null;
  const row = await insertNotification({
    ...notice,
    musicianId: e.musicianId,
    bookingId: e.bookingId,
  });
  if (!row) return null;
  await phoneMoneyEvent(row);
  // The texts remind the payer when the event is over (release_due); a payer with no phone to text gets
  // the same reminder by e-mail, decided when it is due (they may have given a phone by then).
  if (isTransitionEvent(e) && notice.kind === "paid" && e.eventEndsAt && new Date(e.eventEndsAt) > new Date())
    await scheduleJob(
      RELEASE_DUE_MAIL_JOB,
      { bookingId: e.bookingId },
      {
        singletonKey: `release-due:${e.bookingId}`,
        startAfter: new Date(e.eventEndsAt),
        db: currentTransactionSql(),
      },
    );
  // Mailed after the commit; should this process stop first, the queued job mails it.
  await scheduleJob(
    MONEY_NOTICE_MAIL_JOB,
    { id: row.id },
    { singletonKey: row.id, startAfter: new Date(Date.now() + 60_000), db: currentTransactionSql() },
  );
  return row.id;
}

/**
 * A release's line-up members are each told their fee was released (ADR 0033): one notice per member,
 * to the member alone, from the event's figures (`payouts`: where each member's automatic payout went
 * at once). Returns the stored notices' ids, to mail after the commit.
 */
export async function storeLineUpFeeNotices(
  e: TransitionEvent,
  payouts: Record<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const x of e.moved.members ?? []) {
    if (x.availableKobo + x.repaidKobo <= 0) continue;
    const row = await insertNotification({
      eventKey: `line_up_fee:${e.bookingId}:${x.musicianId}`,
      kind: "line_up_fee",
      musicianId: x.musicianId,
      bookingId: e.bookingId,
      data: { musicianKobo: x.availableKobo, role: x.role, payoutAccount: payouts[x.musicianId] ?? null },
    });
    if (!row) continue;
    // The member's text, queued with the notice (the phone-messages rules: consent, channel, once).
    await phoneMoneyEvent(row);
    await scheduleJob(
      MONEY_NOTICE_MAIL_JOB,
      { id: row.id },
      { singletonKey: row.id, startAfter: new Date(Date.now() + 60_000), db: currentTransactionSql() },
    );
    ids.push(row.id);
  }
  return ids;
}

/**
 * The payer's account became known after the credit (their browser came back signed in, ADR 0025): the
 * "paid" texts go again, so that account's phone gets the receipt the credit could not address. The
 * musician's side, already queued under the same keys, is not sent twice.
 */
export async function textPaidNoticeToPayer(bookingId: string): Promise<void> {
  const row = await findBookingNotification(bookingId, "paid");
  if (row) await phoneMoneyEvent(row);
}

/** After the notice's commit: mail both sides now (the queued job retries what fails). */
export async function mailStoredNotice(id: string): Promise<void> {
  await sendMoneyNoticeMails({ id }).catch((err) =>
    logger.warn({ err, id }, "money notice not mailed yet; its job retries"),
  );
}

/**
 * The job: e-mails each side of a stored event that has not been mailed yet. A mail server that fails
 * throws, and the queue retries only the side still unmailed (a mail accepted whose answer was lost may
 * then arrive twice: at least once beats never for money news).
 */
export async function sendMoneyNoticeMails(data: { id: string }): Promise<void> {
  const row = await findNotification(data.id);
  if (!row) return;
  // The same event by SMS or WhatsApp (issue 30), queued once whatever the mail server does.
  await phoneMoneyEvent(row);
  let parties: NoticeParties<Shown>;
  let to: { client: string | null; musician: string | null };
  let links: { client: string | null; musician: string };
  // A line-up member's own notice about a leader's booking (their fee's payout, ADR 0033) goes to the
  // member alone, as a notice with no booking does: never to the booking's musician or its client.
  const p = row.bookingId ? await bookingParties(db, row.bookingId) : null;
  if (row.bookingId && !p) return;
  if (p && p.musicianId === row.musicianId) {
    // Each side reads the other's words through the boundary, in the booking's money state now.
    const reader = { paymentStatus: p.paymentStatus };
    parties = {
      clientName: textShownTo(p.clientName, reader),
      musicianName: textShownTo(musicianDisplayName(p), reader),
      event: textShownTo(eventLabel(p.eventType, p.eventTypeOther), reader),
      eventDate: p.eventDate,
      slug: p.slug,
      disputeReason: textShownTo(typeof row.data.reason === "string" ? row.data.reason : "", reader),
    };
    to = { client: p.clientEmail, musician: p.musicianEmail };
    links = {
      client: `${publicOrigin()}/booking/${p.slug}`,
      musician: `${publicOrigin()}/musician_bookings/${p.musicianSlug ?? ""}#booking-${p.id}`,
    };
  } else {
    const m = await musicianParties(row.musicianId);
    if (!m) return;
    // A member's fee names the gig as theirs: the event and the leader they played with, never the client.
    // The member is no party to the client's booking: the leader's words reach them as the public's.
    parties = p
      ? {
          clientName: musicianDisplayName(p),
          musicianName: readByAuthor(musicianDisplayName(m)),
          event: textShownTo(eventLabel(p.eventType, p.eventTypeOther), "public"),
          eventDate: p.eventDate,
        }
      : {
          clientName: ourWords(""),
          musicianName: readByAuthor(musicianDisplayName(m)),
          event: ourWords(""),
          eventDate: null,
        };
    to = { client: null, musician: m.email };
    links = { client: null, musician: `${publicOrigin()}/musician_wallet/${m.slug ?? ""}` };
  }
  const mails = noticeMails(row.kind, row.data, parties, row.createdAt, links);
  if (mails.client && to.client && !row.clientMailedAt) {
    await sendMail({ to: to.client, ...mails.client });
    await markMailed(row.id, "client");
  }
  if (to.musician && !row.musicianMailedAt) {
    await sendMail({ to: to.musician, ...mails.musician });
    await markMailed(row.id, "musician");
  }
}

/**
 * The job, at the event's end: the payer with no phone to text is told by e-mail when the payment is
 * released unless they report a problem (the release_due text, by e-mail). Like the text, it asks the
 * money module whether the release is still coming (a dispute filed since holds it, M8): it is a look at
 * the present days after the payment, not a notice of a past event. Sent once (the job's key).
 */
export async function sendReleaseDueMail(data: { bookingId: string }): Promise<"sent" | "skipped"> {
  const client = await clientOf(data.bookingId);
  if (!client?.email || textablePhone(client.phone)) return "skipped";
  const money = await peekBookingMoney(data.bookingId);
  if (!money?.held || money.booking.status === "cancelled") return "skipped";
  if (money.holds.clientDispute || money.holds.cardDispute || !money.releaseDueAt) return "skipped";
  const p = await bookingParties(db, data.bookingId);
  if (!p) return "skipped";
  // The payer reads the musician's words through the boundary, in the booking's money state.
  const reader = { paymentStatus: p.paymentStatus };
  const musician = textShownTo(musicianDisplayName(p), reader);
  const what = eventAndDate({
    event: textShownTo(eventLabel(p.eventType, p.eventTypeOther), reader),
    eventDate: p.eventDate,
  });
  const due = ourWords(formatLagosMoment(money.releaseDueAt));
  await sendMail({
    to: client.email,
    subject: sentence`Your event with ${musician} is over: the payment is released on ${due}`,
    text: sentence`Hello ${textShownTo(p.clientName, reader)},\n\nYour event ${what} with ${musician} is over. Your payment is released to them on ${due} unless you report a problem before then on the booking page. If all went well, you can also confirm it happened there.\n\nOpen the booking: ${ourWords(`${publicOrigin()}/booking/${p.slug}`)}\n\n— Stagebook`,
  });
  return "sent";
}

/**
 * The organiser of a booking as every notice reaches them: their address (the booking's, else the one
 * they paid with, else their account's), their name, the musician's, "Wedding, 5 Dec" and the link.
 * Null when there is no address to write to.
 */
export async function organiserNoticeTarget(bookingId: string) {
  const p = await bookingParties(db, bookingId);
  if (!p?.clientEmail) return null;
  // The organiser reads the musician's words through the boundary, in the booking's money state.
  const reader = { paymentStatus: p.paymentStatus };
  return {
    to: p.clientEmail,
    clientName: textShownTo(p.clientName, reader),
    musicianName: textShownTo(musicianDisplayName(p), reader),
    what: eventAndDate({
      event: textShownTo(eventLabel(p.eventType, p.eventTypeOther), reader),
      eventDate: p.eventDate,
    }),
    link: ourWords(`${publicOrigin()}/booking/${p.slug}`),
  };
}

export type MoneyActivity = {
  id: string;
  kind: MoneyNoticeKind;
  bookingId: string | null;
  text: string;
  at: Date;
};

/** The musician's money events, newest first, in words (for Recent Activity). */
export async function moneyActivity(musicianId: string, limit: number): Promise<MoneyActivity[]> {
  const rows = await listForMusician(musicianId, limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    bookingId: r.bookingId,
    at: r.createdAt,
    text: activityLine(r.kind, r.data, {
      clientName: r.clientName ?? "",
      musicianName: "you",
      event: r.eventType ? eventLabel(r.eventType, r.eventTypeOther) : "",
      eventDate: r.eventDate,
    }),
  }));
}

export type BookingMoneyNews = {
  /** "You cancelled this booking on 25 Nov. Refund: ₦105,000.00 of ₦210,000.00 (Moderate policy) — …" */
  cancellation: string | null;
  /** "Refunded to Chiamaka Okafor: ₦…; released to Tunde Sax: ₦… (after commission)" */
  resolution: string | null;
  resolvedAt: string | null;
};

/**
 * For bookings the caller has already authorised: what each one's page and card say about its
 * cancellation (who, when, the refund and its status) and a dispute's resolution with the money.
 */
export async function bookingMoneyNews(
  bookings: {
    id: string;
    status: string;
    cancelledBy: string | null;
    cancelledAt: Date | string | null;
    clientName: string;
    musicianName: string;
    event: string;
    eventDate: string | null;
  }[],
  viewer: "client" | "musician",
): Promise<Map<string, BookingMoneyNews>> {
  const ids = bookings.map((b) => b.id);
  const [events, refunds] = await Promise.all([
    latestForBookings(ids, ["cancelled", "dispute_resolved"]),
    refundsOfBookings(ids),
  ]);
  const out = new Map<string, BookingMoneyNews>();
  for (const b of bookings) {
    const cancelled = events.find((e) => e.bookingId === b.id && e.kind === "cancelled");
    const resolved = events.find((e) => e.bookingId === b.id && e.kind === "dispute_resolved");
    const refund = refunds.find((r) => r.bookingId === b.id);
    let cancellation: string | null = null;
    if (b.status === "cancelled") {
      const by = (b.cancelledBy ?? cancelled?.data.by ?? null) as "client" | "link" | "musician" | null;
      const line = cancellationLine({
        by,
        at: b.cancelledAt ?? cancelled?.createdAt ?? null,
        musicianName: b.musicianName,
        refundKobo: refund?.amountKobo ?? cancelled?.data.refundKobo ?? 0,
        paidKobo: cancelled?.data.paidKobo ?? (refund ? refund.amountKobo : 0),
        policy: cancelled?.data.policy ?? null,
        refundStatus: (refund?.status as "pending" | "processed" | "failed" | undefined) ?? null,
      });
      cancellation =
        viewer === "musician"
          ? line
              .replace("You cancelled", `${b.clientName} cancelled`)
              .replace(`${b.musicianName} cancelled`, "You cancelled")
          : line;
    }
    const parties = {
      clientName: b.clientName,
      musicianName: b.musicianName,
      event: b.event,
      eventDate: b.eventDate,
    };
    out.set(b.id, {
      cancellation,
      resolution: resolved ? resolutionOutcome(resolved.data, parties, viewer) : null,
      resolvedAt: resolved ? resolved.createdAt.toISOString() : null,
    });
  }
  return out;
}

/** bookingMoneyNews for the musician's own list (the caller passes only their bookings). */
export async function bookingMoneyNewsForMusician(
  musician: { stageName: string | null; firstName: string | null; lastName: string | null },
  bookings: {
    id: string;
    status: string;
    clientName: string;
    eventType: string;
    eventTypeOther: string | null;
    eventDate: string | null;
  }[],
): Promise<Map<string, BookingMoneyNews>> {
  const cancelled = await cancellationsOf(bookings.filter((b) => b.status === "cancelled").map((b) => b.id));
  const musicianName = musicianDisplayName(musician);
  return bookingMoneyNews(
    bookings.map((b) => {
      const c = cancelled.find((x) => x.id === b.id);
      return {
        ...b,
        cancelledBy: c?.cancelledBy ?? null,
        cancelledAt: c?.cancelledAt ?? null,
        musicianName,
        event: eventLabel(b.eventType, b.eventTypeOther),
      };
    }),
    "musician",
  );
}

export type ClientBookingNews = BookingMoneyNews & {
  /** What the organiser paid (price + fee), once paid. */
  paidKobo: number | null;
  /** "Payment received — ₦472,500.00 held in escrow" while held (not cancelled). */
  paidLine: string | null;
  /** "What happens next" once paid or released (never "Pay below" after paying). */
  step: string | null;
  /** A paid booking's open dispute: what happens next and by when. */
  disputeLine: string | null;
};

/**
 * For /booking/{slug}: what was paid, who cancelled and the refund with its status, a dispute's outcome.
 * `money`: the booking's value from the money module (what was paid, whether it is held). Null for an
 * unpaid booking that is not cancelled (nothing to say; no reads).
 */
export async function clientBookingNews(
  b: {
    id: string;
    status: string;
    clientName: string;
    musicianName: string;
    eventType: string;
    eventTypeOther: string | null;
    eventDate: string | null;
  },
  money: BookingMoney | null,
): Promise<ClientBookingNews | null> {
  const phase = money?.phase ?? "unpaid";
  if (phase === "unpaid" && b.status !== "cancelled") return null;
  const cancelled = b.status === "cancelled" ? await cancellationsOf([b.id]) : [];
  const news = await bookingMoneyNews(
    [
      {
        ...b,
        cancelledBy: cancelled[0]?.cancelledBy ?? null,
        cancelledAt: cancelled[0]?.cancelledAt ?? null,
        event: eventLabel(b.eventType, b.eventTypeOther),
      },
    ],
    "client",
  );
  const n = news.get(b.id);
  const held = phase === "held" && b.status !== "cancelled";
  const paidKobo = money?.payment ? money.paidKobo : null;
  return {
    cancellation: n?.cancellation ?? null,
    resolution: n?.resolution ?? null,
    resolvedAt: n?.resolvedAt ?? null,
    paidKobo,
    paidLine: held && paidKobo ? `Payment received — ${formatNaira(paidKobo)} held in escrow` : null,
    // Every paid phase has its own step: "Pay below" is only ever said of an unpaid booking.
    step:
      phase === "held"
        ? `Your payment is held in escrow. After your event, confirm it happened below (or it is released to ${b.musicianName} automatically); if something goes wrong, tell us before then.`
        : phase === "released"
          ? `The payment has been released to ${b.musicianName}. You can leave a review below.`
          : phase === "partly_settled"
            ? `Your payment is settled: ${n?.resolution ? `${n.resolution}.` : `part of it went back to you and the rest to ${b.musicianName}.`}`
            : phase === "refunded"
              ? "Your payment was refunded to the card or account that paid."
              : null,
    disputeLine:
      held && paidKobo
        ? `You told us something is wrong. Your payment stays in escrow: ${b.musicianName} can add their side within ${DISPUTE_SIDE_DAYS} days, and our team decides within ${DISPUTE_DECISION_DAYS} days and tells you both.`
        : null,
  };
}
