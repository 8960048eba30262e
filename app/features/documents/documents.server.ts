import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction, recordMiss } from "~/features/bookings/slug-guard.server";
import { clientLineUp } from "~/features/lineups/line-up-views.server";
import {
  joined,
  ourWords,
  type Shown,
  type ShownRow,
  sentence,
  shownTo,
  type TextFields,
} from "~/features/messaging/contact-boundary";
import { CONTACT_SHARED_ONCE_PAID, contactsShared } from "~/features/messaging/contact-shared";
import { type BookingMoney, chargesOf, peekBookingMoney } from "~/features/money/booking-money.server";
import {
  DEFAULT_CANCELLATION_POLICY,
  isCancellationPolicy,
  POLICY_LABELS,
  POLICY_TERMS,
} from "~/features/money/cancellation-policy";
import { moneyWasReceived } from "~/features/money/money-rules";
import { SERVICE_FEE_REFUND_NOTE } from "~/features/payments/fee-words";
import { bookingRefundFacts } from "~/features/refunds/refunds.server";
import { formatDateTime } from "~/lib/date-format";
import { musicianDisplayName } from "~/lib/display-name";
import { formatCalendarDate } from "~/lib/lagos-date";
import { formatNaira } from "~/lib/money";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { CREDIT_NOTE_NOT_YET, type DocumentKind, hasCreditNote, RECEIPT_NOT_YET } from "./documents.schema";
import { type Block, renderPdf } from "./pdf.server";
import {
  type DocumentBookingRow,
  findDocumentBookingById,
  findDocumentBookingBySlug,
  findOwnDocumentBooking,
  issueInvoiceNumber,
} from "./queries.server";

export type DocumentResult =
  | { ok: true; filename: string; pdf: Buffer }
  | { ok: false; status: number; message: string };

/** "Fri, 20 Nov 2026, 11:30 AM (Lagos time)": the pages' one date-and-time format (phone walk 3). */
function when(at: Date): Shown {
  return ourWords(`${formatDateTime(at)} (Lagos time)`);
}

