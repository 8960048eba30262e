// Notifications for every money event (issue 23 §5). The money code calls notifyMoneyEvent once, after
// its transaction committed: the event is stored (once per event key, so a repeated webhook or retried
// job adds nothing) for the musician's Recent Activity, and a job e-mails both sides, so a mail server
// that is down delays the e-mails but never the money. Failures here are logged, never thrown: the
// money has already moved.

import { requestEventTypeLabels } from "~/features/booking-requests/booking-request.schema";
import { ourWords, readByAuthor, type Shown, textShownTo } from "~/features/messaging/contact-boundary";
import { type BookingMoney, peekBookingMoney } from "~/features/money/booking-money.server";
import type { MoneyEvent as TransitionEvent } from "~/features/money/money-events.server";
import { phoneMoneyEvent } from "~/features/phone-messages/phone-messages.server";
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
  latestDisputeReason,
  latestForBookings,
  listForMusician,
  markMailed,
  musicianParties,
  refundsOfBookings,
} from "./queries.server";

export const MONEY_NOTICE_MAIL_JOB = "money-notice-mail";

export type MoneyEvent =
  | { kind: "paid"; bookingId: string }
  // A booking's figures (paid, refunded, what the release gave the musician) are read from the money
  // module when the event is stored, never passed in; a refund's own amount is the refund row's.
  | { kind: "released"; bookingId: string; by: "client" | "auto" | "admin" }
  | {
      kind: "cancelled";
      bookingId: string;
      /** "link": someone holding only the booking link, not the client's account (issue 35 §1). */
      by: "client" | "link" | "musician";
      policy?: MoneyNoticeData["policy"];
      /** A cancellation the client undid can be followed by another: each one keyed by its own action. */
      occurrence?: string;
    }
  | { kind: "refunded"; bookingId: string; refundId: string; refundKobo: number; duplicate?: boolean }
  | { kind: "disputed"; bookingId: string; disputeId: string }
  | { kind: "dispute_resolved"; bookingId: string }
  | {
      kind: "payout_sent" | "payout_failed";
      musicianId: string;
      /** An automatic payout's booking (the release it pays); null for a withdrawal. */
      bookingId?: string | null;
      reference: string;
      amountKobo: number;
      /** "GTBank ••6789" */
      account: string;
      note?: string | null;
    };

function eventLabel(type: string, other: string | null): string {
  if ((type === "Others" || type === "other") && other) return other;
  return requestEventTypeLabels[type as keyof typeof requestEventTypeLabels] ?? type;
}

/** What the booking's payment was and the musician's share of it (the money module's figures). */
function heldFor(money: BookingMoney | null) {
  if (!money?.charges) return null;
  return {
    paidKobo: money.paidKobo,
    musicianKobo: money.charges.musicianKobo,
    commissionBp: money.charges.commissionBp,
    holdsMoney: money.holds.clientDispute,
  };
}

