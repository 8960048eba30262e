// Who may move a paid booking's money (issue 22 §1, ADR 0013). The booking link lets anyone view, confirm
// and pay; once paid, releasing ("The event happened"), cancelling and disputing take proof of being the
// payer: the signed-in account that started the successful payment, or a secret bound to that payment,
// held in an HttpOnly cookie (set when the payer pressed Pay, or on another device through a one-time
// link e-mailed to the payment's address). The booking's musician is never its client, whatever they hold.
// Only SHA-256 hashes of the secrets are stored.

import { createHash, randomBytes } from "node:crypto";
import { getSessionUser } from "~/features/auth/session.server";
import { BOOKING_NOT_FOUND } from "~/features/bookings/outcome";
import { guardSlugAction } from "~/features/bookings/slug-guard.server";
import { lines, ourWords, sentence, textShownTo } from "~/features/messaging/contact-boundary";
import { moneyWasReceived } from "~/features/money/money-rules";
import { isIdempotencyKey } from "~/lib/idempotency";
import { type DbExecutor, db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { sendMail } from "~/server/mail/mailer.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { PAYER_MESSAGES } from "./payment-messages";
import * as q from "./queries.server";

/** Who is asking, as far as a booking's client actions care: their account and this booking's payer cookie. */
export type ClientActor = { userId: string | null; payerToken: string | null };

/** How a viewer stands towards a booking's paid money. */
export type PayerStanding = "unpaid" | "payer" | "musician" | "other";

const COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const SECRET = /^[A-Za-z0-9_-]{43}$/;
/** A receipt's link lasts a week; one asked for on the page a day. Both work once. */
export const RECEIPT_LINK_TTL_MS = 7 * 24 * 3_600_000;
const REQUESTED_LINK_TTL_MS = 24 * 3_600_000;
const LINK_REQUESTS_PER_HOUR = 3;

const newSecret = () => randomBytes(32).toString("base64url");
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");
/** Binds a secret (only its hash is stored) to a payment: a browser's, or a one-time link's until it expires. */
const bindSecret = (ex: DbExecutor, bookingId: string, paymentId: string, secret: string, expiresAt?: Date) =>
  q.insertPayerCredential(ex, {
    bookingId,
    paymentId,
    kind: expiresAt ? "link" : "device",
    tokenHash: hashSecret(secret),
    expiresAt,
  });

const payerCookieName = (slug: string) => `sb_payer_${slug}`;

/** This booking's payer secret from a Cookie header (well-formed or nothing). */
export function readPayerToken(cookieHeader: string | null | undefined, slug: string): string | null {
  const name = `${payerCookieName(slug)}=`;
  const part = (cookieHeader ?? "").split(";").find((p) => p.trim().startsWith(name));
  const value = part?.trim().slice(name.length);
  return value && SECRET.test(value) ? value : null;
}

/** The Set-Cookie value that keeps a payer secret in this browser (HttpOnly: no script can read it). */
export function payerCookie(slug: string, secret: string): string {
  const secure = publicOrigin().startsWith("https:") ? "; Secure" : "";
  return `${payerCookieName(slug)}=${secret}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

export async function clientActor(request: Request, slug: string): Promise<ClientActor> {
  const user = await getSessionUser(request);
  return { userId: user?.id ?? null, payerToken: readPayerToken(request.headers.get("cookie"), slug) };
}

/**
 * One mailbox however it is written: case, spaces and a "+tag" on the name do not make another person, and
 * for Gmail neither do dots in the name nor the googlemail.com domain (`Tayo.Ade@gmail.com`,
 * `tayoade+x@googlemail.com` and `tayoade@gmail.com` are one inbox; issue 35 §1).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).split("+")[0] ?? "";
  const domain = address.slice(at + 1);
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return gmail ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

function sameMailbox(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b) && mailboxOf(a!) === mailboxOf(b!);
}

type Parties = Awaited<ReturnType<typeof q.bookingParties>>;

/**
 * Money review 2, N1: the payer's powers never reach the booking's musician. An e-mail address or an
 * account that is the musician's own is never the payer's: Pay refuses it, and a payment made with one
 * (before this rule) gets no manage link and no device standing.
 */
export function isMusiciansOwn(parties: Parties, payer: { userId?: string | null; email?: string | null }) {
  if (!parties) return false;
  const sameUser = Boolean(payer.userId) && payer.userId === parties.musicianUserId;
  return sameUser || sameMailbox(payer.email, parties.musicianEmail);
}

/** The booking's successful payment was made with its musician's own address or account (N1). */
const paidByMusician = (parties: Parties) =>
  Boolean(parties?.paymentId) &&
  isMusiciansOwn(parties, { userId: parties!.payerUserId, email: parties!.paymentEmail });

/** How `actor` stands towards the booking (read inside the caller's transaction when it moves money). */
export async function payerStanding(
  booking: { id: string; paymentStatus: string },
  actor: ClientActor,
  ex: DbExecutor = db,
): Promise<PayerStanding> {
  // Nothing to prove with: no query (every anonymous view of the page stays one read of the booking).
  if (!actor.userId && !actor.payerToken) return moneyWasReceived(booking.paymentStatus) ? "other" : "unpaid";
  const parties = await q.bookingParties(ex, booking.id);
  if (actor.userId && actor.userId === parties?.musicianUserId) return "musician";
  if (!moneyWasReceived(booking.paymentStatus)) return "unpaid";
  // A payment made with the musician's own address or account makes nobody its payer by link or device (N1).
  if (!parties?.paymentId || paidByMusician(parties)) return "other";
  if (actor.userId && actor.userId === parties.payerUserId) return "payer";
  if (actor.payerToken && (await q.deviceCredentialHeld(ex, parties.paymentId, hashSecret(actor.payerToken))))
    return "payer";
  return "other";
}

/**
 * Whether the request comes from the booking's payer or its musician: once paid, contact details and
 * the documents carrying them are theirs alone, not for everyone holding the link (issue 27).
 */
export async function isBookingParty(request: Request, slug: string): Promise<boolean> {
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return false;
  const standing = await payerStanding(booking, await clientActor(request, slug));
  return standing === "payer" || standing === "musician";
}

/**
 * Null when `actor` may take a client action on this booking: anyone while it is unpaid (the link is
 * enough), only the payer once paid, never its musician. A refusal is logged. Call it inside the
 * transaction that has locked the booking, so a payment cannot land between the check and the act.
 */
export async function payerRefusal(
  ex: DbExecutor,
  booking: { id: string; paymentStatus: string },
  actor: ClientActor,
  intent: string,
): Promise<{ ok: false; status: 403; message: string } | null> {
  const standing = await payerStanding(booking, actor, ex);
  if (standing === "unpaid" || standing === "payer") return null;
  logger.warn(
    {
      bookingId: booking.id,
      intent,
      userId: actor.userId,
      withPayerCookie: Boolean(actor.payerToken),
      standing,
    },
    "client action refused: not the booking's payer",
  );
  return {
    ok: false,
    status: 403,
    message: standing === "musician" ? PAYER_MESSAGES.musician : PAYER_MESSAGES.notPayer,
  };
}

/**
 * The secret for a browser that holds none yet, from the Pay form's idempotency key: a random value only
 * that page ever saw, so a duplicate of the same submission (a double click, a retry) gets the same secret
 * and goes back to the same checkout, while any other browser gets a checkout of its own.
 */
export function payerSecretForForm(formKey: unknown): string | null {
  return isIdempotencyKey(formKey)
    ? createHash("sha256").update(`payer-device:${formKey.toLowerCase()}`).digest("base64url")
    : null;
}

/**
 * Binds this browser's secret (the one it holds for the booking, else a new one) to a checkout attempt it
 * started, only so that its second press of Pay goes back to the same checkout: pressing Pay gives no
 * powers (ADR 0025). Answers the secret for the cookie.
 */
export async function bindCheckoutBrowser(
  booking: { id: string },
  paymentId: string,
  heldToken: string | null,
): Promise<string> {
  const secret = heldToken && SECRET.test(heldToken) ? heldToken : newSecret();
  await q.insertPayerCredential(db, {
    bookingId: booking.id,
    paymentId,
    kind: "checkout",
    tokenHash: hashSecret(secret),
  });
  return secret;
}

/** Whether this browser started the given checkout attempt (a second Pay may go back to it). */
export async function holdsPayment(paymentId: string, heldToken: string | null): Promise<boolean> {
  return (
    Boolean(heldToken) && (await q.deviceCredentialHeld(db, paymentId, hashSecret(heldToken!), "checkout"))
  );
}

/**
 * The checkout's return secret (ADR 0025): it goes into the callback URL the provider sends the customer
 * to once they have paid, so only the browser that completed the payment ever presents it. The browser
 * that pressed Pay never sees it (the provider's hosted checkout keeps it to itself).
 */
export async function newCheckoutReturn(ex: DbExecutor, booking: { id: string }, paymentId: string) {
  const secret = newSecret();
  await q.insertPayerCredential(ex, {
    bookingId: booking.id,
    paymentId,
    kind: "return",
    tokenHash: hashSecret(secret),
  });
  return secret;
}

/**
 * The browser back from a completed checkout becomes the payer (ADR 0025): the checkout's return secret is
 * spent once, this browser's secret (or a new one) is bound to the payment, and the organiser account signed
 * in here (actor.userId; never the musician's) becomes the payer's account and holds the booking. Answers the cookie to set, or
 * null when nothing was bound (already spent, not paid, or the musician's own).
 */
export async function claimCheckoutReturn(
  slug: string,
  returnSecret: string,
  actor: ClientActor,
  /** The signed-in account is an organiser's: it becomes the payer's account. */
  organiser: boolean,
  now = new Date(),
): Promise<string | null> {
  if (!SECRET.test(returnSecret)) return null;
  const device = actor.payerToken && SECRET.test(actor.payerToken) ? actor.payerToken : newSecret();
  const bound = await db.transaction(async (tx) => {
    const spent = await q.spendReturnCredential(tx, hashSecret(returnSecret), now);
    if (!spent) return false;
    const parties = await q.bookingParties(tx, spent.bookingId);
    if (!parties || parties.paymentId !== spent.paymentId || paidByMusician(parties)) return false;
    if (actor.userId && actor.userId === parties.musicianUserId) return false;
    await bindSecret(tx, spent.bookingId, spent.paymentId, device);
    if (actor.userId && organiser) {
      await q.setPayerUser(tx, spent.paymentId, actor.userId);
      await q.linkClientAccount(spent.bookingId, actor.userId, tx, true);
    }
    return true;
  });
  return bound ? payerCookie(slug, device) : null;
}

/** A new one-time link to manage the booking on another device; only its hash is stored. */
export async function issueManageLink(
  ex: DbExecutor,
  booking: { id: string; slug: string },
  paymentId: string,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const secret = newSecret();
  await bindSecret(ex, booking.id, paymentId, secret, new Date(now.getTime() + ttlMs));
  return `${publicOrigin()}/booking/${booking.slug}?manage=${secret}`;
}

/** Whether the page should offer "Manage this booking on this device" for a link's secret. */
export async function manageLinkUsable(bookingId: string, secret: string | null, now = new Date()) {
  return (
    Boolean(secret && SECRET.test(secret)) &&
    (await q.linkCredentialUsable(bookingId, hashSecret(secret!), now))
  );
}

/** Spends a one-time link and makes this browser the payer: a new device secret for the same payment. */
export async function claimManageLink(
  slug: string,
  secret: string,
  clientIp: string,
  now = new Date(),
): Promise<{ ok: true; cookie: string } | { ok: false; status: number; message: string }> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  if (!SECRET.test(secret)) return { ok: false, status: 400, message: PAYER_MESSAGES.linkInvalid };
  if (paidByMusician(await q.bookingParties(db, booking.id)))
    return { ok: false, status: 403, message: PAYER_MESSAGES.musiciansAddress };
  const device = newSecret();
  const claimed = await db.transaction(async (tx) => {
    const spent = await q.spendLinkCredential(tx, booking.id, hashSecret(secret), now);
    if (!spent) return false;
    await bindSecret(tx, booking.id, spent.paymentId, device);
    return true;
  });
  if (!claimed) return { ok: false, status: 400, message: PAYER_MESSAGES.linkInvalid };
  return { ok: true, cookie: payerCookie(slug, device) };
}

/**
 * "Get a link to manage this booking": e-mails a one-time link to the address the booking was paid
 * with. The page never shows it; a few per booking per hour.
 */
export async function sendManageLink(
  slug: string,
  clientIp: string,
): Promise<{ ok: true; message: string } | { ok: false; status: number; message: string }> {
  const guard = await guardSlugAction(slug, clientIp);
  if (!guard.ok) return guard;
  const booking = await q.findBookingBySlug(slug);
  if (!booking) return { ok: false, status: 404, message: BOOKING_NOT_FOUND };
  const parties = moneyWasReceived(booking.paymentStatus) ? await q.bookingParties(db, booking.id) : null;
  if (!parties?.paymentId) return { ok: false, status: 409, message: PAYER_MESSAGES.notPaid };
  if (paidByMusician(parties)) return { ok: false, status: 403, message: PAYER_MESSAGES.musiciansAddress };
  // Counted per requester (N11): a stranger with the link who asks again and again uses up their own
  // allowance, never the payer's. Each link still goes only to the address that paid.
  if (!(await hitRateLimit(`manage-link:${booking.id}:${clientIp}`, LINK_REQUESTS_PER_HOUR, 3_600_000)))
    return { ok: false, status: 429, message: PAYER_MESSAGES.tooManyLinks };
  const link = await issueManageLink(db, booking, parties.paymentId, REQUESTED_LINK_TTL_MS);
  await sendMail({
    to: parties.paymentEmail!,
    subject: sentence`Manage your booking ${ourWords(booking.slug)}`,
    text: lines(
      sentence`Hello ${textShownTo(booking.clientName, { paymentStatus: booking.paymentStatus })},`,
      "",
      "Someone asked for a link to manage this booking (confirm the event happened, cancel or dispute it).",
      "Open this link on the device you want to use. It works once and expires in 24 hours:",
      "",
      ourWords(link),
      "",
      "If you did not ask for it, ignore this e-mail: nothing changes without this link.",
    ),
  });
  return { ok: true, message: PAYER_MESSAGES.linkSent };
}
