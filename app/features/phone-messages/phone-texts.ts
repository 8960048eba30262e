// Every phone message's words (issue 30 §2-3): one SMS text and one WhatsApp template per event and
// side. SMS: GSM-7 basic characters only, one 160-septet segment, "NGN 90,000" (never ₦); names and the
// event's own name are shortened to fit, never the link. WhatsApp: an approved template (we write
// first), its body variables filled in order; it may say ₦. No text ever carries the other side's
// phone number or e-mail: the callers pass names (masked before payment) and a link.
import type { Shown } from "~/features/messaging/contact-boundary";
import { formatCalendarDate } from "~/lib/lagos-date";
import { SMS_MAX, toGsm7 } from "./gsm7";

export const PHONE_EVENTS = [
  "request_received",
  "request_reply",
  "musician_replied",
  "request_accepted",
  "request_declined",
  "booking_created",
  "past_booking_created",
  "booking_confirmed",
  "paid",
  "paid_after_event",
  "release_due",
  "released",
  "released_paid_out",
  "cancelled",
  "cancelled_unpaid",
  "refunded",
  "refund_delayed",
  "disputed",
  "disputed_nothing_held",
  "dispute_resolved",
  "payout_sent",
  "payout_failed",
  "review_waiting",
  "updates_stopped",
  "line_up_invite",
  "line_up_fee",
  "line_up_fee_paid_out",
] as const;
export type PhoneEvent = (typeof PHONE_EVENTS)[number];
export type PhoneSide = "musician" | "client";
export type PhoneChannel = "sms" | "whatsapp";

/** Payment and payout events go at once; every other event waits out the Lagos night (21:00–07:00). */
export const SENT_AT_NIGHT: ReadonlySet<PhoneEvent> = new Set([
  "updates_stopped",
  "paid",
  "paid_after_event",
  "released",
  "released_paid_out",
  "line_up_fee",
  "line_up_fee_paid_out",
  "refunded",
  "payout_sent",
  "payout_failed",
]);

/**
 * What a message may name. Amounts in kobo; `date` a yyyy-MM-dd event date (null: not set yet). The
 * slots a person typed (names, the event's "Others") take `Shown`: text through the contact boundary
 * (ADR 0028), so a raw name or field from a row does not compile here.
 */
export type PhoneVars = {
  link: string;
  /** The link's short form (/s/{code}), which an SMS carries instead (phone walk 3, CONFUSING 7). */
  shortLink?: string;
  client?: Shown;
  musician?: Shown;
  /** Who cancelled, as the recipient reads it ("you", "the organiser", "the musician"). */
  who?: string;
  event?: Shown;
  date?: string | null;
  /** A line-up invite's role and the event's city, as the leader typed them (issue 39). */
  role?: Shown;
  city?: Shown;
  /** When the payment is released, in words ("16 Dec 2026"). */
  due?: string;
  account?: string;
  amountKobo?: number;
  refundKobo?: number;
  keepKobo?: number;
  /** What Stagebook keeps (service fee and commission): a dispute's decision names every naira. */
  keptKobo?: number;
};

type Key = keyof PhoneVars;
type Template = { sms: string; whatsapp: { name: string; body: string; vars: Key[] } };

/**
 * The texts. `{x}` is a variable; in SMS amounts read "NGN 90,000", in WhatsApp "₦90,000". The
 * WhatsApp body is what is submitted to Meta for approval under `name` (language en, category UTILITY).
 */