async function stored(event: MoneyEvent) {
  if ("reference" in event) {
    return insertNotification({
      eventKey: `${event.kind}:${event.reference}`,
      kind: event.kind,
      musicianId: event.musicianId,
      bookingId: event.bookingId ?? null,
      data: { musicianKobo: event.amountKobo, account: event.account, note: event.note ?? null },
    });
  }
  const bookingId = event.bookingId;
  const parties = await bookingParties(db, bookingId);
  if (!parties) return null;
  // Every figure a notice tells of a booking is the money module's, read after the event committed.
  const money = await peekBookingMoney(bookingId);
  const held = heldFor(money);
  const base = { musicianId: parties.musicianId, bookingId };
  switch (event.kind) {
    case "paid": {
      if (!held) return null;
      const { holdsMoney: _holds, ...paid } = held;
      return insertNotification({ ...base, eventKey: `paid:${event.bookingId}`, kind: "paid", data: paid });
    }
    case "released":
      // An admin's release ends a dispute: the resolution's notice tells both sides about the money.
      if (event.by === "admin") return null;
      return insertNotification({
        ...base,
        eventKey: `released:${event.bookingId}`,
        kind: "released",
        data: { musicianKobo: money?.releasedShares.musicianKobo ?? 0, by: event.by },
      });
    case "cancelled": {
      return insertNotification({
        ...base,
        eventKey: event.occurrence
          ? `cancelled:${event.bookingId}:${event.occurrence}`
          : `cancelled:${event.bookingId}`,
        kind: "cancelled",
        data: {
          by: event.by,
          refundKobo: money?.refundedKobo ?? 0,
          musicianKobo: money?.releasedShares.musicianKobo ?? 0,
          paidKobo: held?.paidKobo ?? 0,
          policy: event.policy ?? null,
        },
      });
    }
    case "refunded":
      // Keyed by the refund (review N8): a duplicate charge's refund never takes the booking's notice.
      return insertNotification({
        ...base,
        eventKey: `refunded:${event.refundId}`,
        kind: "refunded",
        data: {
          refundKobo: event.refundKobo,
          paidKobo: held?.paidKobo ?? 0,
          ...(event.duplicate ? { duplicate: true } : {}),
        },
      });
    case "disputed": {
      // A dispute before payment is a complaint about the details, not a money event. One on a paid
      // booking says whether it holds the payment (review N7).
      if (!held) return null;
      const dispute = await latestDisputeReason(event.bookingId);
      return insertNotification({
        ...base,
        eventKey: `disputed:${event.disputeId}`,
        kind: "disputed",
        data: { ...held, reason: dispute?.reason ?? "" },
      });
    }
    case "dispute_resolved":
      return insertNotification({
        ...base,
        eventKey: `dispute_resolved:${event.bookingId}`,
        kind: "dispute_resolved",
        data: {
          refundKobo: money?.refundedKobo ?? 0,
          musicianKobo: money?.releasedShares.musicianKobo ?? 0,
          paidKobo: held?.paidKobo ?? 0,
        },
      });
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
          musicianKobo: f.musicianShareKobo,
          commissionBp: f.commissionBp,
          dueAt: e.releaseDueAt,
          eventEndsAt: e.eventEndsAt,
        },
      };
    case "release":
      // An admin's release ends a dispute: the resolution's notice tells both sides about the money.
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
          musicianKobo: e.moved.musicianKobo,
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
          musicianKobo: f.releasedToMusicianKobo,
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

/**
 * The notice consumer of a money event (inside its consumption's transaction): stores the notice and
 * queues its texts from the event's own figures. Returns the stored notice's id (null: none, or stored
 * before), to mail after the commit.
 */
export async function storeTransitionNotice(
  e: TransitionEvent,
  payout: { account: string } | null,
): Promise<string | null> {
  const notice = noticeOfTransition(e, payout);
  if (!notice) return null;
  const row = await insertNotification({
    ...notice,
    musicianId: e.musicianId,
    bookingId: e.bookingId,
  });
  if (!row) return null;
  await phoneMoneyEvent(row);
  // Mailed after the commit; should this process stop first, the queued job mails it.
  await scheduleJob(
    MONEY_NOTICE_MAIL_JOB,
    { id: row.id },
    { singletonKey: row.id, startAfter: new Date(Date.now() + 60_000), db: currentTransactionSql() },
  );
  return row.id;
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
 * Call once after a money event committed (one line in the money code). Stores the event for the
 * musician's Recent Activity and e-mails both sides; when a mail cannot be sent now, the job queue
 * tries again. Never throws: the money has already moved.
 */
export async function notifyMoneyEvent(event: MoneyEvent): Promise<void> {
  let id: string | undefined;
  try {
    const row = await stored(event);
    if (!row) return;
    id = row.id;
    await sendMoneyNoticeMails({ id });
  } catch (err) {
    logger.warn({ err, event }, "money notification not sent yet");
    if (id)
      await scheduleJob(MONEY_NOTICE_MAIL_JOB, { id }, { singletonKey: id }).catch((e) =>
        logger.error({ err: e, id }, "money notification e-mail could not be queued"),
      );
  }
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
  if (row.bookingId) {
    const p = await bookingParties(db, row.bookingId);
    if (!p) return;
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
    parties = {
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
