import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction, recordMiss } from "~/features/bookings/slug-guard.server";
import { clientLineUp } from "~/features/lineups/line-up-views.server";
import { shownTo, type TextFields } from "~/features/messaging/contact-boundary";
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
import { formatCalendarDate, LAGOS_TZ } from "~/lib/lagos-date";
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
function when(at: Date): string {
  return `${formatDateTime(at)} (Lagos time)`;
}

function time12(t: string): string {
  const [h, m] = t.split(":").map(Number);
  return `${h! % 12 === 0 ? 12 : h! % 12}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
}

function eventTimes(b: DocumentBookingRow): string {
  if (!b.eventStartTime) return "All day";
  return b.eventEndTime
    ? `${time12(b.eventStartTime)} – ${time12(b.eventEndTime)}`
    : `From ${time12(b.eventStartTime)}`;
}

const withOther = (value: string, other: string | null) => (other ? `${value} (${other})` : value);
const orDash = (v: string | null | undefined) => (v?.trim() ? v : "—");

function musicianName(b: DocumentBookingRow) {
  return musicianDisplayName({
    stageName: b.musicianStageName,
    firstName: b.musicianFirstName,
    lastName: b.musicianLastName,
  });
}

function legalName(b: DocumentBookingRow) {
  return [b.musicianFirstName, b.musicianLastName].filter(Boolean).join(" ") || musicianName(b);
}

function invoiceLabel(n: number, prefix = "INV") {
  return `${prefix}-${String(n).padStart(4, "0")}`;
}

const percent = (bp: number) => `${(bp / 100).toLocaleString("en-NG", { maximumFractionDigits: 2 })}%`;

/** The money module's charges: the payment's own once paid, today's quote before (null: no price yet). */
const charges = (b: DocumentBookingRow, money: BookingMoney | null) => chargesOf(money, b.priceKobo);

/**
 * Each side's phone and e-mail, or, until the booking is paid, the words saying when they are
 * shared: the contract is e-mailed and downloadable by the booking link (issue 22 §4).
 */
function contact(b: DocumentBookingRow & { forOutsider?: boolean }, ...parts: (string | null)[]): string {
  if (!contactsShared(b.paymentStatus)) return CONTACT_SHARED_ONCE_PAID;
  if (b.forOutsider) return CONTACT_FOR_PARTIES;
  return parts.filter(Boolean).join(" · ") || "—";
}

function parties(b: DocumentBookingRow): Block[] {
  return [
    { kind: "heading", text: "Parties" },
    {
      kind: "fields",
      rows: [
        ["Musician", `${musicianName(b)} (${legalName(b)})`],
        ["Musician contact", contact(b, b.musicianPhone, b.musicianEmail)],
        ["Musician location", orDash(b.musicianLocation)],
        ["Client", b.clientName],
        ["Client contact", contact(b, b.clientPhone, b.clientEmail)],
      ],
    },
  ];
}

function eventDetails(b: DocumentBookingRow): Block[] {
  return [
    { kind: "heading", text: "Event" },
    {
      kind: "fields",
      rows: [
        ["Event type", withOther(b.eventType, b.eventTypeOther)],
        ["Service", withOther(b.serviceType, b.serviceTypeOther)],
        ["Date", b.eventDate ? formatCalendarDate(b.eventDate, "EEE, d MMM yyyy") : "Not yet fixed"],
        ["Time", eventTimes(b)],
        ["Location", orDash(b.location)],
        ["Details", orDash(b.additionalDetails)],
      ],
    },
  ];
}

/** Who plays in the booking's line-up (issue 39 §6): stage names and roles, never their fees. */
function lineUpBlocks(lineUp: { name: string; role: string }[]): Block[] {
  if (lineUp.length === 0) return [];
  return [
    { kind: "heading", text: "Line-up" },
    { kind: "fields", rows: lineUp.map((m) => [m.name, m.role] as [string, string]) },
  ];
}

function contractBlocks(b: DocumentBookingRow, money: BookingMoney | null, lineUp: Block[] = []): Block[] {
  const c = charges(b, money);
  const policy = isCancellationPolicy(b.cancellationPolicy)
    ? b.cancellationPolicy
    : DEFAULT_CANCELLATION_POLICY;
  const confirmation: [string, string][] = b.confirmedAt
    ? [
        ["Confirmed by", b.confirmedBy ?? "the client"],
        ["Confirmed on", when(b.confirmedAt)],
      ]
    : [["Status", b.status === "pending" ? "Not yet confirmed by the client" : b.status]];
  return [
    {
      kind: "title",
      text: "Performance Contract",
      // The booking's own date: the same contract on every download (phone walk 2).
      subtitle: `Booking ${b.slug} · ${publicOrigin()}/booking/${b.slug} · drawn up ${when(b.createdAt)}`,
    },
    ...parties(b),
    ...eventDetails(b),
    ...lineUp,
    { kind: "heading", text: "Price (Nigerian naira)" },
    c
      ? {
          kind: "money",
          rows: [
            ["Musician's price", formatNaira(c.priceKobo)],
            [
              `Platform service fee (${percent(c.serviceFeeBp)}, paid by the client)`,
              formatNaira(c.serviceFeeKobo),
            ],
          ],
          total: ["Total payable by the client", formatNaira(c.totalKobo)],
        }
      : { kind: "text", text: "The price has not been set yet; it must be agreed before payment." },
    ...(c
      ? [
          {
            kind: "text" as const,
            text: `On completion the musician receives ${formatNaira(c.musicianKobo)} (the price less the platform's ${percent(c.commissionBp)} commission of ${formatNaira(c.commissionKobo)}).`,
          },
        ]
      : []),
    { kind: "heading", text: "Cancellation policy" },
    {
      kind: "text",
      // The terms in full, not only the name: the contract must say what a cancellation costs. A paid
      // booking's policy is the one frozen on its payment; a later change of the musician's setting
      // does not touch it.
      text: `${POLICY_LABELS[policy]}: ${POLICY_TERMS[policy]} Measured from the event's start time in Lagos. If the musician cancels, the client is refunded in full. ${
        moneyWasReceived(b.paymentStatus)
          ? "This is the policy in force when the client paid; it applies to this booking whatever the musician's policy is later."
          : "The policy in force when the client pays is the one that applies to this booking."
      } Refunds after a cancellation follow this policy and the Stagebook Terms of Service.`,
    },
    { kind: "heading", text: "Payment, escrow and disputes" },
    {
      kind: "list",
      items: [
        "The client pays through Stagebook. The payment is held in escrow and released to the musician only after the service is completed.",
        "If the event does not go as agreed, either party may raise a dispute before the funds are released; release is paused while it is open.",
        "Disputes go first to Stagebook's mediation. If mediation does not settle the matter, it is referred to arbitration in Lagos, Nigeria.",
        "Stagebook's liability is limited as set out in its Terms of Service.",
      ],
    },
    { kind: "heading", text: "Confirmation record" },
    { kind: "fields", rows: [...confirmation, ["Booking created", when(b.createdAt)]] },
  ];
}