function time12(t: string): string {
  const [h, m] = t.split(":").map(Number);
  return `${h! % 12 === 0 ? 12 : h! % 12}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

/** A booking as its documents read it: every text through the contact boundary (issue 36). */
type DocumentBooking = ShownRow<DocumentBookingRow> & { forOutsider?: boolean };

function eventTimes(b: DocumentBooking): Shown {
  if (!b.eventStartTime) return ourWords("All day");
  return ourWords(
    b.eventEndTime
      ? `${time12(b.eventStartTime)} – ${time12(b.eventEndTime)}`
      : `From ${time12(b.eventStartTime)}`,
  );
}

const withOther = (value: Shown, other: Shown | null) => (other ? sentence`${value} (${other})` : value);
const orDash = (v: Shown | null | undefined) => (v?.trim() ? v : ourWords("—"));
const naira = (kobo: number) => ourWords(formatNaira(kobo));
const eventDay = (b: DocumentBooking, none: "Not yet fixed" | "date not fixed") =>
  ourWords(b.eventDate ? formatCalendarDate(b.eventDate, "EEE, d MMM yyyy") : none);
const bookingRef = (b: DocumentBooking) =>
  sentence`${b.slug} · ${ourWords(`${publicOrigin()}/booking/${b.slug}`)}`;

function musicianName(b: DocumentBooking): Shown {
  return musicianDisplayName({
    stageName: b.musicianStageName,
    firstName: b.musicianFirstName,
    lastName: b.musicianLastName,
  });
}

function legalName(b: DocumentBooking): Shown {
  return joined([b.musicianFirstName, b.musicianLastName], " ") || musicianName(b);
}

function invoiceLabel(n: number, prefix = "INV"): Shown {
  return ourWords(`${prefix}-${String(n).padStart(4, "0")}`);
}

const percent = (bp: number) =>
  ourWords(`${(bp / 100).toLocaleString("en-NG", { maximumFractionDigits: 2 })}%`);

/** The money module's charges: the payment's own once paid, today's quote before (null: no price yet). */
const charges = (b: DocumentBooking, money: BookingMoney | null) => chargesOf(money, b.priceKobo);

/**
 * Each side's phone and e-mail, or, until the booking is paid, the words saying when they are
 * shared: the contract is e-mailed and downloadable by the booking link (issue 22 §4).
 */
function contact(b: DocumentBooking, ...parts: (Shown | null)[]): Shown {
  if (!contactsShared(b.paymentStatus)) return ourWords(CONTACT_SHARED_ONCE_PAID);
  if (b.forOutsider) return ourWords(CONTACT_FOR_PARTIES);
  return joined(parts, " · ") || ourWords("—");
}

function parties(b: DocumentBooking): Block[] {
  return [
    { kind: "heading", text: ourWords("Parties") },
    {
      kind: "fields",
      rows: [
        [ourWords("Musician"), sentence`${musicianName(b)} (${legalName(b)})`],
        [ourWords("Musician contact"), contact(b, b.musicianPhone, b.musicianEmail)],
        [ourWords("Musician location"), orDash(b.musicianLocation)],
        [ourWords("Client"), b.clientName],
        [ourWords("Client contact"), contact(b, b.clientPhone, b.clientEmail)],
      ],
    },
  ];
}

function eventDetails(b: DocumentBooking): Block[] {
  return [
    { kind: "heading", text: ourWords("Event") },
    {
      kind: "fields",
      rows: [
        [ourWords("Event type"), withOther(b.eventType, b.eventTypeOther)],
        [ourWords("Service"), withOther(b.serviceType, b.serviceTypeOther)],
        [ourWords("Date"), eventDay(b, "Not yet fixed")],
        [ourWords("Time"), eventTimes(b)],
        [ourWords("Location"), orDash(b.location)],
        [ourWords("Details"), orDash(b.additionalDetails)],
      ],
    },
  ];
}

/** Who plays in the booking's line-up (issue 39 §6): stage names and roles, never their fees. */
function lineUpBlocks(lineUp: { name: Shown; role: Shown }[]): Block[] {
  if (lineUp.length === 0) return [];
  return [
    { kind: "heading", text: ourWords("Line-up") },
    { kind: "fields", rows: lineUp.map((m) => [m.name, m.role] as [Shown, Shown]) },
  ];
}

function contractBlocks(b: DocumentBooking, money: BookingMoney | null, lineUp: Block[] = []): Block[] {
  const c = charges(b, money);
  const policy = isCancellationPolicy(b.cancellationPolicy)
    ? b.cancellationPolicy
    : DEFAULT_CANCELLATION_POLICY;
  const confirmation: [Shown, Shown][] = b.confirmedAt
    ? [
        [ourWords("Confirmed by"), b.confirmedBy ?? ourWords("the client")],
        [ourWords("Confirmed on"), when(b.confirmedAt)],
      ]
    : [[ourWords("Status"), b.status === "pending" ? ourWords("Not yet confirmed by the client") : b.status]];
  return [
    {
      kind: "title",
      text: ourWords("Performance Contract"),
      // The booking's own date: the same contract on every download (phone walk 2).
      subtitle: sentence`Booking ${bookingRef(b)} · drawn up ${when(b.createdAt)}`,
    },
    ...parties(b),
    ...eventDetails(b),
    ...lineUp,
    { kind: "heading", text: ourWords("Price (Nigerian naira)") },
    c
      ? {
          kind: "money",
          rows: [
            [ourWords("Musician's price"), naira(c.priceKobo)],
            [
              sentence`Platform service fee (${percent(c.serviceFeeBp)}, paid by the client)`,
              naira(c.serviceFeeKobo),
            ],
          ],
          total: [ourWords("Total payable by the client"), naira(c.totalKobo)],
        }
      : {
          kind: "text",
          text: ourWords("The price has not been set yet; it must be agreed before payment."),
        },
    ...(c
      ? [
          {
            kind: "text" as const,
            text: sentence`On completion the musician receives ${naira(c.musicianKobo)} (the price less the platform's ${percent(c.commissionBp)} commission of ${naira(c.commissionKobo)}).`,
          },
        ]
      : []),
    { kind: "heading", text: ourWords("Cancellation policy") },
    {
      kind: "text",
      // The terms in full, not only the name: the contract must say what a cancellation costs. A paid
      // booking's policy is the one frozen on its payment; a later change of the musician's setting
      // does not touch it.
      text: sentence`${ourWords(POLICY_LABELS[policy])}: ${ourWords(POLICY_TERMS[policy])} Measured from the event's start time in Lagos. If the musician cancels, the client is refunded in full. ${
        moneyWasReceived(b.paymentStatus)
          ? "This is the policy in force when the client paid; it applies to this booking whatever the musician's policy is later."
          : "The policy in force when the client pays is the one that applies to this booking."
      } Refunds after a cancellation follow this policy and the Stagebook Terms of Service.`,
    },
    { kind: "heading", text: ourWords("Payment, escrow and disputes") },
    {
      kind: "list",
      items: [
        ourWords(
          "The client pays through Stagebook. The payment is held in escrow and released to the musician only after the service is completed.",
        ),
        ourWords(
          "If the event does not go as agreed, either party may raise a dispute before the funds are released; release is paused while it is open.",
        ),
        ourWords(
          "Disputes go first to Stagebook's mediation. If mediation does not settle the matter, it is referred to arbitration in Lagos, Nigeria.",
        ),
        ourWords("Stagebook's liability is limited as set out in its Terms of Service."),
      ],
    },
    { kind: "heading", text: ourWords("Confirmation record") },
    { kind: "fields", rows: [...confirmation, [ourWords("Booking created"), when(b.createdAt)]] },
  ];
}

