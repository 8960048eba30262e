// The authorisation matrix (issue 6): for every loader and action of every route module in
// app/routes.ts, what a signed-out visitor, another musician, an admin and the owner get.
// authorisation-matrix.test.ts fails when a route module's loader or action has no row here.
//
// The organiser is an Event Organizer account: musician pages send it to /bookings, musician actions
// answer 404, and organiser pages send musicians to their own landing page.
//
// Outcomes: "ok" = 2xx; "login" = redirect to /login?redirectTo=<the page>; a number = that status;
// { redirect } = a 3xx whose Location starts with it.
// `private`: any answer to someone other than the owner must not contain the owner's marker.

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ownFeedUrl } from "~/features/calendar/feed.server";
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { musicianPayableAccount, PAYSTACK_CLEARING } from "~/features/ledger/ledger-accounts";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { testCheckoutReference } from "~/features/payments/payment-test-support";
import { paymentProvider } from "~/features/payments/paystack/provider.server";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { shortLink } from "~/features/phone-messages/short-links.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { listAllReviewsForMusician } from "~/features/reviews/queries.server";
import { seedPublishedReviews } from "~/features/reviews/review-test-support";
import { submitClientReview } from "~/features/reviews/reviews.server";
import { saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { db } from "~/server/db.server";
import { env, publicOrigin } from "~/server/env.server";
import { bookingRequests, bookingsByMusician } from "~db/schema/bookings";
import { lineUpMembers } from "~db/schema/lineups";
import { reviewReports } from "~db/schema/reviews";
import type { Actor, World } from "./world";

export type Outcome = "ok" | "login" | number | { redirect: string };

export interface RouteCall {
  /** The URL path asked for (with the query), and the route params React Router would pass. */
  path: string;
  params?: Record<string, string>;
  form?: Record<string, string>;
  /** Overrides the actor's session cookie (null: none). */
  cookie?: string | null;
}

export interface MatrixRow {
  why: string;
  call: (w: World, actor: Actor) => RouteCall | Promise<RouteCall>;
  /** The organiser may be left out by rows that predate organiser accounts; then it is not called. */
  expect: Record<Exclude<Actor, "organiser">, Outcome> & { organiser?: Outcome };
  private?: boolean;
}

const ownerPage = (why: string, prefix: string): MatrixRow => ({
  why,
  call: (w) => ({ path: `/${prefix}/${w.owner.slug}`, params: { slug: w.owner.slug } }),
  // An admin is not the owner: the musician's dashboard is theirs alone (the admin tools are /admin).
  expect: { visitor: "login", other: 404, admin: 404, organiser: { redirect: "/bookings" }, owner: "ok" },
  private: true,
});

/**
 * One value per world for the whole row, so every actor acts on the SAME owner's row: the owner, who
 * goes last, succeeds only if nobody before them changed or removed it.
 */
function once<T>(make: (w: World) => Promise<T>): (w: World) => Promise<T> {
  const made = new WeakMap<World, Promise<T>>();
  return (w) => {
    let value = made.get(w);
    if (!value) {
      value = make(w);
      made.set(w, value);
    }
    return value;
  };
}

/** An action on one of the owner's rows, posted by each actor to their OWN dashboard URL. */
const ownRowAction = (
  why: string,
  prefix: string,
  makeForm: (w: World) => Promise<Record<string, string>>,
  notOwner: Outcome = 404,
): MatrixRow => {
  const form = once(makeForm);
  return {
    why,
    call: async (w, actor) => ({
      path: `/${prefix}/${w.slugOf(actor)}`,
      params: { slug: w.slugOf(actor) },
      form: await form(w),
    }),
    expect: { visitor: "login", other: notOwner, admin: notOwner, organiser: 404, owner: "ok" },
    private: true,
  };
};

// Far past every other row's days (confirmedDaysAhead starts at 400): an accepted place makes the owner busy that day.
let lineUpDays = 2000;
/** A line-up place for the owner in the other musician's booking (issue 39), on a day nobody else books. */
async function ownerInvite(w: World): Promise<{ id: string }> {
  const day = new Date(Date.now() + lineUpDays++ * 86_400_000).toISOString().slice(0, 10);
  const [b] = await db
    .insert(bookingsByMusician)
    .values({
      musicianId: w.other.profileId,
      slug: randomUUID().slice(0, 8),
      clientName: "Line-up Client",
      serviceType: "Full Event Performance",
      eventType: "Wedding",
      eventDate: day,
      priceKobo: 25_000_000,
      status: "confirmed",
    })
    .returning({ id: bookingsByMusician.id });
  const [place] = await db
    .insert(lineUpMembers)
    .values({ bookingId: b!.id, memberId: w.owner.profileId, role: "Drummer", feeKobo: 3_500_000 })
    .returning({ id: lineUpMembers.id });
  return place!;
}

/** A place in the owner's own booking, for the other musician (the owner leads). */
async function ownLineUpPlace(w: World): Promise<{ slug: string; placeId: string }> {
  const b = await w.newBooking("pending");
  const [place] = await db
    .insert(lineUpMembers)
    .values({ bookingId: b.id, memberId: w.other.profileId, role: "Drummer", feeKobo: 3_500_000 })
    .returning({ id: lineUpMembers.id });
  return { slug: b.slug, placeId: place!.id };
}

/** Reviews need a completed booking paid through the platform. */
async function paidCompletedBooking(w: World): Promise<string> {
  const { id } = await w.newBooking("pending");
  // Yesterday's event (the window is open), on a day no other row of the world books.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await db
    .update(bookingsByMusician)
    .set({ status: "completed", paymentStatus: "released", eventDate: yesterday })
    .where(eq(bookingsByMusician.id, id));
  return id;
}

/** Completed, paid bookings on days of the last fortnight no other row uses (one a day: no overlap). */
let reviewDaysAgo = 2;
async function paidCompletedBookingDaysAgo(w: World): Promise<{ id: string; slug: string }> {
  const b = await w.newBooking("pending");
  const day = new Date(Date.now() - reviewDaysAgo++ * 86_400_000).toISOString().slice(0, 10);
  await db
    .update(bookingsByMusician)
    .set({ status: "completed", paymentStatus: "released", eventDate: day })
    .where(eq(bookingsByMusician.id, b.id));
  return b;
}

/** One published client review of the owner (reported by everyone, never hidden by any row). */
const ownerPublishedReview = once(async (w) => {
  await seedPublishedReviews(w.owner, [4]);
  const [review] = await listAllReviewsForMusician(w.owner.profileId);
  return review!.id;
});

const clientReviewForm = {
  overall: "5",
  satisfaction: "5",
  professionalism: "4",
  communication: "5",
  punctuality: "4",
  body: "The band kept the dance floor full all night.",
};

const portfolioItem = once(async (w) => (await w.newPortfolioItem()).id);
const requestToAccept = once(async (w) => (await w.newRequest()).id);
const testCheckout = once(async (w) => {
  const started = await paymentProvider().initializeTransaction({
    email: "client@example.com",
    amountKobo: 1_050_000,
    reference: `matrix-${w.marker}`,
    callbackUrl: "/booking/matrix",
  });
  // The checkout is named by its access code, as Paystack's (ADR 0025).
  return started.authorizationUrl.split("/test-checkout/")[1] ?? "";
});

/** A confirmed booking of the owner's on a day no other row uses (confirmed bookings may not overlap). */
let confirmedDaysAhead = 400;
async function confirmedBooking(w: World): Promise<{ id: string; slug: string }> {
  const b = await w.newBooking("pending");
  const day = new Date(Date.now() + confirmedDaysAhead++ * 86_400_000).toISOString().slice(0, 10);
  await db
    .update(bookingsByMusician)
    .set({ status: "confirmed", eventDate: day })
    .where(eq(bookingsByMusician.id, b.id));
  return b;
}

/** A confirmed booking of yesterday, paid on the test checkout and held in escrow. */
async function paidBookingYesterday(w: World): Promise<{ id: string; slug: string }> {
  const b = await w.newBooking("pending");
  const day = new Date(Date.now() - reviewDaysAgo++ * 86_400_000).toISOString().slice(0, 10);
  await db
    .update(bookingsByMusician)
    .set({ status: "confirmed", eventDate: day })
    .where(eq(bookingsByMusician.id, b.id));
  const started = await startCheckout(b.slug, { email: "client@example.com" }, "10.77.0.2");
  if (!started.ok) throw new Error(started.message);
  await completeTestCheckout(await testCheckoutReference(started.authorizationUrl), async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return b;
}

/**
 * A confirmed booking paid on the test checkout, its event long over (its own day, far enough back not to
 * move the review rows' dates): for the rows about who may move paid money (ADR 0013).
 */
let paidDaysAgo = 400;
async function paidBookingLongAgo(w: World): Promise<{ id: string; slug: string }> {
  const b = await w.newBooking("pending");
  const day = new Date(Date.now() - paidDaysAgo++ * 86_400_000).toISOString().slice(0, 10);
  await db
    .update(bookingsByMusician)
    .set({ status: "confirmed", eventDate: day })
    .where(eq(bookingsByMusician.id, b.id));
  const started = await startCheckout(b.slug, { email: "client@example.com" }, "10.77.0.3");
  if (!started.ok) throw new Error(started.message);
  await completeTestCheckout(await testCheckoutReference(started.authorizationUrl), async (p) => {
    await handleChargeSuccess(p.data as never);
  });
  return b;
}

/** The owner has a bank account and ₦1,000 of Available for each Withdraw row call. */
const ownerBankAccount = once(async (w) => {
  // Saved two days ago: a first account added while money is held waits 24 h (M16), long over by now.
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const saved = await saveOwnBankAccount(
    w.owner.profileId,
    { bankCode: "058", accountNumber: "0123456789" },
    twoDaysAgo,
  );
  if (!saved.ok) throw new Error(saved.message);
});
async function ownerCanWithdraw(w: World): Promise<void> {
  await ownerBankAccount(w);
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: `matrix-credit:${randomUUID()}`,
      kind: "release",
      memo: "matrix: Available for a withdrawal",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -100_000 },
        { account: musicianPayableAccount(w.owner.profileId), amountKobo: 100_000 },
      ],
    }),
  );
}