export const PHONE_TEMPLATES: Record<PhoneEvent, Partial<Record<PhoneSide, Template>>> = {
  request_received: {
    musician: t(
      "New booking request from {client} for {event}, {date}. Accept or decline: {link}",
      "booking_request_received",
      "New booking request from {{1}} for {{2}} on {{3}}. Open it to accept or decline: {{4}}",
      ["client", "event", "date", "link"],
    ),
  },
  request_reply: {
    musician: t(
      "{client} answered you about {event}, {date}. Read it: {link}",
      "booking_request_answered",
      "{{1}} answered you about their request for {{2}} on {{3}}. Read it here: {{4}}",
      ["client", "event", "date", "link"],
    ),
  },
  musician_replied: {
    client: t(
      "{musician} replied to your request for {event}, {date}: {link}",
      "booking_request_reply",
      "{{1}} replied to your booking request for {{2}} on {{3}}. Read and answer it here: {{4}}",
      ["musician", "event", "date", "link"],
    ),
  },
  request_accepted: {
    client: t(
      "{musician} accepted your request for {event}, {date}. Review and confirm: {link}",
      "booking_request_accepted",
      "Good news: {{1}} accepted your booking request for {{2}} on {{3}}. Review and confirm your booking: {{4}}",
      ["musician", "event", "date", "link"],
    ),
  },
  request_declined: {
    client: t(
      "{musician} declined your request for {event}, {date}. Find another musician: {link}",
      "booking_request_declined",
      "{{1}} declined your booking request for {{2}} on {{3}}. Find another musician: {{4}}",
      ["musician", "event", "date", "link"],
    ),
  },
  // The amount is what the organiser will pay, the service fee included (phone walk 3: the price alone).
  booking_created: {
    client: t(
      "{musician} made a booking for you: {event}, {date}, {amount} incl. fee. Review and confirm: {link}",
      "booking_created_with_fee",
      "{{1}} made a booking for you on Stagebook: {{2}} on {{3}}, {{4}} in total with the service fee. Review and confirm it: {{5}}",
      ["musician", "event", "date", "amountKobo", "link"],
    ),
  },
  // A booking for an event already over says so (phone walk 3: 27 Nov read like a coming date).
  past_booking_created: {
    client: t(
      "{musician} recorded your past event: {event}, {date}, {amount} incl. fee. Review and confirm: {link}",
      "past_booking_created",
      "{{1}} recorded a booking on Stagebook for your event that is already over: {{2}} on {{3}}, {{4}} in total with the service fee. Review and confirm it: {{5}}",
      ["musician", "event", "date", "amountKobo", "link"],
    ),
  },
  booking_confirmed: {
    musician: t(
      "{client} confirmed your booking for {event}, {date}. {link}",
      "booking_confirmed",
      "{{1}} confirmed your booking for {{2}} on {{3}}. See it here: {{4}}",
      ["client", "event", "date", "link"],
    ),
  },
  paid: {
    musician: t(
      "{client} paid for {event}, {date}: {amount} is held for you, released on {due}. {link}",
      "booking_paid_musician",
      "{{1}} paid for {{2}} on {{3}}. {{4}} is held for you in escrow and released to your wallet on {{5}}. {{6}}",
      ["client", "event", "date", "amountKobo", "due", "link"],
    ),
    client: t(
      "Receipt: you paid {amount} for {musician}, {event}, {date}. We hold it until after the event. {link}",
      "booking_paid_receipt",
      "Receipt: you paid {{1}} for {{2}} at {{3}} on {{4}}. Stagebook holds it in escrow until after your event. {{5}}",
      ["amountKobo", "musician", "event", "date", "link"],
    ),
  },
  // Paid for an event that is already over: nothing to wait for, so it says when the release is due.
  paid_after_event: {
    client: t(
      "Paid {amount} for {musician}, {event}, {date}. Released to them on {due} unless you report a problem. {link}",
      "booking_paid_after_event_receipt",
      "Receipt: you paid {{1}} for {{2}} at {{3}} on {{4}}. Stagebook holds it in escrow and releases it to them on {{5}} unless you report a problem. {{6}}",
      ["amountKobo", "musician", "event", "date", "due", "link"],
    ),
  },
  release_due: {
    client: t(
      "{event}, {date} with {musician} is over. Released to them on {due} unless you report a problem: {link}",
      "booking_release_due",
      "Your event {{1}} on {{2}} with {{3}} is over. Your payment is released to them on {{4}} unless you report a problem: {{5}}",
      ["event", "date", "musician", "due", "link"],
    ),
  },
  released: {
    musician: t(
      "{amount} for {event}, {date} ({client}) is released to your wallet. {link}",
      "booking_released_musician",
      "{{1}} for {{2}} on {{3}} ({{4}}) has been released to your Stagebook wallet. {{5}}",
      ["amountKobo", "event", "date", "client", "link"],
    ),
    client: t(
      "Your payment for {event}, {date} is released to {musician}. Leave a review: {link}",
      "booking_released_client",
      "Your payment for {{1}} on {{2}} has been released to {{3}}. Leave a review: {{4}}",
      ["event", "date", "musician", "link"],
    ),
  },
  // Released, and an automatic payout sends it on at once: it says where the money went.
  released_paid_out: {
    musician: t(
      "{amount} for {event}, {date} ({client}) is released and paid out to {account}. {link}",
      "booking_released_paid_out",
      "{{1}} for {{2}} on {{3}} ({{4}}) has been released and is being paid out automatically to {{5}}. {{6}}",
      ["amountKobo", "event", "date", "client", "account", "link"],
    ),
  },
  cancelled: {
    musician: t(
      "Cancelled by {who}: {event}, {date}. {client} gets back {refund}; you keep {keep}. {link}",
      "booking_cancelled_musician",
      "Booking cancelled by {{1}}: {{2}} on {{3}}. {{4}} gets back {{5}}; you keep {{6}}. {{7}}",
      ["who", "event", "date", "client", "refundKobo", "keepKobo", "link"],
    ),
    client: t(
      "Cancelled by {who}: {event}, {date} with {musician}. Refund to you: {refund}. {link}",
      "booking_cancelled_client",
      "Booking cancelled by {{1}}: {{2}} on {{3}} with {{4}}. Refund to you: {{5}}. {{6}}",
      ["who", "event", "date", "musician", "refundKobo", "link"],
    ),
  },
  // Nothing was paid, so nothing is refunded or kept: no money words at all (issue 30).
  cancelled_unpaid: {
    musician: t(
      "Cancelled by {who}: {event}, {date} with {client}. It was not paid, so no money moves. {link}",
      "booking_cancelled_unpaid_musician",
      "Booking cancelled by {{1}}: {{2}} on {{3}} with {{4}}. It was not paid, so no money moves. {{5}}",
      ["who", "event", "date", "client", "link"],
    ),
    client: t(
      "Cancelled by {who}: {event}, {date} with {musician}. It was not paid, so you owe nothing. {link}",
      "booking_cancelled_unpaid_client",
      "Booking cancelled by {{1}}: {{2}} on {{3}} with {{4}}. It was not paid, so you owe nothing. {{5}}",
      ["who", "event", "date", "musician", "link"],
    ),
  },
  refunded: {
    client: t(
      "Refund of {refund} for {event}, {date} ({musician}) is sent to you. {link}",
      "booking_refund_sent",
      "Your refund of {{1}} for {{2}} on {{3}} ({{4}}) has been sent to you. {{5}}",
      ["refundKobo", "event", "date", "musician", "link"],
    ),
  },
  // A refund Paystack could not finish (issue 35 §3): the payer's money is being looked into.
  refund_delayed: {
    client: t(
      "Your refund of {refund} for {event}, {date} is delayed. Your money is safe; our team is on it. {link}",
      "booking_refund_delayed",
      "Your refund of {{1}} for {{2}} on {{3}} is delayed at the payment provider. Your money is safe with Stagebook and our team is looking into it now; you need to do nothing. {{4}}",
      ["refundKobo", "event", "date", "link"],
    ),
  },
  disputed: {
    musician: t(
      "{client} reported a problem with {event}, {date}. {amount} stays held. Add your side: {link}",
      "booking_dispute_opened",
      "{{1}} reported a problem with {{2}} on {{3}}. {{4}} stays held until our team decides. Add your side: {{5}}",
      ["client", "event", "date", "amountKobo", "link"],
    ),
    client: t(
      "We received your report on {event}, {date}. {amount} stays held while we decide. {link}",
      "booking_dispute_received",
      "We received your report on {{1}} on {{2}}. {{3}} stays held in escrow while our team decides. {{4}}",
      ["event", "date", "amountKobo", "link"],
    ),
  },
  // A dispute that holds no money (released already): never "stays held" (M8).
  disputed_nothing_held: {
    musician: t(
      "{client} reported a problem with {event}, {date}. No payment is held. Add your side: {link}",
      "booking_dispute_opened_nothing_held",
      "{{1}} reported a problem with {{2}} on {{3}}. No payment for it is held in escrow, so nothing is on hold. Add your side: {{4}}",
      ["client", "event", "date", "link"],
    ),
    client: t(
      "We received your report on {event}, {date}. No payment is held now; our team reads it. {link}",
      "booking_dispute_received_nothing_held",
      "We received your report on {{1}} on {{2}}. No payment for it is held in escrow now; our team reads it and contacts you both. {{3}}",
      ["event", "date", "link"],
    ),
  },
  // Every naira of what was paid: back to the client, to the musician after commission, kept by Stagebook.
  dispute_resolved: {
    musician: t(
      "Dispute decided: {refund} back to {client}, {keep} to you after commission, {kept} to Stagebook. {link}",
      "booking_dispute_decided_musician",
      "The dispute on {{1}} on {{2}} is decided: {{3}} refunded to {{4}}, {{5}} released to you after commission, {{6}} kept by Stagebook (service fee and commission). {{7}}",
      ["event", "date", "refundKobo", "client", "keepKobo", "keptKobo", "link"],
    ),
    client: t(
      "Dispute decided: {refund} back to you, {keep} to {musician} after commission, {kept} to Stagebook. {link}",
      "booking_dispute_decided_client",
      "Your dispute on {{1}} on {{2}} is decided: {{3}} refunded to you, {{4}} released to {{5}} after commission, {{6}} kept by Stagebook (service fee and commission). {{7}}",
      ["event", "date", "refundKobo", "keepKobo", "musician", "keptKobo", "link"],
    ),
  },
  payout_sent: {
    musician: t(
      "Payout of {amount} sent to {account}. {link}",
      "payout_sent",
      "Your payout of {{1}} has been sent to {{2}}. {{3}}",
      ["amountKobo", "account", "link"],
    ),
  },
  payout_failed: {
    musician: t(
      "Payout of {amount} to {account} failed; the money is back in Available. Check your bank details: {link}",
      "payout_failed",
      "Your payout of {{1}} to {{2}} failed; the money is back in Available. Check your bank details and withdraw again: {{3}}",
      ["amountKobo", "account", "link"],
    ),
  },
  review_waiting: {
    musician: t(
      "How was working with {client} at {event}, {date}? Write your review: {link}",
      "review_waiting",
      "How was working with {{1}} at {{2}} on {{3}}? Write your review: {{4}}",
      ["client", "event", "date", "link"],
    ),
  },
  // The one answer to a STOP (phone walk 3: none came), to whichever side replied, by the channel used.
  updates_stopped: {
    musician: stopped(),
    client: stopped(),
  },
  // Issue 39 §3: a band leader asks another musician to play in their line-up.
  line_up_invite: {
    musician: t(
      "{musician} invites you to play {role} at {event} on {date} in {city} for {amount}. Answer: {link}",
      "line_up_invite",
      "{{1}} invites you to play {{2}} at {{3}} on {{4}} in {{5}} for {{6}}. Accept or decline here: {{7}}",
      ["musician", "role", "event", "date", "city", "amountKobo", "link"],
    ),
  },
  // Issue 39: a line-up member's fee released (as the leader's "released" text), to the member alone:
  // the gig and the leader they played with, never the client; the link is their own Line-ups page.
  line_up_fee: {
    musician: t(
      "Your line-up fee of {amount} for {event}, {date} with {musician} is released to your wallet. {link}",
      "line_up_fee_released",
      "Your line-up fee of {{1}} for {{2}} on {{3}} with {{4}} ({{5}}) has been released to your Stagebook wallet. {{6}}",
      ["amountKobo", "event", "date", "musician", "role", "link"],
    ),
  },
  line_up_fee_paid_out: {
    musician: t(
      "Your line-up fee of {amount} for {event}, {date} with {musician} is paid out to {account}. {link}",
      "line_up_fee_paid_out",
      "Your line-up fee of {{1}} for {{2}} on {{3}} with {{4}} ({{5}}) has been released and is being paid out automatically to {{6}}. {{7}}",
      ["amountKobo", "event", "date", "musician", "role", "account", "link"],
    ),
  },
};