function invoiceBlocks(
  b: DocumentBookingRow,
  money: BookingMoney | null,
  number: number,
  issuedAt: Date,
): Block[] {
  const c = charges(b, money);
  const paid = moneyWasReceived(b.paymentStatus);
  return [
    { kind: "title", text: `Invoice ${invoiceLabel(number)}`, subtitle: `Issued ${when(issuedAt)}` },
    {
      kind: "fields",
      rows: [
        ["From", `${musicianName(b)} (${legalName(b)})`],
        ["", [contact(b, b.musicianPhone, b.musicianEmail), b.musicianLocation].filter(Boolean).join(" · ")],
        ["Bill to", b.clientName],
        ["", contact(b, b.clientPhone, b.clientEmail)],
        ["Booking", `${b.slug} · ${publicOrigin()}/booking/${b.slug}`],
      ],
    },
    ...eventDetails(b),
    { kind: "heading", text: "Amount (Nigerian naira)" },
    c
      ? {
          kind: "money",
          rows: [
            [
              `${withOther(b.serviceType, b.serviceTypeOther)} — ${withOther(b.eventType, b.eventTypeOther)}`,
              formatNaira(c.priceKobo),
            ],
            [`Platform service fee (${percent(c.serviceFeeBp)})`, formatNaira(c.serviceFeeKobo)],
          ],
          total: [paid ? "Total (paid)" : "Total due", formatNaira(c.totalKobo)],
        }
      : { kind: "text", text: "The price has not been set yet." },
    { kind: "text", text: `${paymentLine(b)} ${SERVICE_FEE_REFUND_NOTE}` },
  ];
}

/** Where the booking's money is now, as its invoice and receipt say it (the booking's payment status). */
function paymentLine(b: DocumentBookingRow): string {
  if (hasCreditNote(b.status, b.paymentStatus))
    return "Paid through Stagebook. The booking was cancelled or refunded: its credit note states what was refunded and what was kept.";
  switch (b.paymentStatus) {
    case "released":
      return "Paid through Stagebook; the service is completed and the payment has been released to the musician.";
    case "paid":
      return "Paid through Stagebook; held in escrow until the service is completed.";
    default:
      return `Pay securely through Stagebook at ${publicOrigin()}/booking/${b.slug}. The payment is held in escrow until the service is completed.`;
  }
}

