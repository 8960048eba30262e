// What a person reads about each money event: the musician's Recent Activity line, the two e-mails, and
// the cancellation line of the booking page and My Bookings. Pure, so pages and tests share the words.
import { ourWords, type Shown, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import { formatCalendarDate, isCalendarDate, LAGOS_TZ } from "~/lib/lagos-date";
import { formatNaira } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { DISPUTE_DECISION_DAYS, DISPUTE_SIDE_DAYS } from "./dispute-days";

export type MoneyNoticeKind =
  | "paid"
  | "released"
  | "cancelled"
  | "refunded"
  | "disputed"
  | "dispute_resolved"
  /** A refund Paystack reported failed or needing attention (issue 35 §3): the payer is told plainly. */
  | "refund_delayed"
  | "payout_sent"
  | "payout_failed"
  | "line_up_fee";

/** Who acted when the booking link was used by anyone but the client's own account (issue 35 §1). */
export const LINK_ACTOR = "Someone with the booking link";
/** The client's way back from a cancellation made with the link. */
export const LINK_CANCEL_UNDO =
  "If it was not you, you can undo the cancellation from the booking page within 24 hours.";

/** What is stored with each event (amounts in kobo), fixed when the money moved. */
export type MoneyNoticeData = {
  /** What the organiser paid (price + service fee). */
  paidKobo?: number;
  /** The musician's share of the price after commission, held or released (a line-up's leader: their own part). */
  musicianKobo?: number;
  /**
   * What the whole musician side (the leader and their line-up) keeps, as the client is told (issue 39):
   * a split or a dispute's decision. Absent: the same as musicianKobo (no line-up, or stored before).
   */
  sideKobo?: number;
  refundKobo?: number;
  commissionBp?: number;
  /** "link": someone holding only the booking link, not the client's account (issue 35 §1). */
  by?: "client" | "link" | "musician" | "auto" | "admin";
  policy?: "flexible" | "moderate" | "strict" | null;
  /** Payouts: "GTBank ••6789" and the failure's reason. */
  account?: string;
  note?: string | null;
  reason?: string;
  /** Disputes: whether the dispute holds the payment (false: released already, or nothing held; review N7). */
  holdsMoney?: boolean;
  /** Refunds: a second payment of a booking already paid, refunded in full (review N8). */
  duplicate?: boolean;
  /** A dispute's decision: what Stagebook keeps (service fee and commission), so the figures add up to what was paid. */
  platformKobo?: number;
  /** Released: where an automatic payout sends the money on ("GTBank ••6789"); null: it stays in the wallet. */
  payoutAccount?: string | null;
  /** A delayed refund: what Paystack reported (failed, or needing attention). */
  refundStatus?: "failed" | "needs_attention";
  /** A line-up fee (issue 39): the member's role on the leader's booking. */
  role?: string;
  /** Paid: when the release is due and when the event ends (ISO), from the money event. */
  dueAt?: string | null;
  eventEndsAt?: string | null;
};

/**
 * The people and the event a notice names. For an e-mail they are `Shown` (through the contact boundary
 * in the booking's money state); a page may pass plain strings and gets plain strings back.
 */
export type NoticeParties<S extends string = string> = {
  clientName: S;
  musicianName: S;
  /** "Wedding" */
  event: S;
  /** yyyy-MM-dd */
  eventDate: string | null;
  /** The booking's reference, in e-mails (what support asks for). */
  slug?: string;
  /** A dispute's reason as the musician may read it (e-mails only). */
  disputeReason?: S;
};

/** What a function of notice words returns: `Shown` when every typed word it was given was. */
type Words<S extends string> = S extends Shown ? Shown : string;

const POLICY_NAMES = { flexible: "Flexible", moderate: "Moderate", strict: "Strict" } as const;

const lagosShort = new Intl.DateTimeFormat("en-GB", { timeZone: LAGOS_TZ, day: "numeric", month: "short" });

/** "25 Nov" for an instant, as the calendar in Lagos reads it. */
export function shortDay(at: Date | string): string {
  return lagosShort.format(new Date(at));
}

/** "25 Nov" for a yyyy-MM-dd date. */
function shortDate(date: string | null): string | null {
  return date && isCalendarDate(date) ? formatCalendarDate(date, "d MMM") : null;
}

/** "Wedding, 25 Nov" or "Wedding". */
export function eventAndDate<S extends string>(p: Pick<NoticeParties<S>, "event" | "eventDate">): Words<S> {
  const d = shortDate(p.eventDate);
  return (d ? `${p.event}, ${d}` : p.event) as Words<S>;
}

const naira = (kobo: number | undefined) => formatNaira(kobo ?? 0);

/** The dates a dispute's next steps are due by: "28 Nov" (side) and "2 Dec" (decision). */
export function disputeDeadlines(openedAt: Date | string): { sideBy: string; decisionBy: string } {
  const day = 86_400_000;
  const t = new Date(openedAt).getTime();
  return {
    sideBy: shortDay(new Date(t + DISPUTE_SIDE_DAYS * day)),
    decisionBy: shortDay(new Date(t + DISPUTE_DECISION_DAYS * day)),
  };
}

/**
 * "Refunded to Chiamaka Okafor: ₦105,000.00; released to Tunde Sax: ₦90,000.00 (after commission)",
 * spoken to its reader: the organiser reads "refunded to you", the musician "released to you".
 */
export function resolutionOutcome<S extends string>(
  d: MoneyNoticeData,
  p: NoticeParties<S>,
  reader: "client" | "musician" | null = null,
): Words<S> {
  return resolutionWords(d, p, reader) as Words<S>;
}

function resolutionWords(d: MoneyNoticeData, p: NoticeParties, reader: "client" | "musician" | null): string {
  const client = reader === "client" ? "you" : p.clientName;
  const musician = reader === "musician" ? "you" : p.musicianName;
  const parts: string[] = [];
  // The musician side as a whole (a line-up's leader and members); the musician reads their own part.
  const sideKobo = d.sideKobo ?? d.musicianKobo ?? 0;
  const releasedKobo = reader === "musician" ? (d.musicianKobo ?? 0) : sideKobo;
  if ((d.refundKobo ?? 0) > 0 && sideKobo === 0)
    return `${reader === "client" ? "You are" : `${p.clientName} is`} refunded in full: ${naira(d.refundKobo)}`;
  if ((d.refundKobo ?? 0) > 0) parts.push(`refunded to ${client}: ${naira(d.refundKobo)}`);
  if (releasedKobo > 0) parts.push(`released to ${musician}: ${naira(releasedKobo)} (after commission)`);
  // Every naira of what was paid (phone walk 3, CONFUSING 3): what Stagebook keeps is named too.
  const keptKobo = d.platformKobo ?? (d.paidKobo ? d.paidKobo - (d.refundKobo ?? 0) - sideKobo : 0);
  if (parts.length > 0 && keptKobo > 0)
    parts.push(`kept by Stagebook (service fee and commission): ${naira(keptKobo)}`);
  const text = parts.join("; ") || "no money moved";
  return text[0].toUpperCase() + text.slice(1);
}

/**
 * The organiser's line about a cancellation: "You cancelled this booking on 25 Nov. Refund: ₦105,000.00
 * of ₦210,000.00 (Moderate policy) — on its way to the card or account that paid".
 */
export function cancellationLine<S extends string>(input: {
  by: "client" | "link" | "musician" | null;
  at: Date | string | null;
  musicianName: S;
  refundKobo: number;
  paidKobo: number;
  policy: MoneyNoticeData["policy"];
  refundStatus: "pending" | "processed" | "failed" | null;
}): Words<S> {
  return cancellationWords(input) as Words<S>;
}

function cancellationWords(input: Parameters<typeof cancellationLine<string>>[0]): string {
  const when = input.at ? ` on ${shortDay(input.at)}` : "";
  const who =
    input.by === "client"
      ? `You cancelled this booking${when}.`
      : input.by === "musician"
        ? `${input.musicianName} cancelled this booking${when}.`
        : input.by === "link"
          ? `${LINK_ACTOR} cancelled this booking${when}.`
          : `This booking was cancelled${when}.`;
  if (input.paidKobo <= 0) return who;
  if (input.refundKobo <= 0) {
    const policy = input.policy ? ` under the ${POLICY_NAMES[input.policy]} policy` : "";
    return `${who} No refund is due${policy}.`;
  }
  const of = input.refundKobo === input.paidKobo && input.by === "musician" ? " in full" : "";
  const policy = input.by === "client" && input.policy ? ` (${POLICY_NAMES[input.policy]} policy)` : "";
  const where =
    input.refundStatus === "processed"
      ? " — refunded to the card or account that paid"
      : input.refundStatus === "failed"
        ? " — delayed: our team is retrying it"
        : " — on its way to the card or account that paid";
  return `${who} Refund: ${naira(input.refundKobo)} of ${naira(input.paidKobo)}${of}${policy}${where}.`;
}

/** The musician's Recent Activity line. */
export function activityLine(kind: MoneyNoticeKind, d: MoneyNoticeData, p: NoticeParties): string {
  const what = eventAndDate(p);
  switch (kind) {
    case "paid":
      return `${p.clientName} paid for ${what} — ${naira(d.musicianKobo)} held in escrow for you`;
    case "released":
      return d.payoutAccount
        ? `${naira(d.musicianKobo)} released for ${what} and paid out to ${d.payoutAccount}`
        : `${naira(d.musicianKobo)} released to your wallet for ${what}`;
    case "cancelled":
      if (d.by === "link") return `Someone with the booking link cancelled ${what}`;
      if (d.by === "musician")
        return (d.refundKobo ?? 0) > 0
          ? `You cancelled ${what} — ${p.clientName} is refunded ${naira(d.refundKobo)} in full`
          : `You cancelled ${what}`;
      return (d.paidKobo ?? 0) > 0
        ? `${p.clientName} cancelled ${what} — refunded ${naira(d.refundKobo)}; you keep ${naira(d.musicianKobo)}`
        : `${p.clientName} cancelled ${what}`;
    case "refunded":
      return d.duplicate
        ? `Second payment of ${naira(d.refundKobo)} paid back to ${p.clientName} for ${what}`
        : `Refund of ${naira(d.refundKobo)} paid back to ${p.clientName} for ${what}`;
    case "disputed":
      return d.holdsMoney === false
        ? `${p.clientName} disputed ${what} — no payment is held`
        : `${p.clientName} disputed ${what} — ${naira(d.musicianKobo)} on hold`;
    case "dispute_resolved":
      return `Dispute on ${what} resolved: ${resolutionOutcome(d, p, "musician")}`;
    case "payout_sent":
      // An automatic payout names its booking (issue 29): "₦90,000 sent to GTBank ••6789 for Wedding, 28 Nov".
      return p.event
        ? `${formatNairaAmount(d.musicianKobo ?? 0)} sent to ${d.account ?? "your bank"} for ${what}`
        : `Payout of ${naira(d.musicianKobo)} sent to ${d.account ?? "your bank"}`;
    case "payout_failed":
      return `Payout of ${naira(d.musicianKobo)} to ${d.account ?? "your bank"} failed — the money is back in Available`;
    case "refund_delayed":
      return `Refund of ${naira(d.refundKobo)} to ${p.clientName} for ${what} is delayed — our team is on it`;
    case "line_up_fee":
      // A member's fee from a leader's booking (ADR 0033): never the client's name.
      return d.payoutAccount
        ? `Line-up fee of ${naira(d.musicianKobo)} released for ${what} and paid out to ${d.payoutAccount}`
        : `Line-up fee of ${naira(d.musicianKobo)} released to your wallet for ${what}`;
  }
}

export type NoticeMail = { subject: Shown; text: Shown };

/**
 * The two e-mails of an event (null: that side gets none; the organiser's receipt for "paid" is sent by
 * checkout with the contract attached, and payouts concern the musician only). Every typed word in
 * them comes in `p`, through the contact boundary.
 */
export function noticeMails(
  kind: MoneyNoticeKind,
  d: MoneyNoticeData,
  p: NoticeParties<Shown>,
  at: Date,
  links: { client: string | null; musician: string },
): { client: NoticeMail | null; musician: NoticeMail } {
  const what = eventAndDate(p);
  const client = p.clientName;
  const musician = p.musicianName;
  const hiC = sentence`Hello ${client},\n\n`;
  const hiM = sentence`Hello ${musician},\n\n`;
  const end = (link: string | null) =>
    link ? sentence`\n\nOpen the booking: ${ourWords(link)}\n\n— Stagebook` : ourWords("\n\n— Stagebook");
  const mEnd = sentence`\n\n${ourWords(links.musician)}\n\n— Stagebook`;
  // Our words: amounts, the bank account we named ("GTBank ••6789"), the booking's reference.
  const money = (kobo: number | undefined) => ourWords(naira(kobo));
  const account = ourWords(d.account ?? "your bank");
  const payoutAccount = ourWords(d.payoutAccount ?? "");
  const slug = ourWords(p.slug ?? "");
  const actor = ourWords(LINK_ACTOR);
  switch (kind) {
    case "paid":
      return {
        client: null,
        musician: {
          subject: sentence`${client} paid for ${what}`,
          text: sentence`${hiM}${client} paid ${money(d.paidKobo)} for ${what}. ${money(d.musicianKobo)} (your price after Stagebook's ${(d.commissionBp ?? 0) / 100}% commission) is held in escrow and released to your wallet after the event.${mEnd}`,
        },
      };
    case "released": {
      // Each reader is spoken to, never of: the organiser who confirmed reads "You confirmed".
      const how = (reader: "client" | "musician") =>
        d.by === "client"
          ? sentence`${reader === "client" ? "You" : client} confirmed the event happened`
          : ourWords(
              d.by === "admin" ? "Our team released it" : "The event is over and no one raised a problem",
            );
      return {
        client: {
          subject: sentence`Payment for ${what} released to ${musician}`,
          text: sentence`${hiC}${how("client")}, so the payment for ${what} has been released to ${musician}. Thank you for booking on Stagebook; you can now leave a review.${end(links.client)}`,
        },
        // An automatic payout follows at once: the money is on its way to the bank, not in the wallet.
        musician: d.payoutAccount
          ? {
              subject: sentence`${money(d.musicianKobo)} released and paid out to ${payoutAccount}`,
              text: sentence`${hiM}${how("musician")}: ${money(d.musicianKobo)} for booking ${slug} (${what}) is released to you (after commission) and is being paid out automatically to ${payoutAccount}. Your wallet shows it under Paid out; we tell you when the bank has it.${mEnd}`,
            }
          : {
              subject: sentence`${money(d.musicianKobo)} released to your wallet`,
              text: sentence`${hiM}${how("musician")}: ${money(d.musicianKobo)} for booking ${slug} (${what}) is now available in your Stagebook wallet (after commission).${mEnd}`,
            },
      };
    }
    case "cancelled": {
      const line = cancellationLine({
        by: d.by === "client" || d.by === "link" || d.by === "musician" ? d.by : null,
        at,
        musicianName: musician,
        refundKobo: d.refundKobo ?? 0,
        paidKobo: d.paidKobo ?? 0,
        policy: d.policy ?? null,
        refundStatus: "pending",
      });
      const kept =
        (d.paidKobo ?? 0) > 0
          ? sentence` ${client} is refunded ${money(d.refundKobo)}; you keep ${money(d.musicianKobo)}${(d.musicianKobo ?? 0) > 0 ? " (after commission), now Available in your wallet" : ""}.`
          : ourWords("");
      // The client is told what the whole musician side keeps (a line-up's leader and members, issue 39).
      const sideKobo = d.sideKobo ?? d.musicianKobo ?? 0;
      const sideKept =
        (d.paidKobo ?? 0) > 0 && sideKobo > 0
          ? sentence` ${musician} keeps ${money(sideKobo)} (after commission).`
          : ourWords("");
      return {
        client: {
          subject:
            d.by === "client"
              ? sentence`You cancelled ${what}`
              : d.by === "link"
                ? sentence`${actor} cancelled ${what}`
                : sentence`${musician} cancelled ${what}`,
          text: sentence`${hiC}${line}${sideKept}${d.by === "link" ? sentence` ${ourWords(LINK_CANCEL_UNDO)}` : ""}${end(links.client)}`,
        },
        musician: {
          subject:
            d.by === "musician"
              ? sentence`You cancelled ${what}`
              : d.by === "link"
                ? sentence`${actor} cancelled ${what}`
                : sentence`${client} cancelled ${what}`,
          text: sentence`${hiM}${d.by === "musician" ? "You" : d.by === "link" ? actor : client} cancelled the booking ${slug} (${what}).${d.by === "link" ? sentence` ${client} can undo it within a day; we will tell you if they do.` : ""}${kept}${mEnd}`,
        },
      };
    }
    case "refunded":
      if (d.duplicate)
        return {
          client: {
            subject: sentence`Your second payment of ${money(d.refundKobo)} is refunded`,
            text: sentence`${hiC}Booking ${slug} (${what}) was paid twice. Your second payment of ${money(d.refundKobo)} has been paid back to the card or account that paid it; your first payment still stands for the booking. Depending on your bank it can take a few working days to show on your statement.${end(links.client)}`,
          },
          musician: {
            subject: sentence`A second payment by ${client} was refunded`,
            text: sentence`${hiM}${client} paid ${what} twice. The second payment of ${money(d.refundKobo)} has been paid back to them; the booking's own payment is unchanged.${mEnd}`,
          },
        };
      return {
        client: {
          subject: sentence`Refund of ${money(d.refundKobo)} processed`,
          text: sentence`${hiC}Your refund of ${money(d.refundKobo)} for booking ${slug} (${what}) has been paid back to the card or account that paid. Depending on your bank it can take a few working days to show on your statement.${end(links.client)}`,
        },
        musician: {
          subject: sentence`Refund to ${client} processed`,
          text: sentence`${hiM}The refund of ${money(d.refundKobo)} to ${client} for ${what} has been paid back.${mEnd}`,
        },
      };
    case "disputed": {
      const due = disputeDeadlines(at);
      const sideBy = ourWords(due.sideBy);
      const decisionBy = ourWords(due.decisionBy);
      const reason = p.disputeReason ?? ourWords("");
      if (d.holdsMoney === false)
        return {
          client: {
            subject: sentence`We received your dispute on ${what}`,
            text: sentence`${hiC}We received your dispute on ${what}. No payment for this booking is held in escrow now (it was already released, or it was never paid), so this dispute does not hold any money. Our team reads it; ${musician} can add their side until ${sideBy}, and we will contact you both by ${decisionBy}.${end(links.client)}`,
          },
          musician: {
            subject: sentence`${client} disputed ${what}`,
            text: sentence`${hiM}${client} disputed ${what}: "${reason}"\n\nNo payment for this booking is held in escrow now, so the dispute holds no money. Add your side (text and photos) by ${sideBy} on your bookings page; our team will contact you both by ${decisionBy}.${mEnd}`,
          },
        };
      return {
        client: {
          subject: sentence`We received your dispute on ${what}`,
          text: sentence`${hiC}We received your dispute on ${what}. The ${money(d.paidKobo)} you paid stays in escrow: nobody is paid until our team decides. ${musician} can add their side until ${sideBy}; we will decide and tell you both by ${decisionBy}.${end(links.client)}`,
        },
        musician: {
          subject: sentence`${client} disputed ${what}`,
          text: sentence`${hiM}${client} disputed ${what}: "${reason}"\n\nThe ${money(d.musicianKobo)} held for you stays in escrow until our team decides. Add your side (text and photos) by ${sideBy} on your bookings page; we will decide and tell you both by ${decisionBy}.${mEnd}`,
        },
      };
    }
    case "dispute_resolved": {
      return {
        client: {
          subject: sentence`Your dispute on ${what} is resolved`,
          text: sentence`${hiC}We have reviewed the dispute on booking ${slug} (${what}). ${resolutionOutcome(d, p, "client")}.${end(links.client)}`,
        },
        musician: {
          subject: sentence`The dispute on ${what} is resolved`,
          text: sentence`${hiM}We have reviewed the dispute on booking ${slug} (${what}). ${resolutionOutcome(d, p, "musician")}.${mEnd}`,
        },
      };
    }
    case "refund_delayed":
      // Said plainly to the payer: where their money is and who acts now (nothing for them to do).
      return {
        client: {
          subject: sentence`Your refund of ${money(d.refundKobo)} is delayed — we are on it`,
          text: sentence`${hiC}The payment provider could not pay your refund of ${money(d.refundKobo)} for booking ${slug} (${what}) back to the card or account that paid. Your money is safe with Stagebook and is not lost: our team is looking into it now and will get it back to you, and we will write to you if we need your bank account details. You do not need to do anything else.${end(links.client)}`,
        },
        musician: {
          subject: sentence`A refund to ${client} is delayed`,
          text: sentence`${hiM}The refund of ${money(d.refundKobo)} to ${client} for ${what} was not completed by the payment provider. Our team is handling it; what you were paid for this booking does not change.${mEnd}`,
        },
      };
    case "line_up_fee":
      // The member plays in the leader's (parties.clientName here) booking: never the client's name.
      return {
        client: null,
        musician: {
          subject: sentence`Line-up fee: ${money(d.musicianKobo)} for ${what}`,
          text: sentence`${hiM}Your line-up fee for ${what} with ${client}${d.role ? sentence` (${textShownTo(d.role, "public")})` : ""} was released: ${money(d.musicianKobo)} ${d.payoutAccount ? sentence`is on its way to ${payoutAccount}` : "is in your wallet's Available balance"}.${mEnd}`,
        },
      };
    case "payout_sent": {
      const amount = ourWords(formatNairaAmount(d.musicianKobo ?? 0));
      if (p.event)
        return {
          client: null,
          musician: {
            subject: sentence`${amount} sent to ${account}`,
            text: sentence`${hiM}${amount} sent to ${account}: your share of ${what} for ${client}, paid out automatically when it was released.${mEnd}`,
          },
        };
      return {
        client: null,
        musician: {
          subject: sentence`Payout of ${money(d.musicianKobo)} sent to your bank`,
          text: sentence`${hiM}Your withdrawal of ${money(d.musicianKobo)} has been paid to ${account}.${mEnd}`,
        },
      };
    }
    case "payout_failed":
      return {
        client: null,
        musician: {
          subject: sentence`Payout of ${money(d.musicianKobo)} failed`,
          // The note is the payout provider's reason for the failure, worded by us (payouts), not typed.
          text: sentence`${hiM}${d.note ? ourWords(d.note) : sentence`The transfer of ${money(d.musicianKobo)} to ${account} failed. The money is back in Available.`}${p.event ? sentence` It was your share of ${what}.` : ""}\n\n${p.event ? "Withdraw it from your wallet when you are ready, or change your payout account there: once it is fixed we send it again on our own." : "Check your bank account details in your wallet and withdraw again."}${mEnd}`,
        },
      };
  }
}