/** "Others (Party) — Wedding": the service and the event, as an invoice line names them. */
const serviceAndEvent = (b: DocumentBooking) =>
  sentence`${withOther(b.serviceType, b.serviceTypeOther)} — ${withOther(b.eventType, b.eventTypeOther)}`;

function invoiceBlocks(
  b: DocumentBooking,
  money: BookingMoney | null,
  number: number,
  issuedAt: Date,
): Block[] {
  const c = charges(b, money);
  const paid = moneyWasReceived(b.paymentStatus);
  return [
    {
      kind: "title",
      text: sentence`Invoice ${invoiceLabel(number)}`,
      subtitle: sentence`Issued ${when(issuedAt)}`,
    },
    {
      kind: "fields",
      rows: [
        [ourWords("From"), sentence`${musicianName(b)} (${legalName(b)})`],
        [ourWords(""), joined([contact(b, b.musicianPhone, b.musicianEmail), b.musicianLocation], " · ")],
        [ourWords("Bill to"), b.clientName],
        [ourWords(""), contact(b, b.clientPhone, b.clientEmail)],
        [ourWords("Booking"), bookingRef(b)],
      ],
    },
    ...eventDetails(b),
    { kind: "heading", text: ourWords("Amount (Nigerian naira)") },
    c
      ? {
          kind: "money",
          rows: [
            [serviceAndEvent(b), naira(c.priceKobo)],
            [sentence`Platform service fee (${percent(c.serviceFeeBp)})`, naira(c.serviceFeeKobo)],
          ],
          total: [ourWords(paid ? "Total (paid)" : "Total due"), naira(c.totalKobo)],
        }
      : { kind: "text", text: ourWords("The price has not been set yet.") },
    { kind: "text", text: sentence`${paymentLine(b)} ${ourWords(SERVICE_FEE_REFUND_NOTE)}` },
  ];
}

/** Where the booking's money is now, as its invoice and receipt say it (the booking's payment status). */
function paymentLine(b: DocumentBooking): Shown {
  if (hasCreditNote(b.status, b.paymentStatus))
    return ourWords(
      "Paid through Stagebook. The booking was cancelled or refunded: its credit note states what was refunded and what was kept.",
    );
  switch (b.paymentStatus) {
    case "released":
      return ourWords(
        "Paid through Stagebook; the service is completed and the payment has been released to the musician.",
      );
    case "paid":
      return ourWords("Paid through Stagebook; held in escrow until the service is completed.");
    default:
      return sentence`Pay securely through Stagebook at ${ourWords(`${publicOrigin()}/booking/${b.slug}`)}. The payment is held in escrow until the service is completed.`;
  }
}