function receiptBlocks(
  b: DocumentBookingRow,
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
      text: `Receipt ${invoiceLabel(number, "RCT")}`,
      subtitle: `For invoice ${invoiceLabel(number)}`,
    },
    {
      kind: "fields",
      rows: [
        ["Received from", b.clientName],
        [
          "For",
          `${musicianName(b)} — ${withOther(b.eventType, b.eventTypeOther)}, ${b.eventDate ? formatCalendarDate(b.eventDate, "EEE, d MMM yyyy") : "date not fixed"}`,
        ],
        ["Paid on", when(state.paidAt)],
        ["Payment reference", state.reference ?? "—"],
        ["Booking", `${b.slug} · ${publicOrigin()}/booking/${b.slug}`],
      ],
    },
    ...lineUp,
    { kind: "heading", text: "Amount received (Nigerian naira)" },
    // The price and the service fee, as the receipt e-mail gives them (phone walk 3: the total alone).
    {
      kind: "money",
      rows:
        c && c.totalKobo === state.paidKobo
          ? [
              [
                `${withOther(b.serviceType, b.serviceTypeOther)} — ${withOther(b.eventType, b.eventTypeOther)}`,
                formatNaira(c.priceKobo),
              ],
              [`Platform service fee (${percent(c.serviceFeeBp)})`, formatNaira(c.serviceFeeKobo)],
            ]
          : [],
      total: ["Amount paid", formatNaira(state.paidKobo)],
    },
    {
      kind: "text",
      text:
        money?.phase === "held" && b.status !== "cancelled"
          ? "Held in escrow by Stagebook and released to the musician after the service is completed."
          : paymentLine(b),
    },
  ];
}

/** What was paid, what went back to the client and what was kept, for a cancelled or refunded booking. */
async function creditNoteBlocks(
  b: DocumentBookingRow,
  money: BookingMoney | null,
  number: number,
): Promise<Block[] | null> {
  const payment = money?.payment;
  if (!money || !payment?.paidAt) return null;
  // The figures are the money module's; the refund row says only where the refund is and when it left.
  const refund = await bookingRefundFacts(b.id);
  const state = { paidAt: payment.paidAt, reference: payment.reference, paidKobo: money.paidKobo };
  const refunded = money.refundedKobo;
  const refundState =
    refunded === 0
      ? "No refund was due."
      : refund?.status === "processed"
        ? "The refund has been paid back to the card or account that paid."
        : refund?.status === "failed"
          ? "The refund is delayed: our team is retrying it."
          : "The refund is on its way to the card or account that paid; banks can take a few working days.";
  return [
    {
      kind: "title",
      text: `Credit note ${invoiceLabel(number, "CRN")}`,
      subtitle: `For invoice ${invoiceLabel(number)} · receipt ${invoiceLabel(number, "RCT")}`,
    },
    {
      kind: "fields",
      rows: [
        ["Client", b.clientName],
        [
          "For",
          `${musicianName(b)} — ${withOther(b.eventType, b.eventTypeOther)}, ${b.eventDate ? formatCalendarDate(b.eventDate, "EEE, d MMM yyyy") : "date not fixed"}`,
        ],
        ["Status", b.status === "cancelled" ? "Cancelled" : "Refunded"],
        ["Paid on", when(state.paidAt)],
        ...(refund && refunded > 0 ? ([["Refunded on", when(refund.at)]] as [string, string][]) : []),
        ["Payment reference", state.reference ?? "—"],
        ["Booking", `${b.slug} · ${publicOrigin()}/booking/${b.slug}`],
      ],
    },
    { kind: "heading", text: "Amounts (Nigerian naira)" },
    {
      kind: "money",
      rows: [
        ["Paid", formatNaira(state.paidKobo)],
        ["Refunded to the client", formatNaira(refunded)],
        ...(money.chargedBackKobo > 0
          ? ([["Taken back by the card's bank", formatNaira(money.chargedBackKobo)]] as [string, string][])
          : []),
      ],
      total: ["Kept (not refunded)", formatNaira(state.paidKobo - refunded - money.chargedBackKobo)],
    },
    { kind: "text", text: `${refundState} ${SERVICE_FEE_REFUND_NOTE}` },
  ];
}

/** Renders one document of a booking the caller may see (checked before this is called). */
async function render(row: DocumentBookingRow, kind: DocumentKind): Promise<DocumentResult> {
  // Every document is read by the other side too (downloaded by the link, e-mailed): what either side
  // typed is masked until the booking is paid (issue 36).
  const b = shownTo(row, DOCUMENT_FIELDS, { paymentStatus: row.paymentStatus });
  const meta = { title: `${kind} ${b.slug}`, author: musicianName(b) };
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