function stopped(): Template {
  return t(
    "Stagebook: you replied STOP, so we send you no more booking texts. E-mails continue. Turn texts on again: {link}",
    "booking_updates_stopped",
    "You replied STOP, so Stagebook sends you no more booking updates here. E-mails continue. To turn updates on again: {{1}}",
    ["link"],
  );
}

function t(sms: string, name: string, body: string, vars: Key[]): Template {
  return { sms, whatsapp: { name, body, vars } };
}

const SMS_MONEY: Record<string, Key> = {
  amount: "amountKobo",
  refund: "refundKobo",
  keep: "keepKobo",
  kept: "keptKobo",
};
/** Variables shortened, longest first, when an SMS would not fit one segment. */
const SHRINKABLE = new Set<Key>(["client", "musician", "who", "event", "account", "role", "city"]);
const MIN_SHRUNK = 4;

/** "NGN 90,000" (kobo shown only when there are some): GSM-7, unlike ₦. */
export function smsNaira(kobo: number): string {
  const whole = Math.trunc(kobo / 100);
  const rest = Math.abs(kobo % 100);
  return `NGN ${whole.toLocaleString("en-US")}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** "₦90,000" for WhatsApp. */
export function whatsappNaira(kobo: number): string {
  return smsNaira(kobo).replace("NGN ", "₦");
}

/** "14 Dec 2026", or "date to be set". */
export function shortDate(date: string | null | undefined): string {
  return date ? formatCalendarDate(date, "d MMM yyyy") : "date to be set";
}

function value(key: Key, vars: PhoneVars, channel: PhoneChannel): string {
  const v = vars[key];
  if (key === "date") return shortDate(vars.date);
  if (typeof v === "number") return channel === "sms" ? smsNaira(v) : whatsappNaira(v);
  return (v ?? "").toString().replace(/\s+/g, " ").trim();
}

function renderSms(template: string, values: Partial<Record<Key, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[(SMS_MONEY[name] ?? name) as Key] ?? "");
}

/** A bank account keeps its masked last digits ("**6789") when shortened: they tell the accounts apart. */
function shrinkable(v = ""): { head: string; tail: string } {
  const tail = / \*\*\d{4}$/.exec(v)?.[0] ?? "";
  return { head: v.slice(0, v.length - tail.length), tail };
}

/** Whether the SMS fits one segment as it is, nothing shortened (else it carries the short link). */
export function smsFitsWhole(event: PhoneEvent, side: PhoneSide, vars: PhoneVars): boolean {
  const template = PHONE_TEMPLATES[event][side]?.sms;
  if (!template) return true;
  const values: Partial<Record<Key, string>> = {};
  for (const key of Object.keys(vars) as Key[]) {
    const v = value(key, vars, "sms");
    values[key] = key === "link" ? v : toGsm7(v);
  }
  values.date = shortDate(vars.date);
  return renderSms(template, values).length <= SMS_MAX;
}

/** The SMS for an event: GSM-7 basic characters, at most 160, the link always whole. */
export function smsText(event: PhoneEvent, side: PhoneSide, vars: PhoneVars): string {
  const template = PHONE_TEMPLATES[event][side]?.sms;
  if (!template) throw new Error(`no SMS for ${event} to the ${side}`);
  const values: Partial<Record<Key, string>> = {};
  for (const key of Object.keys(vars) as Key[]) {
    const v = value(key, vars, "sms");
    values[key] = key === "link" ? v : toGsm7(v);
  }
  values.date = shortDate(vars.date);
  let text = renderSms(template, values);
  while (text.length > SMS_MAX) {
    const candidates = [...SHRINKABLE].filter(
      (k) => shrinkable(values[k]).head.length > MIN_SHRUNK && template.includes(`{${k}}`),
    );
    // The musician's name is the last thing cut: it is what tells the reader who the text is about.
    const others = candidates.filter((k) => k !== "musician");
    const longest = (others.length > 0 ? others : candidates).sort(
      (a, b) => shrinkable(values[b]).head.length - shrinkable(values[a]).head.length,
    )[0];
    if (!longest) break;
    const { head, tail } = shrinkable(values[longest]);
    const cut = Math.max(MIN_SHRUNK, head.length - (text.length - SMS_MAX)) - 1;
    values[longest] = `${head.slice(0, cut).trimEnd()}.${tail}`;
    text = renderSms(template, values);
  }
  if (text.length > SMS_MAX) {
    // Only an unusually long link (ORIGIN) can get here: keep the link, cut the words before it.
    const link = values.link ?? "";
    const at = text.lastIndexOf(link);
    const head = text.slice(0, Math.max(0, SMS_MAX - link.length - 4)).trimEnd();
    text = link && at >= 0 ? `${head}.. ${link}`.slice(-SMS_MAX) : text.slice(0, SMS_MAX);
  }
  return text;
}

/** The WhatsApp template, its variables in order, and its body as the recipient reads it. */
export function whatsappMessage(
  event: PhoneEvent,
  side: PhoneSide,
  vars: PhoneVars,
): { template: string; variables: string[]; text: string } {
  const template = PHONE_TEMPLATES[event][side]?.whatsapp;
  if (!template) throw new Error(`no WhatsApp template for ${event} to the ${side}`);
  // WhatsApp refuses a variable with a newline, a tab or more than four spaces in a row.
  const variables = template.vars.map((k) => value(k, vars, "whatsapp").slice(0, 200) || "-");
  const text = template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => variables[Number(n) - 1] ?? "");
  return { template: template.name, variables, text };
}