function receiptBlocks(
  b: DocumentBooking,
  money: BookingMoney | null,
  number: number,
  lineUp: Block[] = [],
): Block[] | null {
  const payment = money?.payment;
  if (!payment?.paidAt) return null;
  const state = { paidAt: payment.paidAt, reference: payment.reference, paidKobo: payment.amountKobo };
  const c = charges(b, money);
  return [
    {
      kind: "title",
      text: sentence`Receipt ${invoiceLabel(number, "RCT")}`,
      subtitle: sentence`For invoice ${invoiceLabel(number)}`,
    },
    {
      kind: "fields",
      rows: [
        [ourWords("Received from"), b.clientName],
        [
          ourWords("For"),
          sentence`${musicianName(b)} — ${withOther(b.eventType, b.eventTypeOther)}, ${eventDay(b, "date not fixed")}`,
        ],
        [ourWords("Paid on"), when(state.paidAt)],
        [ourWords("Payment reference"), ourWords(state.reference ?? "—")],
        [ourWords("Booking"), bookingRef(b)],
      ],
    },
    ...lineUp,
    { kind: "heading", text: ourWords("Amount received (Nigerian naira)") },
    // The price and the service fee, as the receipt e-mail gives them (phone walk 3: the total alone).
    {
      kind: "money",
      rows:
        c && c.totalKobo === state.paidKobo
          ? [
              [serviceAndEvent(b), naira(c.priceKobo)],
              [sentence`Platform service fee (${percent(c.serviceFeeBp)})`, naira(c.serviceFeeKobo)],
            ]
          : [],
      total: [ourWords("Amount paid"), naira(state.paidKobo)],
    },
    {
      kind: "text",
      text:
        money?.phase === "held" && b.status !== "cancelled"
          ? ourWords(
              "Held in escrow by Stagebook and released to the musician after the service is completed.",
            )
          : paymentLine(b),
    },
  ];
}

/** What was paid, what went back to the client and what was kept, for a cancelled or refunded booking. */
async function creditNoteBlocks(
  b: DocumentBooking,
  money: BookingMoney | null,
  number: number,
): Promise<Block[] | null> {
  const payment = money?.payment;
  if (!money || !payment?.paidAt) return null;
  // The figures are the money module's; the refund row says only where the refund is and when it left.
  const refund = await bookingRefundFacts(b.id);
  const state = { paidAt: payment.paidAt, reference: payment.reference, paidKobo: money.paidKobo };
  const refunded = money.refundedKobo;
  const refundState = ourWords(
    refunded === 0
      ? "No refund was due."
      : refund?.status === "processed"
        ? "The refund has been paid back to the card or account that paid."
        : refund?.status === "failed"
          ? "The refund is delayed: our team is retrying it."
          : "The refund is on its way to the card or account that paid; banks can take a few working days.",
  );
  return [
    {
      kind: "title",
      text: sentence`Credit note ${invoiceLabel(number, "CRN")}`,
      subtitle: sentence`For invoice ${invoiceLabel(number)} · receipt ${invoiceLabel(number, "RCT")}`,
    },
    {
      kind: "fields",
      rows: [
        [ourWords("Client"), b.clientName],
        [
          ourWords("For"),
          sentence`${musicianName(b)} — ${withOther(b.eventType, b.eventTypeOther)}, ${eventDay(b, "date not fixed")}`,
        ],
        [ourWords("Status"), ourWords(b.status === "cancelled" ? "Cancelled" : "Refunded")],
        [ourWords("Paid on"), when(state.paidAt)],
        ...(refund && refunded > 0 ? ([[ourWords("Refunded on"), when(refund.at)]] as [Shown, Shown][]) : []),
        [ourWords("Payment reference"), ourWords(state.reference ?? "—")],
        [ourWords("Booking"), bookingRef(b)],
      ],
    },
    { kind: "heading", text: ourWords("Amounts (Nigerian naira)") },
    {
      kind: "money",
      rows: [
        [ourWords("Paid"), naira(state.paidKobo)],
        [ourWords("Refunded to the client"), naira(refunded)],
        ...(money.chargedBackKobo > 0
          ? ([[ourWords("Taken back by the card's bank"), naira(money.chargedBackKobo)]] as [Shown, Shown][])
          : []),
      ],
      total: [ourWords("Kept (not refunded)"), naira(state.paidKobo - refunded - money.chargedBackKobo)],
    },
    { kind: "text", text: sentence`${refundState} ${ourWords(SERVICE_FEE_REFUND_NOTE)}` },
  ];
}