const publicPage = (
  why: string,
  path: (w: World) => string,
  status: Outcome = "ok",
  params: (w: World) => Record<string, string> = () => ({}),
): MatrixRow => ({
  why,
  call: (w) => ({ path: path(w), params: params(w) }),
  expect: { visitor: status, other: status, admin: status, organiser: status, owner: status },
});

/** An organiser's own page: a visitor signs in, a musician (or admin) goes to their own landing page. */
const organiserPage = (why: string, path: (w: World) => string): MatrixRow => ({
  why,
  call: (w) => ({ path: path(w) }),
  expect: {
    visitor: "login",
    other: { redirect: "/musician_dashboard" },
    admin: { redirect: "/" },
    organiser: "ok",
    owner: { redirect: "/musician_dashboard" },
  },
  // Not `private`: an organiser's pages rightly name the musicians they book and message, and the
  // owner's public stage name carries the marker. Other organisers are kept out by integration tests.
});

export const matrix: Record<string, MatrixRow> = {
  "root.tsx#loader": {
    why: "the shell: who is signed in (first name and role only), the flash toast, the nonce",
    call: () => ({ path: "/" }),
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
    private: true,
  },
  "routes/home.tsx#loader": publicPage("featured artists are public", () => "/"),
  "routes/market.tsx#loader": publicPage("search is public", () => "/market?q=owner&eventType=wedding"),
  "routes/market.tsx#action": {
    why: "anyone may join the waitlist",
    call: () => ({
      path: "/market",
      form: { firstName: "Ngozi", phoneNumber: "08031234567", email: `wl-${Math.random()}@example.com` },
    }),
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/musician-profile.tsx#loader": publicPage(
    "an active musician website is public",
    (w) => `/musicians/${w.owner.slug}`,
    "ok",
    (w) => ({ slug: w.owner.slug }),
  ),
  "routes/musician-profile.tsx#action": {
    why: "Report on a published review: anyone may report, signed in or not (rate-limited per address)",
    call: async (w) => ({
      path: `/musicians/${w.owner.slug}?tab=reviews`,
      params: { slug: w.owner.slug },
      form: {
        intent: "report-review",
        reviewId: await ownerPublishedReview(w),
        reason: "Looks like it was not written by a client.",
      },
    }),
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/booking-request.tsx#loader": publicPage(
    "the request form for a musician is public",
    (w) => `/musicians/${w.owner.slug}/request`,
    "ok",
    (w) => ({ slug: w.owner.slug }),
  ),
  "routes/booking-request.tsx#action": {
    why: "visitors send booking requests without an account (spec §1)",
    call: (w) => ({
      path: `/musicians/${w.owner.slug}/request`,
      params: { slug: w.owner.slug },
      form: {
        clientName: "Bola",
        phoneNumber: "08031234567",
        eventType: "wedding",
        eventDuration: "3",
        dateNotFixed: "on",
      },
    }),
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/request-status.tsx#loader": {
    why:
      "the request's 256-bit status token is the organiser's capability (issue 16 §7): anyone holding the " +
      "link sees that one request; a made-up token answers 404 (booking-requests.integration.test.ts)",
    call: async (w) => {
      const { id } = await w.newRequest();
      const [row] = await db
        .select({ token: bookingRequests.statusToken })
        .from(bookingRequests)
        .where(eq(bookingRequests.id, id));
      return { path: `/request/${row!.token}`, params: { token: row!.token } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/request-status.tsx#action": {
    why:
      "a requester without an account answers the musician on their private page (issue 22 §4): the " +
      "256-bit token is the capability, as for reading it; a made-up token answers 404 " +
      "(request-replies.integration.test.ts)",
    call: async (w) => {
      const { id } = await w.newRequest();
      const [row] = await db
        .select({ token: bookingRequests.statusToken })
        .from(bookingRequests)
        .where(eq(bookingRequests.id, id));
      return {
        path: `/request/${row!.token}`,
        params: { token: row!.token },
        form: { intent: "reply", body: "About 80 guests" },
      };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/booking-link-redirect.tsx#loader": {
    why: "/bookings/{slug} is the link shape; it only redirects",
    call: () => ({ path: "/bookings/abcd1234", params: { slug: "abcd1234" } }),
    expect: {
      visitor: { redirect: "/booking/abcd1234" },
      other: { redirect: "/booking/abcd1234" },
      admin: { redirect: "/booking/abcd1234" },
      organiser: { redirect: "/booking/abcd1234" },
      owner: { redirect: "/booking/abcd1234" },
    },
  },
  "routes/booking.tsx#loader": {
    why: "the booking's slug is the client's capability (spec §6): anyone holding the link sees it",
    call: async (w) => {
      const b = await w.newBooking();
      return { path: `/booking/${b.slug}`, params: { slug: b.slug } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/booking.tsx#action": {
    why:
      "a client disputes (or confirms) an unpaid booking by its slug, without an account; the booking's musician " +
      "never acts as its client (ADR 0013)",
    call: async (w) => {
      const b = await w.newBooking();
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: {
          intent: "dispute",
          clientName: "Ada Eze",
          phoneNumber: "08031234567",
          disputeReason: "The band arrived two hours late.",
        },
      };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: 403 },
  },
  "routes/payment-callback.tsx#loader": {
    why:
      "Paystack returns the payer here with our reference; it only verifies with the provider and credits " +
      "the booking it names, so anyone may call it: an unpaid checkout is refused the same for everybody",
    call: once(async (w) => {
      const b = await confirmedBooking(w);
      const started = await startCheckout(b.slug, { email: "payer@example.com" }, "10.77.0.1");
      if (!started.ok) throw new Error(started.message);
      const reference = await testCheckoutReference(started.authorizationUrl);
      return { path: `/payments/callback?trxref=${reference}&reference=${reference}` };
    }),
    expect: { visitor: 402, other: 402, admin: 402, organiser: 402, owner: 402 },
  },
  "routes/client-messages.tsx#loader": organiserPage("the organiser's Messages", () => "/messages?q=a"),
  "routes/client-bookings.tsx#loader": organiserPage("the organiser's My Bookings", () => "/bookings"),
  "routes/client-bookings.tsx#action": {
    ...organiserPage(
      "Accept names a booking id: only the organiser it was made for confirms it",
      () => "/bookings",
    ),
    call: async (w) => ({
      path: "/bookings",
      form: { intent: "accept", bookingId: (await w.newOrganiserBooking()).id },
    }),
  },
  "routes/client-messages.tsx#action": {
    ...organiserPage(
      "sending names a conversation id: only its organiser (and musician) may post",
      () => "/messages",
    ),
    call: async (w) => ({
      path: "/messages",
      form: { intent: "send", conversationId: (await w.conversation()).id, body: "Hello from the organiser" },
    }),
  },
  "routes/admin.tsx#loader": {
    why: "admin role required; everyone else, signed out included, gets 404 so the page does not announce itself",
    call: () => ({ path: "/admin?tab=users" }),
    expect: { visitor: 404, other: 404, admin: "ok", organiser: 404, owner: 404 },
  },
  "routes/admin-phone-messages.tsx#loader": {
    why: "what was texted for a booking is for admins only; everyone else gets 404, as /admin",
    call: async (w) => {
      const b = await w.newBooking();
      return { path: `/admin/bookings/${b.id}/phone-messages`, params: { id: b.id } };
    },
    expect: { visitor: 404, other: 404, admin: "ok", organiser: 404, owner: 404 },
  },
  "routes/phone-updates.tsx#loader": {
    why: "a form target only: nothing to read, whoever asks",
    call: () => ({ path: "/phone-updates" }),
    expect: { visitor: 404, other: 404, admin: 404, organiser: 404, owner: 404 },
  },
  "routes/phone-updates.tsx#action": {
    // Who may change which updates (signed out refused, a booking's musician refused, the payer once paid)
    // is in phone-updates.integration.test.ts; here: a post that works without JavaScript always goes back.
    why: "answers everyone with a redirect back to the page and a toast saying what changed or why not",
    call: (w) => ({
      path: "/phone-updates",
      form: { scope: "account", enabled: "off", returnTo: `/musician_dashboard/${w.owner.slug}` },
    }),
    expect: {
      visitor: { redirect: "/musician_dashboard/" },
      other: { redirect: "/musician_dashboard/" },
      admin: { redirect: "/musician_dashboard/" },
      organiser: { redirect: "/musician_dashboard/" },
      owner: { redirect: "/musician_dashboard/" },
    },
  },
  "routes/admin.tsx#action": {
    why: "resolving payment disputes and retrying refunds is for admins only; a bad id answers 400 with a message",
    call: (w) => ({ path: "/admin?tab=payments", form: { intent: "refund", bookingId: w.owner.profileId } }),
    expect: { visitor: 404, other: 404, admin: 400, organiser: 404, owner: 404 },
  },
  "routes/login.tsx#loader": {
    why: "signed-in users are sent on to where they belong",
    call: () => ({ path: "/login" }),
    expect: {
      visitor: "ok",
      other: { redirect: "/musician_dashboard" },
      admin: { redirect: "/" },
      organiser: { redirect: "/bookings" },
      owner: { redirect: "/musician_dashboard" },
    },
  },
  "routes/login.tsx#action": {
    why: "a wrong password is refused whoever asks (every auth failure answers 400 with its message)",
    // Each actor fails on its own account, so no account reaches the per-account failure limit.
    call: (w, actor) => ({
      path: "/login",
      form: { email: w.who(actor)?.email ?? w.owner.email, password: "not-the-password" },
    }),
    expect: { visitor: 400, other: 400, admin: 400, organiser: 400, owner: 400 },
  },
  "routes/register.tsx#loader": {
    why: "signed-in users have an account already",
    call: () => ({ path: "/register" }),
    expect: {
      visitor: "ok",
      other: { redirect: "/" },
      admin: { redirect: "/" },
      organiser: { redirect: "/" },
      owner: { redirect: "/" },
    },
  },
  "routes/register.tsx#action": {
    why: "the owner's e-mail cannot be registered again, whoever tries",
    call: (w) => ({
      path: "/register",
      form: {
        firstName: "A",
        lastName: "B",
        email: w.owner.email,
        password: "password-123",
        role: "musician",
        phoneNumber: "08031234567",
      },
    }),
    expect: { visitor: 400, other: 400, admin: 400, organiser: 400, owner: 400 },
  },
  "routes/forgot-password.tsx#action": {
    why: "the same answer for every address, so it cannot probe accounts",
    call: (w) => ({ path: "/forgot-password", form: { email: w.owner.email } }),
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/reset-password.tsx#loader": publicPage("the reset form is public", () => "/reset-password?token=x"),
  "routes/reset-password.tsx#action": {
    why: "a made-up token changes nobody's password",
    call: () => ({ path: "/reset-password", form: { token: "made-up-token", password: "password-123" } }),
    expect: { visitor: 400, other: 400, admin: 400, organiser: 400, owner: 400 },
  },
  "routes/terms.tsx#loader": publicPage("static", () => "/terms"),
  "routes/privacy.tsx#loader": publicPage("static", () => "/privacy"),
  "routes/not-found.tsx#loader": publicPage("unknown paths", () => "/no-such-page", 404),
  "routes/logout.tsx#loader": {
    why: "GET /logout signs nobody out (a link or image cannot log you out)",
    call: () => ({ path: "/logout" }),
    expect: {
      visitor: { redirect: "/" },
      other: { redirect: "/" },
      admin: { redirect: "/" },
      organiser: { redirect: "/" },
      owner: { redirect: "/" },
    },
  },
  "routes/logout.tsx#action": {
    why: "signing out ends only the caller's own session",
    call: async (w, actor) => ({ path: "/logout", form: {}, cookie: await w.freshCookie(actor) }),
    expect: {
      visitor: { redirect: "/" },
      other: { redirect: "/login" },
      admin: { redirect: "/login" },
      organiser: { redirect: "/login" },
      owner: { redirect: "/login" },
    },
  },
  "routes/profile.tsx#loader": {
    why: "the editor shows the caller's own profile, never anyone else's",
    call: () => ({ path: "/profile" }),
    expect: { visitor: "login", other: "ok", admin: "ok", organiser: { redirect: "/bookings" }, owner: "ok" },
    private: true,
  },
  "routes/profile.tsx#action": {
    why: "removing a portfolio item names its id; only the owner's own item can go",
    call: async (w) => ({
      path: "/profile",
      form: { intent: "remove-item", itemId: await portfolioItem(w) },
    }),
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/layouts/dashboard.tsx#loader": {
    why: "the dashboard shell: the caller's own slug and website",
    call: () => ({ path: "/musician_dashboard" }),
    expect: { visitor: "login", other: "ok", admin: "ok", organiser: { redirect: "/bookings" }, owner: "ok" },
    private: true,
  },
  "routes/musician-dashboard.tsx#loader": {
    why: "overview counts are the caller's own",
    call: () => ({ path: "/musician_dashboard" }),
    expect: { visitor: "login", other: "ok", admin: "ok", organiser: { redirect: "/bookings" }, owner: "ok" },
    private: true,
  },
  "routes/musician-bookings-redirect.tsx#loader": {
    why: "/musician_bookings goes to the caller's own list",
    call: () => ({ path: "/musician_bookings" }),
    expect: {
      visitor: "login",
      other: { redirect: "/musician_bookings/other-" },
      admin: { redirect: "/musician_bookings/admin-" },
      organiser: { redirect: "/bookings" },
      owner: { redirect: "/musician_bookings/owner-" },
    },
  },
  "routes/musician-bookings.tsx#loader": ownerPage("all bookings", "musician_bookings"),
  "routes/musician-bookings.tsx#action": ownRowAction(
    "delete names a booking id",
    "musician_bookings",
    async (w) => ({
      intent: "delete",
      bookingId: (await w.newBooking()).id,
    }),
  ),
  "routes/musician-booking-requests.tsx#loader": ownerPage("pending requests", "musician_bookingrequests"),
  "routes/musician-booking-requests.tsx#action": ownRowAction(
    "decline names a request id",
    "musician_bookingrequests",
    async (w) => ({ intent: "decline", requestId: (await w.newRequest()).id }),
  ),
  "routes/musician-lineups.tsx#loader": ownerPage(
    "the musician's line-up invites and gigs",
    "musician_lineups",
  ),
  "routes/musician-lineups.tsx#action": ownRowAction(
    "Accept names a line-up place: only the invited musician answers it (issue 39 §3)",
    "musician_lineups",
    async (w) => ({ intent: "lineup-accept", placeId: (await ownerInvite(w)).id }),
  ),
  "routes/musician-successful-bookings.tsx#loader": ownerPage(
    "completed bookings",
    "musician_successfulbookings",
  ),
  "routes/musician-events.tsx#loader": ownerPage("calendar", "musician_events"),
  "routes/musician-events.tsx#action": {
    why: "Add Event writes to the musician whose URL it is: only the owner",
    call: (w) => ({
      path: `/musician_events/${w.owner.slug}`,
      params: { slug: w.owner.slug },
      form: { eventTitle: "Gig", eventType: "Wedding", eventDate: "2099-01-01", kind: "scheduled" },
    }),
    expect: { visitor: 401, other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/musician-events-upcoming.tsx#loader": ownerPage("upcoming events", "musician_events_upcoming"),
  "routes/musician-events-past.tsx#loader": ownerPage("past events", "musician_events_past"),
  "routes/musician-availability.tsx#loader": ownerPage("availability", "musician_availability"),
  "routes/musician-availability.tsx#action": ownRowAction(
    "remove names an availability id",
    "musician_availability",
    async (w) => ({ intent: "remove", id: (await w.newAvailability()).id }),
  ),
  "routes/musician-numbers.tsx#loader": ownerPage("money by month, requests and views", "musician_numbers"),
  "routes/musician-numbers-csv.tsx#loader": {
    ...ownerPage("bookings and payouts for accounting", "musician_numbers"),
    call: (w) => ({
      path: `/musician_numbers/${w.owner.slug}/bookings.csv`,
      params: { slug: w.owner.slug, file: "bookings.csv" },
    }),
  },
  "routes/musician-wallet.tsx#loader": ownerPage("balances, bank account and payouts", "musician_wallet"),
  "routes/musician-wallet.tsx#action": {
    why: "bank account and withdrawals of the musician whose URL it is: only the owner",
    call: (w) => ({
      path: `/musician_wallet/${w.owner.slug}`,
      params: { slug: w.owner.slug },
      form: { intent: "resolve", bankCode: "058", accountNumber: "0123456789" },
    }),
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/short-link.tsx#loader": {
    why: "a text's short link: whoever holds it is sent to the page it stands for (which checks who is asking)",
    call: async () => {
      const link = await shortLink(db, `${publicOrigin()}/booking/matrix`);
      const code = link.slice(link.lastIndexOf("/") + 1);
      return { path: `/s/${code}`, params: { code } };
    },
    expect: {
      visitor: { redirect: "/booking/matrix" },
      other: { redirect: "/booking/matrix" },
      admin: { redirect: "/booking/matrix" },
      organiser: { redirect: "/booking/matrix" },
      owner: { redirect: "/booking/matrix" },
    },
  },
  "routes/test-checkout.tsx#loader": {
    why: "the test provider's checkout stands in for Paystack's: whoever holds its URL may pay",
    call: async (w) => {
      const accessCode = await testCheckout(w);
      return { path: `/test-checkout/${accessCode}`, params: { accessCode } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/test-checkout.tsx#action": {
    why: "cancelling returns to the callback, as on Paystack; an unknown access code is 404",
    call: async (w) => {
      const accessCode = await testCheckout(w);
      return { path: `/test-checkout/${accessCode}`, params: { accessCode }, form: { intent: "cancel" } };
    },
    expect: {
      visitor: { redirect: "/booking/matrix" },
      other: { redirect: "/booking/matrix" },
      admin: { redirect: "/booking/matrix" },
      organiser: { redirect: "/booking/matrix" },
      owner: { redirect: "/booking/matrix" },
    },
  },
  "routes/musician-reviews.tsx#loader": ownerPage(
    "reviews received, written and waiting: the owner's alone",
    "musician_reviews",
  ),
  "routes/musician-reviews.tsx#action": ownRowAction(
    "reviewing the organiser names a booking id; only the booking's own musician may",
    "musician_reviews",
    async (w) => ({
      intent: "review-organiser",
      bookingId: await paidCompletedBooking(w),
      overall: "4",
      paidOnTime: "yes",
      treatedWell: "yes",
      body: "Paid on time and looked after the band.",
    }),
  ),
  "routes/musician-messages.tsx#loader": ownerPage("the musician's conversations", "musician_messages"),
  "routes/musician-messages.tsx#action": ownRowAction(
    "sending names a conversation id: only its musician (and its organiser, on /messages) may post",
    "musician_messages",
    async (w) => ({
      intent: "send",
      conversationId: (await w.conversation()).id,
      body: "Hello from the owner",
    }),
  ),
  "routes/api-bookings.tsx#action": {
    why:
      "creating a booking needs a musician; accepting someone else's request answers 409 'already handled', " +
      "the same as for an unknown id, so it reveals nothing",
    call: async (w) => ({
      path: "/api/bookings",
      form: {
        clientName: "Ada Eze",
        serviceType: "Full Event Performance",
        eventType: "Wedding",
        requestId: await requestToAccept(w),
      },
    }),
    expect: { visitor: 401, other: 409, admin: 409, organiser: 403, owner: "ok" },
    private: true,
  },
  "routes/calendar-feed.tsx#loader": {
    why:
      "the feed's 256-bit token is its only credential (calendar apps send no cookies); Regenerate revokes " +
      "it, and a made-up or revoked token answers 404 (feed.integration.test.ts)",
    call: async (w) => {
      const token = new URL(await ownFeedUrl(w.owner.profileId)).pathname.split("/").pop()!;
      return { path: `/calendar/${token}`, params: { token } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/booking-calendar.tsx#loader": {
    why: "the booking's slug is the client's capability: its one-off .ics, like the booking page",
    call: async (w) => {
      const b = await w.newBooking();
      return { path: `/booking/${b.slug}/calendar.ics`, params: { slug: b.slug } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/musician-calendar-feed.tsx#action": {
    why: "Regenerate revokes the feed of the musician whose URL it is: only the owner",
    call: (w) => ({
      path: `/musician_calendar_feed/${w.owner.slug}`,
      params: { slug: w.owner.slug },
      form: {},
    }),
    expect: {
      visitor: "login",
      other: 404,
      admin: 404,
      organiser: 404,
      owner: { redirect: "/musician_events/" },
    },
    private: true,
  },
  "routes/musician-busy-dates.tsx#loader": publicPage(
    "the days a musician is taken, dates only (no client, event or reason), for the request form",
    (w) => `/musicians/${w.owner.slug}/busy-dates`,
    "ok",
    (w) => ({ slug: w.owner.slug }),
  ),
  "routes/musician-unavailable.tsx#action": {
    why: "marking a day unavailable changes the musician whose URL it is: only the owner",
    call: (w) => ({
      path: `/musician_calendar_unavailable/${w.owner.slug}`,
      params: { slug: w.owner.slug },
      form: { intent: "add", date: "2099-01-01" },
    }),
    expect: {
      visitor: "login",
      other: 404,
      admin: 404,
      organiser: 404,
      owner: { redirect: "/musician_availability/" },
    },
    private: true,
  },
  "routes/booking-document.tsx#loader": {
    why: "the booking's slug is the client's capability: that booking's contract (and invoice, receipt) only",
    call: async (w) => {
      const b = await w.newBooking();
      return { path: `/booking/${b.slug}/documents/contract`, params: { slug: b.slug, kind: "contract" } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/musician-document.tsx#loader": {
    why:
      "a musician downloads their own booking's documents; another musician (through their own dashboard " +
      "URL) gets 404, never the owner's client details",
    call: async (w, actor) => {
      const slug = w.slugOf(actor);
      const bookingId = (await w.newBooking()).id;
      return {
        path: `/musician_documents/${slug}/${bookingId}/contract`,
        params: { slug, bookingId, kind: "contract" },
      };
    },
    expect: { visitor: "login", other: 404, admin: 404, organiser: { redirect: "/bookings" }, owner: "ok" },
    private: true,
  },
};

/**
 * Further intents of entry points that already have their row above: the key is the entry point, then
 * " · " and the intent. Each is called as every actor, like the rows above.
 */
export const intentMatrix: Record<string, MatrixRow> = {
  "routes/musician-lineups.tsx#action · lineup-message": (() => {
    const form = once(async (w: World) => {
      const place = await ownerInvite(w);
      await db.update(lineUpMembers).set({ status: "accepted" }).where(eq(lineUpMembers.id, place.id));
      return { intent: "lineup-message", placeId: place.id, body: "See you at the sound check" };
    });
    return {
      why:
        "the thread of a line-up place: only its member (the owner) and its leader (here the other musician, " +
        "whose booking it is), once they agreed to play (issue 39 §3); nobody else",
      call: async (w: World, actor: Actor) => ({
        path: `/musician_lineups/${w.slugOf(actor)}`,
        params: { slug: w.slugOf(actor) },
        form: await form(w),
      }),
      expect: { visitor: "login", other: "ok", admin: 404, organiser: 404, owner: "ok" },
      private: true,
    } satisfies MatrixRow;
  })(),
  "routes/booking.tsx#action · lineup-add": {
    why: "Add a musician to a booking's line-up: only the booking's own musician, signed in (issue 39 §2)",
    call: once(async (w) => {
      const b = await w.newBooking("pending");
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: {
          intent: "lineup-add",
          bookingId: b.id,
          musician: w.other.slug,
          role: "Drummer",
          fee: "35,000",
        },
      };
    }),
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/booking.tsx#action · lineup-remove": {
    why: "Remove a member: only the booking's own musician; the slug is no key to its line-up (issue 39 §4)",
    call: once(async (w) => {
      const { slug, placeId } = await ownLineUpPlace(w);
      return { path: `/booking/${slug}`, params: { slug }, form: { intent: "lineup-remove", placeId } };
    }),
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/musician-booking-requests.tsx#action · reply": ownRowAction(
    "a reply names a request id: only its own musician answers it in the app (issue 22 §4)",
    "musician_bookingrequests",
    async (w) => ({ intent: "reply", requestId: (await w.newRequest()).id, body: "I am free that day" }),
  ),
  "routes/booking.tsx#action · pay": {
    why: "Pay: the confirmed booking's slug is the client's key; everyone holding it reaches the same checkout",
    call: once(async (w) => {
      const b = await confirmedBooking(w);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "pay", email: "payer@example.com" },
      };
    }),
    // Read when the row runs: the checkout URL starts with ORIGIN, known once the test's env is loaded.
    // The booking's own musician never pays it (money review 2, N1).
    get expect() {
      const checkout = { redirect: `${env().ORIGIN ?? ""}/test-checkout/` };
      return { visitor: checkout, other: checkout, admin: checkout, organiser: checkout, owner: 403 };
    },
  },
  "routes/booking.tsx#action · pay (not confirmed)": {
    why: "a pending booking cannot be paid, whoever holds the link",
    call: async (w) => {
      const b = await w.newBooking("pending");
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "pay", email: "payer@example.com" },
      };
    },
    expect: { visitor: 409, other: 409, admin: 409, organiser: 409, owner: 409 },
  },
  "routes/booking.tsx#action · event-happened": {
    why:
      "The event happened releases a paid booking's escrow: only its payer (the browser or account that paid, " +
      "ADR 0013), none of these, even with the link; never the booking's musician",
    call: once(async (w) => {
      const b = await paidBookingYesterday(w);
      return { path: `/booking/${b.slug}`, params: { slug: b.slug }, form: { intent: "event-happened" } };
    }),
    expect: { visitor: 403, other: 403, admin: 403, organiser: 403, owner: 403 },
  },
  "routes/booking.tsx#action · client-cancel (paid)": {
    why: "cancelling a paid booking refunds or releases its escrow: only its payer (ADR 0013)",
    call: once(async (w) => {
      const b = await paidBookingLongAgo(w);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "client-cancel", confirm: "yes" },
      };
    }),
    expect: { visitor: 403, other: 403, admin: 403, organiser: 403, owner: 403 },
  },
  "routes/booking.tsx#action · dispute (paid)": {
    why: "a dispute on a paid booking holds its escrow: only its payer files it (ADR 0013)",
    call: once(async (w) => {
      const b = await paidBookingLongAgo(w);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: {
          intent: "dispute",
          clientName: "Ada Eze",
          phoneNumber: "08031234567",
          disputeReason: "The band arrived two hours late.",
        },
      };
    }),
    expect: { visitor: 403, other: 403, admin: 403, organiser: 403, owner: 403 },
  },
  "routes/booking.tsx#action · send-manage-link": {
    why: "anyone with the link may have a manage link e-mailed to the address that paid; it is never shown to them",
    call: async (w) => {
      const b = await paidBookingLongAgo(w);
      return { path: `/booking/${b.slug}`, params: { slug: b.slug }, form: { intent: "send-manage-link" } };
    },
    expect: { visitor: "ok", other: "ok", admin: "ok", organiser: "ok", owner: "ok" },
  },
  "routes/booking.tsx#action · claim-manage": {
    why: "only a real, unspent manage link makes a browser the payer; a guessed one does nothing",
    call: once(async (w) => {
      const b = await paidBookingLongAgo(w);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "claim-manage", manage: "A".repeat(43) },
      };
    }),
    expect: { visitor: 400, other: 400, admin: 400, organiser: 400, owner: 400 },
  },
  "routes/booking.tsx#action · event-happened (unpaid)": {
    why: "an unpaid booking has nothing to release, whoever asks; its musician is never its client (ADR 0013)",
    call: async (w) => {
      const b = await w.newBooking("pending");
      return { path: `/booking/${b.slug}`, params: { slug: b.slug }, form: { intent: "event-happened" } };
    },
    expect: { visitor: 409, other: 409, admin: 409, organiser: 409, owner: 403 },
  },
  "routes/booking.tsx#action · client-cancel": {
    why: "the client cancels by the booking's slug, after confirming; a second cancel is refused",
    call: once(async (w) => {
      const b = await w.newBooking("pending");
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "client-cancel", confirm: "yes" },
      };
    }),
    // The booking's musician is never its client: refused before anything else (ADR 0013).
    expect: { visitor: "ok", other: 409, admin: 409, organiser: 409, owner: 403 },
  },
  "routes/booking.tsx#action · undo-cancel": {
    why: "a cancellation made with the link is undone with the link, for a day; never by the musician; once",
    call: once(async (w) => {
      const b = await w.newBooking("pending");
      const cancelled = await cancelBookingAsClient(b.slug, "203.0.113.90", {
        userId: null,
        payerToken: null,
      });
      if (!cancelled.ok) throw new Error(cancelled.message);
      return { path: `/booking/${b.slug}`, params: { slug: b.slug }, form: { intent: "undo-cancel" } };
    }),
    expect: { visitor: "ok", other: 409, admin: 409, organiser: 409, owner: 403 },
  },
  "routes/booking.tsx#action · client-cancel (unconfirmed)": {
    why: "without the confirmation step nothing is cancelled",
    call: async (w) => {
      const b = await w.newBooking("pending");
      return { path: `/booking/${b.slug}`, params: { slug: b.slug }, form: { intent: "client-cancel" } };
    },
    expect: { visitor: 400, other: 400, admin: 400, organiser: 400, owner: 400 },
  },
  "routes/musician-wallet.tsx#action · withdraw": {
    why: "Withdraw moves the money of the musician whose URL it is: only the owner",
    call: async (w) => {
      await ownerCanWithdraw(w);
      return {
        path: `/musician_wallet/${w.owner.slug}`,
        params: { slug: w.owner.slug },
        form: { intent: "withdraw", amount: "1,000" },
      };
    },
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/booking.tsx#action · review": {
    why:
      "Leave a review: the payer's alone (issue 35 §1); nobody here paid it, so everyone holding the link is " +
      "refused (the payer's own browser is covered in reviews.integration.test.ts)",
    call: async (w) => {
      const b = await paidCompletedBookingDaysAgo(w);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "review", ...clientReviewForm },
      };
    },
    expect: { visitor: 403, other: 403, admin: 403, organiser: 403, owner: 403 },
  },
  "routes/booking.tsx#action · review (not completed)": {
    why: "a booking that is not completed cannot be reviewed, whoever holds the link",
    call: async (w) => {
      const b = await w.newBooking("pending");
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "review", ...clientReviewForm },
      };
    },
    expect: { visitor: 409, other: 409, admin: 409, organiser: 409, owner: 409 },
  },
  "routes/booking.tsx#action · edit-review": {
    why: "editing the unpublished review: the payer's alone (issue 35 §1), so everyone holding only the link is refused",
    call: once(async (w) => {
      const b = await paidCompletedBookingDaysAgo(w);
      const saved = await submitClientReview(
        b.slug,
        {
          ...clientReviewForm,
          overall: 3,
          satisfaction: 3,
          professionalism: 3,
          communication: 3,
          punctuality: 3,
        },
        "10.66.0.1",
      );
      if (!saved.ok) throw new Error(saved.message);
      return {
        path: `/booking/${b.slug}`,
        params: { slug: b.slug },
        form: { intent: "edit-review", ...clientReviewForm },
      };
    }),
    expect: { visitor: 403, other: 403, admin: 403, organiser: 403, owner: 403 },
  },
  "routes/musician-reviews.tsx#action · report-review": {
    why: "reporting from the musician's reviews page is the owner's alone (anyone may report on the profile)",
    call: async (w) => ({
      path: `/musician_reviews/${w.owner.slug}`,
      params: { slug: w.owner.slug },
      form: {
        intent: "report-review",
        reviewId: await ownerPublishedReview(w),
        reason: "Not a real client.",
      },
    }),
    expect: { visitor: "login", other: 404, admin: 404, organiser: 404, owner: "ok" },
    private: true,
  },
  "routes/admin.tsx#action · settle-report": {
    why: "hiding a reported review or dismissing the report is for admins only",
    call: once(async (w) => {
      const reviewId = await ownerPublishedReview(w);
      const [row] = await db
        .insert(reviewReports)
        .values({ reviewId, reason: "Matrix report" })
        .returning({ id: reviewReports.id });
      return {
        path: "/admin?tab=reviews",
        form: { intent: "settle-report", reportId: row!.id, decision: "dismiss", note: "An honest review" },
      };
    }),
    expect: { visitor: 404, other: 404, admin: "ok", organiser: 404, owner: 404 },
  },
};