/** Renders one document of a booking the caller may see (checked before this is called). */
async function render(
  row: DocumentBookingRow & { forOutsider?: boolean },
  kind: DocumentKind,
): Promise<DocumentResult> {
  // Every document is read by the other side too (downloaded by the link, e-mailed): what either side
  // typed is masked until the booking is paid (issue 36).
  const b: DocumentBooking = {
    ...shownTo(row, DOCUMENT_FIELDS, { paymentStatus: row.paymentStatus }),
    forOutsider: row.forOutsider,
  };
  const meta = { title: sentence`${ourWords(kind)} ${b.slug}`, author: musicianName(b) };
  const money = await peekBookingMoney(b.id);
  const lineUp = lineUpBlocks(await clientLineUp(row));
  if (kind === "contract") {
    return {
      ok: true,
      filename: `contract-${b.slug}.pdf`,
      pdf: await renderPdf(meta, contractBlocks(b, money, lineUp)),
    };
  }
  if (kind === "receipt" && !moneyWasReceived(b.paymentStatus)) {
    return { ok: false, status: 404, message: RECEIPT_NOT_YET };
  }
  const invoice =
    b.invoiceNumber !== null && b.invoiceIssuedAt
      ? { number: b.invoiceNumber, issuedAt: b.invoiceIssuedAt }
      : await issueInvoiceNumber(b.id, b.musicianId);
  if (kind === "invoice") {
    return {
      ok: true,
      filename: `invoice-${invoiceLabel(invoice.number)}-${b.slug}.pdf`,
      pdf: await renderPdf(meta, invoiceBlocks(b, money, invoice.number, invoice.issuedAt)),
    };
  }
  if (kind === "credit-note") {
    const blocks = hasCreditNote(b.status, b.paymentStatus)
      ? await creditNoteBlocks(b, money, invoice.number)
      : null;
    if (!blocks) return { ok: false, status: 404, message: CREDIT_NOTE_NOT_YET };
    return {
      ok: true,
      filename: `credit-note-${invoiceLabel(invoice.number, "CRN")}-${b.slug}.pdf`,
      pdf: await renderPdf(meta, blocks),
    };
  }
  const blocks = receiptBlocks(b, money, invoice.number, lineUp);
  if (!blocks) return { ok: false, status: 404, message: RECEIPT_NOT_YET };
  return {
    ok: true,
    filename: `receipt-${invoiceLabel(invoice.number, "RCT")}-${b.slug}.pdf`,
    pdf: await renderPdf(meta, blocks),
  };
}

/** The musician's download from their booking: only their own bookings (another's id is "not found"). */
export async function musicianDocument(
  musician: { id: string },
  bookingId: string,
  kind: DocumentKind,
): Promise<DocumentResult> {
  const b = await findOwnDocumentBooking(musician.id, bookingId);
  if (!b) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  return render(b, kind);
}

/** What a paid booking's documents print for contacts when neither its payer nor its musician asks. */
export const CONTACT_FOR_PARTIES = "shared only with the client who paid and the musician";

/**
 * The client's download by the booking's slug: that booking's documents only, rate-limited like the page.
 * `party`: the booking's payer or musician asks (issue 27). Anyone else holding the link gets the
 * documents without either side's phone and e-mail, and with contact details in the note masked.
 */
export async function clientDocument(
  slug: string,
  kind: DocumentKind,
  clientIp: string,
  party = false,
): Promise<DocumentResult> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const b = await findDocumentBookingBySlug(slug);
  if (!b) {
    await recordMiss(clientIp);
    return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  }
  if (party || !contactsShared(b.paymentStatus)) return render(b, kind);
  // Someone else holding the link reads what either side typed as the public does.
  return render({ ...shownTo(b, DOCUMENT_FIELDS, "public"), forOutsider: true } as DocumentBookingRow, kind);
}

/** How each text of a booking reaches its documents' readers (issue 36). */
const DOCUMENT_FIELDS: TextFields<DocumentBookingRow> = {
  id: "ours",
  slug: "ours",
  musicianId: "ours",
  clientName: "typed",
  clientEmail: "contact",
  clientPhone: "contact",
  serviceType: "ours",
  serviceTypeOther: "typed",
  eventType: "ours",
  eventTypeOther: "typed",
  location: "typed",
  eventDate: "ours",
  eventStartTime: "ours",
  eventEndTime: "ours",
  additionalDetails: "typed",
  status: "ours",
  paymentStatus: "ours",
  musicianStageName: "typed",
  musicianFirstName: "typed",
  musicianLastName: "typed",
  musicianPhone: "contact",
  musicianLocation: "typed",
  musicianSlug: "ours",
  musicianEmail: "contact",
  cancellationPolicy: "ours",
  confirmedBy: "typed",
};

/** The booking's contract as e-mail attachments (none when it cannot be made: the mail still goes). */
export async function contractAttachments(
  bookingId: string,
): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
  try {
    const b = await findDocumentBookingById(bookingId);
    const result = b ? await render(b, "contract") : null;
    return result?.ok
      ? [{ filename: result.filename, content: result.pdf, contentType: "application/pdf" }]
      : [];
  } catch (err) {
    logger.error({ err, bookingId }, "contract for an e-mail could not be made");
    return [];
  }
}
